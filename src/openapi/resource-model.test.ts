// The resources read from a contract: the built-in one, and drafts that add to it.
import { describe, expect, it } from '@jest/globals';
import { stringify } from 'yaml';
import {
  breeds,
  categoryPhotos,
  type DraftEdit,
  draftDocument,
  ownerIdsByClient,
  owners,
  petPhotos,
  petTags,
  storeStats,
} from '../../test/support/drafts.js';
import { REGISTRY_DOCUMENT } from '../../test/support/registry-document.js';
import { TASKS_DOCUMENT } from '../../test/support/tasks-document.js';
import { PETSTORE_SPEC_FILE } from '../package-root.js';
import { loadContract, parseContract } from './load-contract.js';
import { describeResources, type ResourceModel } from './resource-model.js';

const shapesOf = (model: ResourceModel) =>
  Object.fromEntries(
    [...model.shapes].map(([id, shape]) => [
      id,
      `${shape.kind} ${shape.resource.name}${shape.keyParam ? ` by ${shape.keyParam}` : ''}`,
    ]),
  );

describe('the resources of the built-in contract', () => {
  const model = describeResources(loadContract(PETSTORE_SPEC_FILE));

  it('are its four collections, keyed and numbered as the data file is', () => {
    expect([...model.resources.values()].map((resource) => resource.collection)).toEqual([
      { name: 'pets', keyField: 'id', counter: 'pet' },
      { name: 'categories', keyField: 'id', counter: 'category' },
      { name: 'orders', keyField: 'id', counter: 'order' },
      { name: 'inventory', keyField: 'petId' },
    ]);
    expect(model.resources.get('pets')).toMatchObject({
      collectionPaths: ['/pets'],
      itemPaths: ['/pets/{petId}', '/pets/by-id/{petId}'],
      // The deprecated GET /pets/{petId} is not where a new pet is read.
      locationPath: '/pets/by-id/{petId}',
    });
  });

  it('give every operation its shape, the deprecated read of a pet included', () => {
    expect(shapesOf(model)).toMatchObject({
      listPets: 'list pets',
      createPet: 'create pets',
      getPetLegacy: 'read pets by petId',
      getPet: 'read pets by petId',
      updatePet: 'replace pets by petId',
      deletePet: 'delete pets by petId',
      updateOrder: 'merge orders by orderId',
      getInventoryItem: 'read inventory by petId',
    });
  });
});

