// The pet operations of the Pets area. Business rules are the spec's (spec/README.md).
import { HttpError } from '../errors.js';
import {
  categoryById,
  type DataSet,
  inventoryOfPet,
  type NewPet,
  type Pet,
  petById,
  replaceRecord,
} from '../store/data-set.js';
import { bodyOf, type HandlerDependencies, idParam, type OperationHandlers, queryOf } from './handler-types.js';
import { nameMatches, sendPage } from './pagination.js';

export function findPet(data: DataSet, petId: number): Pet {
  const pet = petById(data.pets, petId);
  if (!pet) throw new HttpError('PET_NOT_FOUND', `No pet has id ${petId}. List pets with GET /pets.`);
  return pet;
}

function requireCategory(data: DataSet, categoryId: number): void {
  if (!categoryById(data.categories, categoryId)) {
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
  store,
  basePath,
}: HandlerDependencies): OperationHandlers<
  'listPets' | 'createPet' | 'getPetLegacy' | 'getPet' | 'updatePet' | 'deletePet'
> {
  const readPet: OperationHandlers<'getPet'>['getPet'] = (req, res) => {
    res.json(findPet(store.data, idParam(req, 'petId')));
  };

  return {
    listPets(req, res) {
      const { status, categoryId, name } = queryOf(req, 'listPets');
      const unfiltered = status === undefined && categoryId === undefined && name === undefined;
      // Without filters the page is a slice: no pass over every stored pet.
      const matching = unfiltered
        ? store.data.pets
        : store.data.pets.filter(
            (pet) =>
              (status === undefined || pet.status === status) &&
              (categoryId === undefined || pet.categoryId === Number(categoryId)) &&
              nameMatches(pet.name, name),
          );
      sendPage(req, res, matching);
    },

    async createPet(req, res) {
      const fields = petFields(bodyOf(req, 'createPet'));
      const pet = await store.update((data) => {
        requireCategory(data, fields.categoryId);
        const created: Pet = { id: data.nextId.pet, ...fields };
        data.nextId.pet += 1;
        data.pets.push(created);
        data.inventory.push({ petId: created.id, quantity: 0, status: created.status ?? 'available' });
        return created;
      });
      res.status(201).location(`${basePath}/pets/by-id/${pet.id}`).json(pet);
    },

    getPetLegacy: readPet,
    getPet: readPet,

    async updatePet(req, res) {
      const petId = idParam(req, 'petId');
      const fields = petFields(bodyOf(req, 'updatePet'));
      const pet = await store.update((data) => {
        const existing = findPet(data, petId);
        requireCategory(data, fields.categoryId);
        const replaced = replaceRecord(data.pets, existing, { ...existing, ...fields });
        const entry = inventoryOfPet(data.inventory, petId);
        if (entry) replaceRecord(data.inventory, entry, { ...entry, status: replaced.status ?? 'available' });
        return replaced;
      });
      res.json(pet);
    },

    async deletePet(req, res) {
      const petId = idParam(req, 'petId');
      await store.update((data) => {
        findPet(data, petId);
        if (data.orders.some((order) => order.petId === petId && !order.complete)) {
          throw new HttpError(
            'PET_HAS_OPEN_ORDERS',
            `Pet ${petId} has orders that are not complete. Complete or cancel them first.`,
          );
        }
        data.pets = data.pets.filter((pet) => pet.id !== petId);
        data.inventory = data.inventory.filter((item) => item.petId !== petId);
      });
      res.status(204).end();
    },
  };
}
