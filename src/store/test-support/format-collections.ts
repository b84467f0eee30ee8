// The data format's own collections by name, for the stores' tests (the server reads them from the contract).
import { type Collection, FORMAT_COLLECTIONS } from '../data-set.js';

const named = (name: string): Collection =>
  FORMAT_COLLECTIONS.find((collection) => collection.name === name) as Collection;

export const PETS = named('pets');
export const CATEGORIES = named('categories');
export const ORDERS = named('orders');
export const INVENTORY = named('inventory');
