// The category operations of the Pets area. Names are unique without case (spec).
import { HttpError } from '../errors.js';
import { type Category, categoryById, type DataSet, type NewCategory, replaceRecord } from '../store/data-set.js';
import { bodyOf, type HandlerDependencies, idParam, type OperationHandlers, queryOf } from './handler-types.js';
import { nameMatches, sendPage } from './pagination.js';

function findCategory(data: DataSet, categoryId: number): Category {
  const category = categoryById(data.categories, categoryId);
  if (!category)
    throw new HttpError(
      'CATEGORY_NOT_FOUND',
      `No category has id ${categoryId}. List categories with GET /categories.`,
    );
  return category;
}

function requireFreeName(data: DataSet, name: string, exceptId?: number): void {
  const taken = data.categories.find(
    (category) => category.id !== exceptId && category.name.toLowerCase() === name.toLowerCase(),
  );
  if (taken) {
    throw new HttpError(
      'CATEGORY_NAME_TAKEN',
      `Category ${taken.id} is already named "${taken.name}". Choose another name.`,
    );
  }
}

function categoryFields(body: NewCategory): NewCategory {
  return body.description === undefined ? { name: body.name } : { name: body.name, description: body.description };
}

export function createCategoryHandlers({
  store,
  basePath,
}: HandlerDependencies): OperationHandlers<
  'listCategories' | 'createCategory' | 'getCategory' | 'updateCategory' | 'deleteCategory'
> {
  return {
    listCategories(req, res) {
      const { name } = queryOf(req, 'listCategories');
      sendPage(
        req,
        res,
        name === undefined
          ? store.data.categories
          : store.data.categories.filter((category) => nameMatches(category.name, name)),
      );
    },

    async createCategory(req, res) {
      const fields = categoryFields(bodyOf(req, 'createCategory'));
      const category = await store.update((data) => {
        requireFreeName(data, fields.name);
        const created: Category = { id: data.nextId.category, ...fields };
        data.nextId.category += 1;
        data.categories.push(created);
        return created;
      });
      res.status(201).location(`${basePath}/categories/${category.id}`).json(category);
    },

    getCategory(req, res) {
      res.json(findCategory(store.data, idParam(req, 'categoryId')));
    },

    async updateCategory(req, res) {
      const categoryId = idParam(req, 'categoryId');
      const fields = categoryFields(bodyOf(req, 'updateCategory'));
      const category = await store.update((data) => {
        const existing = findCategory(data, categoryId);
        requireFreeName(data, fields.name, categoryId);
        return replaceRecord(data.categories, existing, { id: categoryId, ...fields });
      });
      res.json(category);
    },

    async deleteCategory(req, res) {
      const categoryId = idParam(req, 'categoryId');
      await store.update((data) => {
        findCategory(data, categoryId);
        const members = data.pets.filter((pet) => pet.categoryId === categoryId).length;
        if (members > 0) {
          throw new HttpError(
            'CATEGORY_IN_USE',
            `${members} pet(s) still belong to category ${categoryId}. Move or delete them first.`,
          );
        }
        data.categories = data.categories.filter((category) => category.id !== categoryId);
      });
      res.status(204).end();
    },
  };
}
