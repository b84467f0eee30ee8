// The rules of the category operations of the Pets area (spec): names are unique without case,
// and a category that pets belong to stays. Listing and reading have no rules of their own.
import { HttpError } from '../errors.js';
import type { Collection, StoredRecord } from '../store/data-set.js';
import type { DataReader } from '../store/data-store.js';
import { idParam } from './handler-types.js';
import { collectionNamed, ruleContext } from './rule-context.js';
import type { RuleSet } from './rule-set.js';

async function requireFreeName(
  view: DataReader,
  categories: Collection,
  name: unknown,
  exceptId?: number,
): Promise<void> {
  const wanted = String(name).toLowerCase();
  const taken = await view.find(
    categories,
    (category) => category.id !== exceptId && String(category.name).toLowerCase() === wanted,
  );
  if (taken) {
    throw new HttpError(
      'CATEGORY_NAME_TAKEN',
      `Category ${String(taken.id)} is already named "${String(taken.name)}". Choose another name.`,
    );
  }
}

const UNIQUE_NAME = 'its name must be unique without case (409 CATEGORY_NAME_TAKEN)';

export const CATEGORY_RULES: RuleSet = {
  createCategory: {
    rules: UNIQUE_NAME,
    answer(deps) {
      const context = ruleContext(deps, 'createCategory', 'categories');
      const categories = collectionNamed(deps, 'categories');
      return async (req, res) => {
        const fields = { ...(await context.serverFields.onCreate(req)), ...context.inputFields(req) };
        const category = await deps.data.transaction(async (tx) => {
          await requireFreeName(tx, categories, fields.name);
          return tx.insert(categories, fields);
        });
        res.status(201).location(context.location(req, category)).json(category);
      };
    },
  },

  updateCategory: {
    rules: UNIQUE_NAME,
    answer(deps) {
      const context = ruleContext(deps, 'updateCategory', 'categories');
      const categories = collectionNamed(deps, 'categories');
      return async (req, res) => {
        const categoryId = idParam(req, 'categoryId');
        const fields = context.inputFields(req);
        const stamps = context.serverFields.onUpdate();
        const category = await deps.data.transaction(async (tx) => {
          const existing = await tx.get(categories, categoryId);
          if (!existing) throw context.notFound(categoryId);
          await requireFreeName(tx, categories, fields.name, categoryId);
          const replaced: StoredRecord = { ...context.serverFields.kept(existing), ...fields, ...stamps };
          await tx.replace(categories, replaced);
          return replaced;
        });
        res.json(category);
      };
    },
  },

  deleteCategory: {
    rules: 'a category that pets belong to stays (409 CATEGORY_IN_USE)',
    answer(deps) {
      const context = ruleContext(deps, 'deleteCategory', 'categories');
      const categories = collectionNamed(deps, 'categories');
      const pets = collectionNamed(deps, 'pets');
      return async (req, res) => {
        const categoryId = idParam(req, 'categoryId');
        await deps.data.transaction(async (tx) => {
          if (!(await tx.get(categories, categoryId))) throw context.notFound(categoryId);
          // A category that pets belong to cannot be deleted: it would leave them dangling (spec).
          const members = await tx.count(pets, (pet) => pet.categoryId === categoryId);
          if (members > 0) {
            throw new HttpError(
              'CATEGORY_IN_USE',
              `${members} pet(s) still belong to category ${categoryId}. Move or delete them first.`,
            );
          }
          await tx.remove(categories, categoryId);
        });
        res.status(204).end();
      };
    },
  },
};
