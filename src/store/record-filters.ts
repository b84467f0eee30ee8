// What each list filter means (spec: "Lists and pagination"), written once for every backend.

import type { Category, InventoryItem, Pet, StoredOrder } from './data-set.js';
import type { CategoryFilter, InventoryFilter, OrderFilter, PetFilter } from './data-store.js';

/** Case-insensitive "contains", the contract's rule for every `name` filter. */
export function nameMatches(name: string, filter: string | undefined): boolean {
  return filter === undefined || name.toLowerCase().includes(filter.toLowerCase());
}

export function isUnfiltered(filter: object): boolean {
  return Object.values(filter).every((value) => value === undefined);
}

export function petMatches(pet: Pet, { status, categoryId, name }: PetFilter): boolean {
  return (
    (status === undefined || pet.status === status) &&
    (categoryId === undefined || pet.categoryId === categoryId) &&
    nameMatches(pet.name, name)
  );
}

export function categoryMatches(category: Category, { name }: CategoryFilter): boolean {
  return nameMatches(category.name, name);
}

export function orderMatches(order: StoredOrder, filter: OrderFilter): boolean {
  const shipMs = Date.parse(order.shipDate);
  return (
    (filter.petId === undefined || order.petId === filter.petId) &&
    (filter.complete === undefined || order.complete === filter.complete) &&
    shipMs >= (filter.shipDateFromMs ?? -Infinity) &&
    shipMs < (filter.shipDateToMs ?? Infinity)
  );
}

export function inventoryMatches(item: InventoryItem, { status }: InventoryFilter): boolean {
  return status === undefined || item.status === status;
}
