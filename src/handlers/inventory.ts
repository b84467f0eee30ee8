// The inventory operations of the Store area (beta): one entry per pet, ordered by petId.
import { HttpError } from '../errors.js';
import type { InventoryItem } from '../store/data-set.js';
import type { DataReader } from '../store/data-store.js';
import { bodyOf, type HandlerDependencies, idParam, type OperationHandlers, queryOf } from './handler-types.js';
import { requestedPage, sendPage } from './pagination.js';

async function findItem(view: DataReader, petId: number): Promise<InventoryItem> {
  const item = await view.getInventoryItem(petId);
  if (!item)
    throw new HttpError(
      'INVENTORY_ITEM_NOT_FOUND',
      `No inventory entry tracks pet ${petId}. List the inventory with GET /store/inventory.`,
    );
  return item;
}

export function createInventoryHandlers({
  data,
}: HandlerDependencies): OperationHandlers<'listInventory' | 'getInventoryItem' | 'updateInventory'> {
  return {
    async listInventory(req, res) {
      const { status } = queryOf(req, 'listInventory');
      sendPage(req, res, await data.read((view) => view.listInventory({ status }, requestedPage(req))));
    },

    async getInventoryItem(req, res) {
      res.json(await data.read((view) => findItem(view, idParam(req, 'petId'))));
    },

    async updateInventory(req, res) {
      const petId = idParam(req, 'petId');
      const { quantity } = bodyOf(req, 'updateInventory');
      const item = await data.transaction(async (tx) => {
        const replaced: InventoryItem = { ...(await findItem(tx, petId)), quantity };
        await tx.replaceInventoryItem(replaced);
        return replaced;
      });
      res.json(item);
    },
  };
}
