// The category operations of the Pets area. Names are unique without case (spec).
import { HttpError } from '../errors.js';
import type { Category, NewCategory } from '../store/data-set.js';
import type { DataReader } from '../store/data-store.js';
import { bodyOf, type HandlerDependencies, idParam, type OperationHandlers, queryOf } from './handler-types.js';
import { requestedPage, sendPage } from './pagination.js';

async function findCategory(view: DataReader, categoryId: number): Promise<Category> {
  const category = await view.getCategory(categoryId);
  if (!category)
    throw new HttpError(
      'CATEGORY_NOT_FOUND',
      `No category has id ${categoryId}. List categories with GET /categories.`,
    );
  return category;
}

async function requireFreeName(view: DataReader, name: string, exceptId?: number): Promise<void> {
  const taken = await view.findCategoryNamed(name, exceptId);
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
  data,
  basePath,
}: HandlerDependencies): OperationHandlers<
  'listCategories' | 'createCategory' | 'getCategory' | 'updateCategory' | 'deleteCategory'
> {
  return {
    async listCategories(req, res) {
      const { name } = queryOf(req, 'listCategories');
      sendPage(req, res, await data.read((view) => view.listCategories({ name }, requestedPage(req))));
    },

    async createCategory(req, res) {
      const fields = categoryFields(bodyOf(req, 'createCategory'));
      const category = await data.transaction(async (tx) => {
        await requireFreeName(tx, fields.name);
        return tx.insertCategory(fields);
      });
      res.status(201).location(`${basePath}/categories/${category.id}`).json(category);
    },

    async getCategory(req, res) {
      res.json(await data.read((view) => findCategory(view, idParam(req, 'categoryId'))));
    },

    async updateCategory(req, res) {
      const categoryId = idParam(req, 'categoryId');
      const fields = categoryFields(bodyOf(req, 'updateCategory'));
      const category = await data.transaction(async (tx) => {
        await findCategory(tx, categoryId);
        await requireFreeName(tx, fields.name, categoryId);
        const replaced: Category = { id: categoryId, ...fields };
        await tx.replaceCategory(replaced);
        return replaced;
      });
      res.json(category);
    },

    async deleteCategory(req, res) {
      const categoryId = idParam(req, 'categoryId');
      await data.transaction(async (tx) => {
        await findCategory(tx, categoryId);
        // A category that pets belong to cannot be deleted: it would leave them dangling (spec).
        const members = await tx.countPetsInCategory(categoryId);
        if (members > 0) {
          throw new HttpError(
            'CATEGORY_IN_USE',
            `${members} pet(s) still belong to category ${categoryId}. Move or delete them first.`,
          );
        }
        await tx.removeCategory(categoryId);
      });
      res.status(204).end();
    },
  };
}
