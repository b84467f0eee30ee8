// Every operation of the contract, by operationId. The type makes a missing handler a compile
// error; route-operations checks the same at start against the spec actually loaded.
import type { Store } from '../store/create-store.js';
import { dataStoreOf } from '../store/lowdb-data-store.js';
import { createCategoryHandlers } from './categories.js';
import type { HandlerDependencies, OperationHandlers, OperationId } from './handler-types.js';
import { createInventoryHandlers } from './inventory.js';
import { createOrderHandlers } from './orders.js';
import { createPetHandlers } from './pets.js';

/**
 * The app passes the lowdb Store for now; the handlers work over its DataStore (the one the
 * server's other parts use too). Once the app passes a DataStore, `store` gives way to `data`.
 */
export type AppHandlerDependencies = Omit<HandlerDependencies, 'data'> & { store: Store };

export function createHandlers({ store, ...rest }: AppHandlerDependencies): OperationHandlers<OperationId> {
  const deps: HandlerDependencies = { ...rest, data: dataStoreOf(store) };
  return {
    ...createPetHandlers(deps),
    ...createCategoryHandlers(deps),
    ...createOrderHandlers(deps),
    ...createInventoryHandlers(deps),
  };
}
