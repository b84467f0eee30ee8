// Every operation of the contract, by operationId. The type makes a missing handler a compile
// error; dispatch-operations.ts checks the same at start against the spec actually loaded.
import { createCategoryHandlers } from './categories.js';
import type { HandlerDependencies, OperationHandlers, OperationId } from './handler-types.js';
import { createInventoryHandlers } from './inventory.js';
import { createOrderHandlers } from './orders.js';
import { createPetHandlers } from './pets.js';

export function createHandlers(deps: HandlerDependencies): OperationHandlers<OperationId> {
  return {
    ...createPetHandlers(deps),
    ...createCategoryHandlers(deps),
    ...createOrderHandlers(deps),
    ...createInventoryHandlers(deps),
  };
}