describe('the resources of a draft', () => {
  it('take a sub-collection under its parent, numbered by its own counter', async () => {
    const document = await draftDocument(petPhotos);
    const model = describeResources(parseContract(stringify(document), 'draft.yaml'));
    expect(model.resources.get('photos')).toMatchObject({
      collection: { name: 'photos', keyField: 'id', counter: 'photo' },
      parent: { resource: 'pets', param: 'petId' },
      locationPath: '/pets/by-id/{petId}/photos/{photoId}',
    });
    expect(shapesOf(model)).toMatchObject({
      listPetPhotos: 'list photos',
      addPetPhoto: 'create photos',
      getPetPhoto: 'read photos by photoId',
      deletePetPhoto: 'delete photos by photoId',
    });
  });

  it('give two collections of one name, each of its own records, names and counters of their own', async () => {
    const archivedOrders: DraftEdit = (document) => {
      document.components.schemas.ArchivedOrder = {
        type: 'object',
        required: ['id', 'closedAt'],
        properties: { id: { type: 'integer', readOnly: true }, closedAt: { type: 'string', format: 'date-time' } },
      };
      document.paths['/archive/orders'] = {
        post: {
          operationId: 'archiveOrder',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ArchivedOrder' } } } },
          responses: {
            '201': {
              description: 'Archived.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ArchivedOrder' } } },
            },
          },
        },
      };
    };
    // Written before the contract's own paths: the names must not depend on where a draft adds its paths.
    const archivedFirst: DraftEdit = (document) => {
      const { '/archive/orders': archive, ...others } = document.paths;
      document.paths = { '/archive/orders': archive, ...others };
    };
    const document = await draftDocument(petPhotos, categoryPhotos, archivedOrders, archivedFirst);
    const model = describeResources(parseContract(stringify(document), 'draft.yaml'));
    const collections = [...model.resources.values()].map((resource) => resource.collection);
    expect(collections).toEqual(
      expect.arrayContaining([
        { name: 'photos', keyField: 'id', counter: 'photo' },
        { name: 'categoryPhotos', keyField: 'id', counter: 'categoryPhoto' },
        { name: 'orders', keyField: 'id', counter: 'order' },
        { name: 'archiveOrders', keyField: 'id', counter: 'archiveOrder' },
      ]),
    );
    expect(shapesOf(model)).toMatchObject({
      addPetPhoto: 'create photos',
      addCategoryPhoto: 'create categoryPhotos',
      getCategoryPhoto: 'read categoryPhotos by photoId',
      archiveOrder: 'create archiveOrders',
      placeOrder: 'create orders',
    });
  });

  it('key a resource by the field its path parameter names without the noun: {breedCode}, its code', async () => {
    const document = await draftDocument(breeds);
    const model = describeResources(parseContract(stringify(document), 'draft.yaml'));
    expect(model.resources.get('breeds')).toMatchObject({
      collection: { name: 'breeds', keyField: 'code' },
      keyType: 'string',
      locationPath: '/breeds/{breedCode}',
    });
  });

  it('key a resource by its name where the parameter joins the noun’s words otherwise: {event_type_name} of event-types', async () => {
    const eventTypes: DraftEdit = (document) => {
      const eventType = {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', pattern: '^[a-z.]+$' }, description: { type: 'string' } },
      };
      const answer = { description: 'The type.', content: { 'application/json': { schema: eventType } } };
      document.paths['/event-types'] = {
        post: {
          operationId: 'createEventType',
          requestBody: { required: true, content: { 'application/json': { schema: eventType } } },
          responses: { '201': answer },
        },
      };
      document.paths['/event-types/{event_type_name}'] = {
        get: {
          operationId: 'getEventType',
          parameters: [{ name: 'event_type_name', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': answer },
        },
      };
    };
    const document = await draftDocument(eventTypes);
    const model = describeResources(parseContract(stringify(document), 'draft.yaml'));
    expect(model.resources.get('event-types')?.collection).toMatchObject({ keyField: 'name' });
  });

  it('take a new top-level resource with every item operation, and leave a report to its examples', async () => {
    const document = await draftDocument(owners, storeStats, petTags);
    const model = describeResources(parseContract(stringify(document), 'draft.yaml'));
    expect(model.resources.get('owners')?.collection).toEqual({ name: 'owners', keyField: 'id', counter: 'owner' });
    expect(shapesOf(model)).toMatchObject({
      listOwners: 'list owners',
      createOwner: 'create owners',
      getOwner: 'read owners by ownerId',
      replaceOwner: 'replace owners by ownerId',
      changeOwner: 'merge owners by ownerId',
      deleteOwner: 'delete owners by ownerId',
    });
    expect(model.shapes.has('getStoreStats')).toBe(false);
    expect([...(model.resources.get('pets')?.shape.properties.keys() ?? [])]).toEqual(
      expect.arrayContaining(['tags', 'nickname']),
    );
  });

  it('number a resource whose create may leave out the id the client may send, and not one whose create needs it', async () => {
    const ownersOf = async (more: DraftEdit = () => undefined) => {
      const document = await draftDocument(owners, ownerIdsByClient, more);
      return describeResources(parseContract(stringify(document), 'draft.yaml')).resources.get('owners')?.collection;
    };
    expect(await ownersOf()).toEqual({ name: 'owners', keyField: 'id', counter: 'owner' });
    const idRequired: DraftEdit = (document) => {
      document.components.schemas.NewOwner.required.push('id');
    };
    expect(await ownersOf(idRequired)).toEqual({ name: 'owners', keyField: 'id' });
  });
});

describe('the resources of paths with a format suffix', () => {
  const answer = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
  const post = { $ref: '#/components/schemas/Post' };
  const document = {
    openapi: '3.0.3',
    info: { title: 'Forum', version: '1' },
    paths: {
      '/posts.json': {
        get: { operationId: 'listPosts', responses: { 200: answer({ type: 'array', items: post }) } },
        post: {
          operationId: 'createPost',
          requestBody: { content: { 'application/json': { schema: post } } },
          responses: { 200: answer(post) },
        },
      },
      '/posts/{id}.json': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { operationId: 'getPost', responses: { 200: answer(post) } },
        put: {
          operationId: 'updatePost',
          requestBody: { content: { 'application/json': { schema: post } } },
          responses: { 200: answer(post) },
        },
        delete: { operationId: 'deletePost', responses: { 200: { description: 'gone' } } },
      },
      '/users.list': {
        get: {
          operationId: 'listUsers',
          responses: {
            200: answer({ type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } }),
          },
        },
      },
    },
    components: {
      schemas: {
        Post: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, raw: { type: 'string' } } },
      },
    },
  };
  const model = describeResources(parseContract(stringify(document), 'forum.yaml'));

  it('read /posts.json and /posts/{id}.json as one collection and its items, keyed by {id}', () => {
    expect(model.resources.get('posts')).toMatchObject({
      collection: { name: 'posts', keyField: 'id', counter: 'post' },
      collectionPaths: ['/posts.json'],
      itemPaths: ['/posts/{id}.json'],
      locationPath: '/posts/{id}.json',
    });
    expect(shapesOf(model)).toMatchObject({
      listPosts: 'list posts',
      createPost: 'create posts',
      getPost: 'read posts by id',
      updatePost: 'replace posts by id',
      deletePost: 'delete posts by id',
    });
  });

  it('keep a name with a dot that is no format as it is: /users.list', () => {
    expect([...model.resources.keys()]).toEqual(['posts', 'users.list']);
  });
});

