// The pet operations of the Pets area. Business rules are the spec's (spec/README.md).
import { HttpError } from '../errors.js';
import type { NewPet, Pet } from '../store/data-set.js';
import type { DataReader } from '../store/data-store.js';
import { bodyOf, type HandlerDependencies, idParam, type OperationHandlers, queryOf } from './handler-types.js';
import { requestedPage, sendPage } from './pagination.js';

async function findPet(view: DataReader, petId: number): Promise<Pet> {
  const pet = await view.getPet(petId);
  if (!pet) throw new HttpError('PET_NOT_FOUND', `No pet has id ${petId}. List pets with GET /pets.`);
  return pet;
}

async function requireCategory(view: DataReader, categoryId: number): Promise<void> {
  if (!(await view.getCategory(categoryId))) {
    throw new HttpError(
      'UNKNOWN_CATEGORY',
      `categoryId ${categoryId} names no category. Create it first, or list categories with GET /categories.`,
    );
  }
}

/** Only the contract's fields are kept: unknown fields of a body are ignored, never stored. */
function petFields(body: NewPet): NewPet {
  return { name: body.name, categoryId: body.categoryId, status: body.status ?? 'available' };
}

export function createPetHandlers({
  data,
  basePath,
}: HandlerDependencies): OperationHandlers<
  'listPets' | 'createPet' | 'getPetLegacy' | 'getPet' | 'updatePet' | 'deletePet'
> {
  const readPet: OperationHandlers<'getPet'>['getPet'] = async (req, res) => {
    res.json(await data.read((view) => findPet(view, idParam(req, 'petId'))));
  };

  return {
    async listPets(req, res) {
      const { status, categoryId, name } = queryOf(req, 'listPets');
      const filter = { status, categoryId: categoryId === undefined ? undefined : Number(categoryId), name };
      sendPage(req, res, await data.read((view) => view.listPets(filter, requestedPage(req))));
    },

    async createPet(req, res) {
      const fields = petFields(bodyOf(req, 'createPet'));
      const pet = await data.transaction(async (tx) => {
        await requireCategory(tx, fields.categoryId);
        const created = await tx.insertPet(fields);
        // Every pet has one inventory entry, created with it at quantity 0 (spec).
        await tx.insertInventoryItem({ petId: created.id, quantity: 0, status: created.status ?? 'available' });
        return created;
      });
      res.status(201).location(`${basePath}/pets/by-id/${pet.id}`).json(pet);
    },

    getPetLegacy: readPet,
    getPet: readPet,

    async updatePet(req, res) {
      const petId = idParam(req, 'petId');
      const fields = petFields(bodyOf(req, 'updatePet'));
      const pet = await data.transaction(async (tx) => {
        const existing = await findPet(tx, petId);
        await requireCategory(tx, fields.categoryId);
        const entry = await tx.getInventoryItem(petId);
        const replaced: Pet = { ...existing, ...fields };
        await tx.replacePet(replaced);
        // The inventory entry carries the pet's status (spec).
        if (entry) await tx.replaceInventoryItem({ ...entry, status: replaced.status ?? 'available' });
        return replaced;
      });
      res.json(pet);
    },

    async deletePet(req, res) {
      const petId = idParam(req, 'petId');
      await data.transaction(async (tx) => {
        await findPet(tx, petId);
        if (await tx.hasOpenOrders(petId)) {
          throw new HttpError(
            'PET_HAS_OPEN_ORDERS',
            `Pet ${petId} has orders that are not complete. Complete or cancel them first.`,
          );
        }
        const entry = await tx.getInventoryItem(petId);
        await tx.removePet(petId);
        if (entry) await tx.removeInventoryItem(petId);
      });
      res.status(204).end();
    },
  };
}
