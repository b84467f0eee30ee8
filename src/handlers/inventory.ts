// The rules of the inventory operations of the Store area (beta): an entry is the stock of one
// pet and carries the pet's status, which only the pet's own changes move. Listing and reading
// have no rules of their own.
import { updateWithRules } from './rule-answers.js';
import { collectionNamed, ruleContext } from './rule-context.js';
import type { RuleSet } from './rule-set.js';

export const INVENTORY_RULES: RuleSet = {
  updateInventory: {
    over: ['inventory'],
    rules: "the entry keeps its pet and the pet's status; only the stock count (and a draft's new fields) change",
    answer(deps) {
      const context = ruleContext(deps, 'updateInventory', 'inventory');
      const inventory = collectionNamed(deps, 'inventory');
      return updateWithRules(deps, context, inventory, 'petId', async (_tx, existing, fields) => ({
        ...existing,
        ...fields,
      }));
    },
  },
};