describe('a resource no path names a record of', () => {
  it('is keyed by the field named after its records (the museum’s ticketId), not an id its schema lacks', () => {
    const ticket = {
      type: 'object',
      required: ['ticketId'],
      properties: { ticketId: { type: 'string', format: 'uuid', readOnly: true }, ticketType: { type: 'string' } },
    };
    const document = {
      openapi: '3.1.0',
      info: { title: 'Museum', version: '1' },
      paths: {
        '/tickets': {
          post: {
            operationId: 'buyMuseumTickets',
            requestBody: { content: { 'application/json': { schema: ticket } } },
            responses: { 201: { description: 'Bought.', content: { 'application/json': { schema: ticket } } } },
          },
        },
      },
    };
    const model = describeResources(parseContract(stringify(document), 'museum.yaml'));
    expect(model.resources.get('tickets')).toMatchObject({
      collection: { name: 'tickets', keyField: 'ticketId' },
      keyType: 'string',
    });
  });
});

describe('a record that holds a list of its own kind (a tree)', () => {
  it('is made by its create, which answers the record, not a list of them', () => {
    const category = { $ref: '#/components/schemas/Category' };
    const answer = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
    const document = {
      openapi: '3.0.3',
      info: { title: 'Catalogue', version: '1' },
      paths: {
        '/categories': {
          get: { operationId: 'listCategories', responses: { 200: answer({ type: 'array', items: category }) } },
          post: {
            operationId: 'createCategory',
            requestBody: { content: { 'application/json': { schema: category } } },
            responses: { 201: answer(category) },
          },
        },
        '/categories/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          get: { operationId: 'getCategory', responses: { 200: answer(category) } },
        },
      },
      components: {
        schemas: {
          Category: {
            type: 'object',
            properties: {
              id: { type: 'integer', readOnly: true },
              name: { type: 'string' },
              children: { type: 'array', items: category },
            },
          },
        },
      },
    };
    const model = describeResources(parseContract(stringify(document), 'catalogue.yaml'));
    expect(shapesOf(model)).toEqual({
      listCategories: 'list categories',
      createCategory: 'create categories',
      getCategory: 'read categories by id',
    });
  });
});

describe('a resource listed under a record of its own kind', () => {
  it('takes itself as its parent, marked so, and keeps a parent the document does not describe as none', () => {
    const model = describeResources(parseContract(stringify(TASKS_DOCUMENT), 'tasks.yaml'));
    expect(model.resources.get('tasks')?.parent).toEqual({
      resource: 'tasks',
      param: 'task_gid',
      field: 'task_gid',
      ofItsOwnKind: true,
    });
    // Twilio's calls under an account no operation reads: no resource, and not its own kind.
    const underAnAccount = {
      ...TASKS_DOCUMENT,
      paths: { '/accounts/{accountSid}/tasks': TASKS_DOCUMENT.paths['/tasks'], ...TASKS_DOCUMENT.paths },
    };
    const calls = describeResources(parseContract(stringify(underAnAccount), 'calls.yaml'));
    expect(calls.resources.get('tasks')?.parent).toEqual({
      resource: undefined,
      param: 'accountSid',
      field: 'accountSid',
    });
  });
});

