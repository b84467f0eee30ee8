// The inventory operations of the Store area (beta): one entry per pet, ordered by petId.
import { HttpError } from '../errors.js';
import { type DataSet, type InventoryItem, inventoryOfPet, replaceRecord } from '../store/data-set.js';
import { bodyOf, type HandlerDependencies, idParam, type OperationHandlers, queryOf } from './handler-types.js';
import { sendPage } from './pagination.js';

function findItem(data: DataSet, petId: number): InventoryItem {
  const item = inventoryOfPet(data.inventory, petId);
  if (!item)
    throw new HttpError(
      'INVENTORY_ITEM_NOT_FOUND',
      `No inventory entry tracks pet ${petId}. List the inventory with GET /store/inventory.`,
    );
  return item;
}

export function createInventoryHandlers({
  store,
}: HandlerDependencies): OperationHandlers<'listInventory' | 'getInventoryItem' | 'updateInventory'> {
  return {
    listInventory(req, res) {
      const { status } = queryOf(req, 'listInventory');
      sendPage(
        req,
        res,
        status === undefined ? store.data.inventory : store.data.inventory.filter((item) => item.status === status),
      );
    },

    getInventoryItem(req, res) {
      res.json(findItem(store.data, idParam(req, 'petId')));
    },

    async updateInventory(req, res) {
      const petId = idParam(req, 'petId');
      const { quantity } = bodyOf(req, 'updateInventory');
      const item = await store.update((data) => {
        const existing = findItem(data, petId);
        return replaceRecord(data.inventory, existing, { ...existing, quantity });
      });
      res.json(item);
    },
  };
}
