// The business rules of pets and categories (spec/README.md, "Business rules"), each as a
// sequence of calls that would fail if the rule were not kept, reading back after every step
// what the step changed (the pet, its inventory entry, the category).
import { beforeChecks, check, kindOfChecks } from '../support/checks.js';
import { requireTextsKept } from '../support/draft-bodies.js';
import { uniqueText } from '../support/requests.js';
import { type Category, newPet, type Pet, removedCategory, ruleCategories } from '../support/rule-steps.js';
import { call, refused, requireEqual } from '../support/steps.js';
import { create, remember } from '../support/test-data.js';

kindOfChecks('rules', "the contract's business rules: pets and categories", () => {
  let home: number;
  let other: number;
  beforeChecks(async () => {
    ({ home, other } = await ruleCategories());
  }, 2);

  check(
    ['updatePet'],
    'updatePet: any pet status may follow any other, and the inventory entry follows it',
    async () => {
      // Every ordered pair of the three statuses, each change read back from the pet and its stock.
      const path = [
        'available',
        'available',
        'pending',
        'pending',
        'sold',
        'sold',
        'available',
        'sold',
        'pending',
        'available',
      ];
      const pet = await newPet(home, path[0]);
      for (const status of path.slice(1)) {
        const change = { name: pet.name, categoryId: home, status };
        await call('updatePet', `/pets/${pet.id}`, change, [200]);
        const read = await call('getPet', `/pets/by-id/${pet.id}`, undefined, [200]);
        requireEqual(read, `the pet's status after it was set to ${status}`, (read.body as Pet).status, status);
        const entry = await call('getInventoryItem', `/store/inventory/${pet.id}`, undefined, [200]);
        requireEqual(entry, "the inventory entry's status (the pet's)", (entry.body as Pet).status, status);
      }
    },
  );

  check(
    ['createPet', 'deletePet', 'getInventoryItem'],
    'createPet: every pet has one inventory entry, at quantity 0 and with its status, deleted with it',
    async () => {
      const pet = await newPet(home, 'pending');
      const entry = await call('getInventoryItem', `/store/inventory/${pet.id}`, undefined, [200]);
      requireEqual(entry, "a new pet's inventory entry", entry.body, { petId: pet.id, quantity: 0, status: 'pending' });
      await call('deletePet', `/pets/${pet.id}`, undefined, [204]);
      await call('getInventoryItem', `/store/inventory/${pet.id}`, undefined, [404]);
    },
  );

  check(
    ['createPet'],
    'createPet: a categoryId that names no category is 422 UNKNOWN_CATEGORY, and no pet is made',
    async () => {
      const gone = await removedCategory();
      const name = uniqueText('contract-orphan');
      await refused(
        'createPet',
        '/pets',
        { name, categoryId: gone },
        422,
        'UNKNOWN_CATEGORY',
        'categoryId must name a category',
      );
      const list = await call('listPets', `/pets?name=${encodeURIComponent(name)}`, undefined, [200]);
      requireEqual(list, 'pets with the refused name', list.body, []);
    },
  );

  check(
    ['updatePet'],
    'updatePet: a categoryId that names no category is 422 UNKNOWN_CATEGORY, and the pet is unchanged',
    async () => {
      const pet = await newPet(home);
      const gone = await removedCategory();
      await refused(
        'updatePet',
        `/pets/${pet.id}`,
        { name: pet.name, categoryId: gone },
        422,
        'UNKNOWN_CATEGORY',
        'categoryId must name a category',
      );
      const read = await call('getPet', `/pets/by-id/${pet.id}`, undefined, [200]);
      requireEqual(read, 'the pet after the refused update', read.body, pet);
    },
  );

  check(
    ['deleteCategory'],
    'deleteCategory: a category that pets belong to is 409 CATEGORY_IN_USE; without them it goes',
    async () => {
      const category = await create('category', '/categories', { name: uniqueText('contract-in-use') }, 'a category');
      const pet = await newPet(category);
      await refused(
        'deleteCategory',
        `/categories/${category}`,
        undefined,
        409,
        'CATEGORY_IN_USE',
        'a category in use stays',
      );
      await call('getCategory', `/categories/${category}`, undefined, [200]);
      await call('updatePet', `/pets/${pet.id}`, { name: pet.name, categoryId: other }, [200]);
      await call('deleteCategory', `/categories/${category}`, undefined, [204]);
      await call('getCategory', `/categories/${category}`, undefined, [404]);
    },
  );

  check(
    ['createCategory', 'updateCategory'],
    'createCategory: names are unique without case (409 CATEGORY_NAME_TAKEN), on create and on rename',
    async () => {
      const name = uniqueText('contract-Unique');
      requireTextsKept('createCategory', [{ name }, { name: name.toUpperCase() }, { name: name.toLowerCase() }]);
      const first = (await call('createCategory', '/categories', { name }, [201])).body as Category;
      remember('category', first.id);
      await refused(
        'createCategory',
        '/categories',
        { name: name.toUpperCase() },
        409,
        'CATEGORY_NAME_TAKEN',
        'names are unique without case',
      );
      const same = await call('listCategories', `/categories?name=${encodeURIComponent(name)}`, undefined, [200]);
      requireEqual(
        same,
        'categories with that name',
        (same.body as Category[]).map((category) => category.id),
        [first.id],
      );
      const second = (await call('createCategory', '/categories', { name: uniqueText('contract-second') }, [201]))
        .body as Category;
      remember('category', second.id);
      await refused(
        'updateCategory',
        `/categories/${second.id}`,
        { name: name.toLowerCase() },
        409,
        'CATEGORY_NAME_TAKEN',
        'a rename to a taken name',
      );
      const read = await call('getCategory', `/categories/${second.id}`, undefined, [200]);
      requireEqual(read, 'the category after the refused rename', read.body, second);
    },
  );
});
