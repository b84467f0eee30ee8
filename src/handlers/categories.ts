// The rules of the category operations of the Pets area (spec): names are unique without case,
// and a category that pets belong to stays. Listing and reading have no rules of their own.
import { HttpError } from '../errors.js';
import type { Collection } from '../store/data-set.js';
import type { DataReader } from '../store/data-store.js';
import { createWithRules, deleteWithRules, updateWithRules } from './rule-answers.js';
import { collectionNamed, ruleContext } from './rule-context.js';
import type { RuleSet } from './rule-set.js';

async function requireFreeName(
  view: DataReader,
  categories: Collection,
  name: unknown,
  exceptId?: unknown,
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
    over: ['categories'],
    rules: UNIQUE_NAME,
    answer(deps) {
      const categories = collectionNamed(deps, 'categories');
      return createWithRules(deps, ruleContext(deps, 'createCategory', 'categories'), async (tx, fields) => {
        await requireFreeName(tx, categories, fields.name);
        return tx.insert(categories, fields);
      });
    },
  },

  updateCategory: {
    over: ['categories'],
    rules: UNIQUE_NAME,
    answer(deps) {
      const context = ruleContext(deps, 'updateCategory', 'categories');
      const categories = collectionNamed(deps, 'categories');
      return updateWithRules(deps, context, categories, 'categoryId', async (tx, existing, fields) => {
        await requireFreeName(tx, categories, fields.name, existing.id);
        return { ...context.serverFields.kept(existing), ...fields };
      });
    },
  },

  deleteCategory: {
    over: ['categories', 'pets'],
    rules: 'a category that pets belong to stays (409 CATEGORY_IN_USE)',
    answer(deps) {
      const [categories, pets] = [collectionNamed(deps, 'categories'), collectionNamed(deps, 'pets')];
      const context = ruleContext(deps, 'deleteCategory', 'categories');
      return deleteWithRules(deps, context, categories, 'categoryId', async (tx, _category, categoryId) => {
        // A category that pets belong to cannot be deleted: it would leave them dangling (spec).
        const members = await tx.count(pets, (pet) => pet.categoryId === categoryId);
        if (members > 0) {
          throw new HttpError(
            'CATEGORY_IN_USE',
            `${members} pet(s) still belong to category ${categoryId}. Move or delete them first.`,
          );
        }
      });
    },
  },
};
