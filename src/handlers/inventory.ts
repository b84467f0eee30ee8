// The rules of the inventory operations of the Store area (beta): an entry is the stock of one
// pet and carries the pet's status, which only the pet's own changes move. Listing and reading
// have no rules of their own.
import type { StoredRecord } from '../store/data-set.js';
import { idParam } from './handler-types.js';
import { collectionNamed, ruleContext } from './rule-context.js';
import type { RuleSet } from './rule-set.js';

export const INVENTORY_RULES: RuleSet = {
  updateInventory: {
    rules: "the entry keeps its pet and the pet's status; only the stock count (and a draft's new fields) change",
    answer(deps) {
      const context = ruleContext(deps, 'updateInventory', 'inventory');
      const inventory = collectionNamed(deps, 'inventory');
      return async (req, res) => {
        const petId = idParam(req, 'petId');
        const fields = context.inputFields(req);
        const stamps = context.serverFields.onUpdate();
        const item = await deps.data.transaction(async (tx) => {
          const existing = await tx.get(inventory, petId);
          if (!existing) throw context.notFound(petId);
          const replaced: StoredRecord = { ...existing, ...fields, ...stamps };
          await tx.replace(inventory, replaced);
          return replaced;
        });
        res.json(item);
      };
    },
  },
};
