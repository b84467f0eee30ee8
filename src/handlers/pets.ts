// The rules of the pet operations of the Pets area (spec/README.md): a pet's category must
// exist, each pet has one inventory entry that carries its status, and a pet with open orders
// stays. Listing and reading pets have no rules of their own: the conventions answer them.
import { HttpError } from '../errors.js';
import type { Pet } from '../store/data-set.js';
import type { DataReader } from '../store/data-store.js';
import type { HandlerDependencies } from './handler-types.js';
import { idParam } from './handler-types.js';
import { collectionNamed, ruleContext } from './rule-context.js';
import type { RuleSet } from './rule-set.js';

function petCollections(deps: HandlerDependencies) {
  return {
    pets: collectionNamed(deps, 'pets'),
    categories: collectionNamed(deps, 'categories'),
    inventory: collectionNamed(deps, 'inventory'),
    orders: collectionNamed(deps, 'orders'),
  };
}

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
    rules: 'its category must exist (422 UNKNOWN_CATEGORY); the pet gets an inventory entry at quantity 0',
    answer(deps) {
      const context = ruleContext(deps, 'createPet', 'pets');
      const { pets, inventory } = petCollections(deps);
      return async (req, res) => {
        const fields = { ...(await context.serverFields.onCreate(req)), ...context.inputFields(req) };
        const pet = await deps.data.transaction(async (tx) => {
          await requireCategory(deps, tx, fields.categoryId);
          const created = (await tx.insert(pets, fields)) as Pet;
          // Every pet has one inventory entry, created with it at quantity 0 (spec).
          await tx.insert(inventory, { petId: created.id, quantity: 0, status: created.status ?? 'available' });
          return created;
        });
        res.status(201).location(context.location(req, pet)).json(pet);
      };
    },
  },

  updatePet: {
    rules: 'its category must exist (422 UNKNOWN_CATEGORY); its inventory entry takes its status',
    answer(deps) {
      const context = ruleContext(deps, 'updatePet', 'pets');
      const { pets, inventory } = petCollections(deps);
      return async (req, res) => {
        const petId = idParam(req, 'petId');
        const fields = context.inputFields(req);
        const stamps = context.serverFields.onUpdate();
        const pet = await deps.data.transaction(async (tx) => {
          const existing = await tx.get(pets, petId);
          if (!existing) throw context.notFound(petId);
          await requireCategory(deps, tx, fields.categoryId);
          const entry = await tx.get(inventory, petId);
          const replaced = { ...context.serverFields.kept(existing), ...fields, ...stamps } as Pet;
          await tx.replace(pets, replaced);
          // The inventory entry carries the pet's status (spec).
          if (entry) await tx.replace(inventory, { ...entry, status: replaced.status ?? 'available' });
          return replaced;
        });
        res.json(pet);
      };
    },
  },

  deletePet: {
    rules: 'a pet with open orders stays (409 PET_HAS_OPEN_ORDERS); its inventory entry goes with it',
    answer(deps) {
      const context = ruleContext(deps, 'deletePet', 'pets');
      const { pets, inventory, orders } = petCollections(deps);
      return async (req, res) => {
        const petId = idParam(req, 'petId');
        await deps.data.transaction(async (tx) => {
          if (!(await tx.get(pets, petId))) throw context.notFound(petId);
          if (await tx.find(orders, (order) => order.petId === petId && order.complete !== true)) {
            throw new HttpError(
              'PET_HAS_OPEN_ORDERS',
              `Pet ${petId} has orders that are not complete. Complete or cancel them first.`,
            );
          }
          const entry = await tx.get(inventory, petId);
          await tx.remove(pets, petId);
          if (entry) await tx.remove(inventory, petId);
        });
        res.status(204).end();
      };
    },
  },
};
