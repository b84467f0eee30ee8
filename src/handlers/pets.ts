// The rules of the pet operations of the Pets area (spec/README.md): a pet's category must
// exist, each pet has one inventory entry that carries its status, and a pet with open orders
// stays. Listing and reading pets have no rules of their own: the conventions answer them.
import { HttpError } from '../errors.js';
import type { Pet } from '../store/data-set.js';
import type { DataReader } from '../store/data-store.js';
import type { HandlerDependencies } from './handler-types.js';
import { createWithRules, deleteWithRules, updateWithRules } from './rule-answers.js';
import { collectionNamed, ruleContext } from './rule-context.js';
import type { RuleSet } from './rule-set.js';

async function requireCategory(deps: HandlerDependencies, view: DataReader, categoryId: unknown): Promise<void> {
  if (!(await view.get(collectionNamed(deps, 'categories'), Number(categoryId)))) {
    throw new HttpError(
      'UNKNOWN_CATEGORY',
      `categoryId ${String(categoryId)} names no category. Create it first, or list categories with GET /categories.`,
    );
  }
}

export const PET_RULES: RuleSet = {
  createPet: {
    over: ['pets', 'inventory', 'categories'],
    rules: 'its category must exist (422 UNKNOWN_CATEGORY); the pet gets an inventory entry at quantity 0',
    answer(deps) {
      const [pets, inventory] = [collectionNamed(deps, 'pets'), collectionNamed(deps, 'inventory')];
      return createWithRules(deps, ruleContext(deps, 'createPet', 'pets'), async (tx, fields) => {
        await requireCategory(deps, tx, fields.categoryId);
        const created = (await tx.insert(pets, fields)) as Pet;
        // Every pet has one inventory entry, created with it at quantity 0 (spec).
        await tx.insert(inventory, { petId: created.id, quantity: 0, status: created.status ?? 'available' });
        return created;
      });
    },
  },

  updatePet: {
    over: ['pets', 'inventory', 'categories'],
    rules: 'its category must exist (422 UNKNOWN_CATEGORY); its inventory entry takes its status',
    answer(deps) {
      const context = ruleContext(deps, 'updatePet', 'pets');
      const [pets, inventory] = [collectionNamed(deps, 'pets'), collectionNamed(deps, 'inventory')];
      return updateWithRules(deps, context, pets, 'petId', async (tx, existing, fields) => {
        await requireCategory(deps, tx, fields.categoryId);
        const replaced = { ...context.serverFields.kept(existing), ...fields } as Pet;
        // The inventory entry carries the pet's status (spec).
        const entry = await tx.get(inventory, replaced.id);
        if (entry) await tx.replace(inventory, { ...entry, status: replaced.status ?? 'available' });
        return replaced;
      });
    },
  },

  deletePet: {
    over: ['pets', 'inventory', 'orders'],
    rules: 'a pet with open orders stays (409 PET_HAS_OPEN_ORDERS); its inventory entry goes with it',
    answer(deps) {
      const pets = collectionNamed(deps, 'pets');
      const inventory = collectionNamed(deps, 'inventory');
      const orders = collectionNamed(deps, 'orders');
      return deleteWithRules(deps, ruleContext(deps, 'deletePet', 'pets'), pets, 'petId', async (tx, _pet, petId) => {
        if (await tx.find(orders, (order) => order.petId === petId && order.complete !== true)) {
          throw new HttpError(
            'PET_HAS_OPEN_ORDERS',
            `Pet ${petId} has orders that are not complete. Complete or cancel them first.`,
          );
        }
        if (await tx.get(inventory, petId)) await tx.remove(inventory, petId);
      });
    },
  },
};