describe('singletons: a path ending in no key, read by GET and changed by PUT or PATCH', () => {
  const record = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const answers = (schema: object) => ({
    200: { description: 'ok', content: { 'application/json': { schema } } },
  });
  const takes = (schema: object) => ({ content: { 'application/json': { schema } } });
  const inUser = { type: 'object', required: ['user'], properties: { user: record('User') } };
  const document = {
    openapi: '3.0.3',
    info: { title: 'Accounts', version: '1' },
    paths: {
      '/users': {
        post: { operationId: 'createUser', requestBody: takes(inUser), responses: { 201: answers(inUser)[200] } },
      },
      '/users/{userId}': { get: { operationId: 'getUserById', responses: answers(inUser) } },
      '/user': {
        get: { operationId: 'getCurrentUser', responses: answers(inUser) },
        put: { operationId: 'updateCurrentUser', requestBody: takes(inUser), responses: answers(inUser) },
      },
      '/users/{userId}/settings': {
        get: { operationId: 'getSettings', responses: answers(record('Settings')) },
        patch: {
          operationId: 'updateSettings',
          requestBody: takes(record('Settings')),
          responses: answers(record('Settings')),
        },
      },
      '/status': { get: { operationId: 'getStatus', responses: answers(record('Settings')) } },
      '/users/{userId}/settings/theme': {
        get: { operationId: 'getTheme', responses: answers(record('Settings')) },
        put: {
          operationId: 'putTheme',
          requestBody: takes(record('Settings')),
          responses: answers(record('Settings')),
        },
      },
    },
    components: {
      schemas: {
        User: { type: 'object', properties: { id: { type: 'integer' }, email: { type: 'string' } } },
        Settings: { type: 'object', properties: { theme: { type: 'string' } } },
      },
    },
  };
  const model = describeResources(parseContract(stringify(document), 'accounts.yaml'));

  it('are resources of their own beside the collection of the same schema, keyed outside their fields', () => {
    expect(model.resources.get('user')).toMatchObject({
      collection: { name: 'user', keyField: 'singleton' },
      keyType: 'string',
      singleton: { path: '/user', key: 'user' },
    });
    expect(model.resources.get('users')?.singleton).toBeUndefined();
    expect(shapesOf(model)).toMatchObject({ getCurrentUser: 'read user', updateCurrentUser: 'replace user' });
  });

  it("under a parent's item path are one per parent record, keyed by the parent's key", () => {
    expect(model.resources.get('settings')).toMatchObject({
      collection: { name: 'settings', keyField: 'userId' },
      keyType: 'integer',
      parent: { resource: 'users', param: 'userId' },
      singleton: { path: '/users/{userId}/settings' },
    });
    expect(shapesOf(model)).toMatchObject({
      getSettings: 'read settings by userId',
      updateSettings: 'merge settings by userId',
    });
  });

  it('are not a path read only, nor one that names a key but not just before its end', () => {
    expect(model.shapes.has('getStatus')).toBe(false);
    expect(model.shapes.has('getTheme')).toBe(false);
    expect(model.shapes.has('putTheme')).toBe(false);
  });
});

describe('a key no field of the record declares', () => {
  const answers = (schema: object) => ({
    200: { description: 'ok', content: { 'application/json': { schema } } },
  });
  const modelOf = (record: object) =>
    describeResources(
      parseContract(
        stringify({
          openapi: '3.0.3',
          info: { title: 'samples', version: '1' },
          paths: {
            '/samples': {
              get: {
                operationId: 'listSamples',
                responses: answers({ type: 'object', properties: { samples: { type: 'array', items: record } } }),
              },
            },
          },
        }),
        'samples.yaml',
      ),
    );

  it('is of the type the record gives the fields it does not declare (PagerDuty’s sample records: texts)', () => {
    expect(
      modelOf({ type: 'object', additionalProperties: { type: 'string' } }).resources.get('samples')?.keyType,
    ).toBe('string');
    // Where the record says nothing of them, numbered as before.
    expect(
      modelOf({ type: 'object', properties: { note: { type: 'string' } } }).resources.get('samples')?.keyType,
    ).toBe('integer');
  });
});

describe('the resources of a registry built as Docker Engine and Harbor describe theirs', () => {
  it('key a record by its id however it is spelled, and take a create that answers no body for its item path', () => {
    const model = describeResources(parseContract(JSON.stringify(REGISTRY_DOCUMENT), 'registry.json'));
    expect(model.resources.get('volumes')?.collection.keyField).toBe('ID');
    // Only {Id} is answered, and no path reads a commit: its key is that Id, not a field of the mock's.
    expect(
      [...model.resources.values()].find((resource) => resource.collectionPaths.includes('/commit'))?.collection
        .keyField,
    ).toBe('Id');
    expect(model.resources.get('labels')).toMatchObject({
      collectionPaths: ['/labels'],
      itemPaths: ['/labels/{label_id}'],
    });
    expect(shapesOf(model)).toMatchObject({ CreateLabel: 'create labels', getAllowlist: 'read allowlist' });
  });

  it('keep a list its PUT writes whole (an array of records, not one object) a collection', () => {
    const tag = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
    const tags = { type: 'array', items: tag };
    const json = (schema: object) => ({ content: { 'application/json': { schema } } });
    const document = {
      openapi: '3.0.3',
      info: { title: 'Tags', version: '1' },
      paths: {
        '/tags': {
          get: { operationId: 'listTags', responses: { 200: { description: 'All.', ...json(tags) } } },
          put: { operationId: 'replaceTags', requestBody: json(tags), responses: { 204: { description: 'Done.' } } },
        },
      },
    };
    const model = describeResources(parseContract(JSON.stringify(document), 'tags.json'));
    expect(shapesOf(model)).toMatchObject({ listTags: 'list tags' });
  });
});
