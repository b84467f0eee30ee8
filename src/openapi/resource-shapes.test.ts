// Resources as real APIs shape them, read from small documents of those shapes: a collection
// created and replaced on its own path (the Swagger Petstore's POST and PUT /pet), lists at other
// paths (/pet/findByStatus, /articles/feed), keys that are text fields ({username}, {slug}), one
// collection at the top level and under a parent (PetClinic's pets), single-key envelopes
// (RealWorld's {"article": {...}}), and collections named after their records' schema.
import { describe, expect, it } from '@jest/globals';
import { describeContract } from './load-contract.js';
import { describeResources, type ResourceModel } from './resource-model.js';

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const ok = (schema?: unknown, status = '200') => ({
  [status]: { description: 'Done.', ...(schema === undefined ? {} : json(schema)) },
});
const param = (name: string, type = 'integer') => ({ name, in: 'path', required: true, schema: { type } });
const query = (name: string, schema: Json) => ({ name, in: 'query', schema });

function modelOf(paths: Json, schemas: Json): ResourceModel {
  return describeResources(
    describeContract({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths, components: { schemas } }, '', 't'),
  );
}

const shapesOf = (model: ResourceModel) =>
  Object.fromEntries(
    [...model.shapes].map(([id, shape]) => [
      id,
      [
        shape.kind,
        shape.resource.name,
        shape.keyParam ? `by ${shape.keyParam}` : '',
        shape.keyInBody ? 'key in body' : '',
        shape.queryFields ? `query ${shape.queryFields.join(',')}` : '',
        shape.envelope?.request ? `takes ${shape.envelope.request}` : '',
        shape.envelope?.answer ? `answers ${shape.envelope.answer}` : '',
      ]
        .filter(Boolean)
        .join(' '),
    ]),
  );

describe('a collection made and replaced on its own path (the Swagger Petstore)', () => {
  const pet = {
    type: 'object',
    required: ['name'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      status: { type: 'string', enum: ['available', 'sold'] },
      tags: { type: 'array', items: ref('Tag') },
    },
  };
  const user = { type: 'object', properties: { id: { type: 'integer' }, username: { type: 'string' } } };
  const model = modelOf(
    {
      '/pet': {
        put: { operationId: 'updatePet', requestBody: json(ref('Pet')), responses: ok(ref('Pet')) },
        post: { operationId: 'addPet', requestBody: json(ref('Pet')), responses: ok(ref('Pet')) },
      },
      '/pet/findByStatus': {
        get: {
          operationId: 'findPetsByStatus',
          parameters: [query('status', { type: 'string' })],
          responses: ok({ type: 'array', items: ref('Pet') }),
        },
      },
      '/pet/{petId}': {
        parameters: [param('petId')],
        get: { operationId: 'getPetById', responses: ok(ref('Pet')) },
        post: {
          operationId: 'updatePetWithForm',
          parameters: [query('name', { type: 'string' }), query('status', { type: 'string' })],
          responses: ok(ref('Pet')),
        },
        delete: { operationId: 'deletePet', responses: ok() },
      },
      '/user': { post: { operationId: 'createUser', requestBody: json(ref('User')), responses: ok(ref('User')) } },
      '/user/login': { post: { operationId: 'login', requestBody: json(ref('User')), responses: ok(ref('User')) } },
      '/user/{username}': {
        parameters: [param('username', 'string')],
        get: { operationId: 'getUser', responses: ok(ref('User')) },
        put: { operationId: 'updateUser', requestBody: json(ref('User')), responses: ok() },
      },
    },
    {
      Pet: pet,
      Tag: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      User: user,
    },
  );

  it('is one collection, named after its records in the plural, with the lists elsewhere its own', () => {
    expect([...model.resources.keys()]).toEqual(['pets', 'users']);
    expect(model.resources.get('pets')).toMatchObject({
      collection: { name: 'pets', keyField: 'id', counter: 'pet' },
      collectionPaths: ['/pet', '/pet/findByStatus'],
      itemPaths: ['/pet/{petId}'],
    });
    expect(model.resources.get('users')).toMatchObject({
      collection: { name: 'users', keyField: 'username' },
      keyType: 'string',
    });
  });

  it('creates with a POST answering 200, replaces with the key in the body, updates by POST from the query', () => {
    expect(shapesOf(model)).toEqual({
      addPet: 'create pets',
      updatePet: 'replace pets key in body',
      findPetsByStatus: 'list pets',
      getPetById: 'read pets by petId',
      updatePetWithForm: 'merge pets by petId query name,status',
      deletePet: 'delete pets by petId',
      createUser: 'create users',
      getUser: 'read users by username',
      updateUser: 'replace users by username',
    });
  });
});

describe('a collection at the top level and under its parent (PetClinic)', () => {
  const owner = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } };
  const pet = {
    type: 'object',
    required: ['name'],
    properties: {
      id: { type: 'integer', readOnly: true },
      ownerId: { type: 'integer', readOnly: true },
      name: { type: 'string' },
    },
  };
  const model = modelOf(
    {
      '/owners': {
        get: { operationId: 'listOwners', responses: ok({ type: 'array', items: ref('Owner') }) },
        post: { operationId: 'addOwner', requestBody: json(ref('Owner')), responses: ok(ref('Owner'), '201') },
      },
      '/owners/{ownerId}': {
        get: { operationId: 'getOwner', parameters: [param('ownerId')], responses: ok(ref('Owner')) },
      },
      '/owners/{ownerId}/pets': {
        post: {
          operationId: 'addPetToOwner',
          parameters: [param('ownerId')],
          requestBody: json(ref('Pet')),
          responses: ok(ref('Pet'), '201'),
        },
      },
      '/owners/{ownerId}/pets/{petId}': {
        get: { operationId: 'getOwnersPet', parameters: [param('ownerId'), param('petId')], responses: ok(ref('Pet')) },
      },
      '/pets': { get: { operationId: 'listPets', responses: ok({ type: 'array', items: ref('Pet') }) } },
      '/pets/{petId}': {
        parameters: [param('petId')],
        get: { operationId: 'getPet', responses: ok(ref('Pet')) },
        delete: { operationId: 'deletePet', responses: ok(ref('Pet')) },
      },
    },
    { Owner: owner, Pet: pet },
  );

  it('is one collection whose parent is named by the paths under it', () => {
    expect(model.resources.get('pets')).toMatchObject({
      collectionPaths: ['/pets', '/owners/{ownerId}/pets'],
      itemPaths: ['/owners/{ownerId}/pets/{petId}', '/pets/{petId}'],
      parent: { resource: 'owners', param: 'ownerId' },
      readPaths: ['/owners/{ownerId}/pets/{petId}', '/pets/{petId}'],
    });
    expect(shapesOf(model)).toMatchObject({
      addPetToOwner: 'create pets',
      getOwnersPet: 'read pets by petId',
      listPets: 'list pets',
      getPet: 'read pets by petId',
      deletePet: 'delete pets by petId',
    });
  });
});

describe('records in single-key envelopes, keyed by a slug (RealWorld)', () => {
  const article = {
    type: 'object',
    required: ['slug', 'title', 'body'],
    properties: {
      slug: { type: 'string' },
      title: { type: 'string' },
      body: { type: 'string' },
      author: ref('Profile'),
    },
  };
  const single = (name: string, schema: unknown) => ({
    type: 'object',
    required: [name],
    properties: { [name]: schema },
  });
  const list = {
    type: 'object',
    properties: { articles: { type: 'array', items: ref('Article') }, articlesCount: { type: 'integer' } },
  };
  const model = modelOf(
    {
      '/articles/feed': { get: { operationId: 'feed', responses: ok(list) } },
      '/articles': {
        get: { operationId: 'listArticles', responses: ok(list) },
        post: {
          operationId: 'createArticle',
          requestBody: json(single('article', ref('NewArticle'))),
          responses: ok(single('article', ref('Article')), '201'),
        },
      },
      '/articles/{slug}': {
        parameters: [param('slug', 'string')],
        get: { operationId: 'getArticle', responses: ok(single('article', ref('Article'))) },
        put: {
          operationId: 'updateArticle',
          requestBody: json(single('article', ref('UpdateArticle'))),
          responses: ok(single('article', ref('Article'))),
        },
        delete: { operationId: 'deleteArticle', responses: { '204': { description: 'Gone.' } } },
      },
      '/profiles/{username}': {
        get: {
          operationId: 'getProfile',
          parameters: [param('username', 'string')],
          responses: ok(single('profile', ref('Profile'))),
        },
      },
    },
    {
      Article: article,
      NewArticle: {
        type: 'object',
        required: ['title', 'body'],
        properties: { title: { type: 'string' }, body: { type: 'string' } },
      },
      UpdateArticle: { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string' } } },
      Profile: {
        type: 'object',
        required: ['username'],
        properties: { username: { type: 'string' }, bio: { type: 'string' } },
      },
    },
  );

  it('names the collection after its records, the feed a list of them', () => {
    expect(model.resources.get('articles')).toMatchObject({
      collection: { name: 'articles', keyField: 'slug' },
      collectionPaths: ['/articles', '/articles/feed'],
      recordSchema: { $ref: '#/components/schemas/Article' },
    });
    expect(model.resources.get('profiles')).toMatchObject({
      collection: { name: 'profiles', keyField: 'username' },
      recordSchema: { $ref: '#/components/schemas/Profile' },
    });
  });

  it('takes and answers each record in its envelope; an update whose fields are all optional merges', () => {
    expect(shapesOf(model)).toEqual({
      feed: 'list articles',
      listArticles: 'list articles',
      createArticle: 'create articles takes article answers article',
      getArticle: 'read articles by slug answers article',
      updateArticle: 'merge articles by slug takes article answers article',
      deleteArticle: 'delete articles by slug',
      getProfile: 'read profiles by username answers profile',
    });
  });
});

describe('names', () => {
  it('keep a path word that names the records, and take the schema where only a list elsewhere names none', () => {
    const hours = { type: 'object', properties: { date: { type: 'string' } } };
    const model = modelOf(
      {
        '/museum-hours': {
          get: { operationId: 'hours', responses: ok({ type: 'array', items: ref('MuseumDailyHours') }) },
        },
        '/me/feed': { get: { operationId: 'myFeed', responses: ok({ type: 'array', items: ref('PostResponse') }) } },
      },
      { MuseumDailyHours: hours, PostResponse: { type: 'object', properties: { id: { type: 'string' } } } },
    );
    expect([...model.resources.keys()]).toEqual(['museum-hours', 'posts']);
  });
});

describe('a replacement whose body may name the key', () => {
  it('replaces, the key kept from the path: only a required field the body leaves optional makes it a merge', () => {
    const owner = (required: string[]) => ({
      type: 'object',
      required,
      properties: { id: { type: 'integer' }, name: { type: 'string' }, city: { type: 'string' } },
    });
    const model = modelOf(
      {
        '/owners': {
          post: { operationId: 'createOwner', requestBody: json(ref('NewOwner')), responses: ok(ref('Owner'), '201') },
        },
        '/owners/{ownerId}': {
          parameters: [param('ownerId')],
          get: { operationId: 'getOwner', responses: ok(ref('Owner')) },
          put: { operationId: 'replaceOwner', requestBody: json(ref('NewOwner')), responses: ok(ref('Owner')) },
        },
      },
      { NewOwner: owner(['name']), Owner: owner(['id', 'name']) },
    );
    expect(shapesOf(model).replaceOwner).toBe('replace owners by ownerId');
  });
});

describe('a search by POST that answers a page of the records (STAPI)', () => {
  const character = { type: 'object', properties: { uid: { type: 'string' }, name: { type: 'string' } } };
  const page = {
    type: 'object',
    properties: { page: { type: 'object' }, characters: { type: 'array', items: ref('CharacterBase') } },
  };
  const filters = {
    content: {
      'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { name: { type: 'string' } } } },
    },
  };
  const model = modelOf(
    {
      '/character/search': {
        get: { operationId: 'searchCharacters', responses: ok(ref('CharacterBaseResponse')) },
        post: { operationId: 'findCharacters', requestBody: filters, responses: ok(ref('CharacterBaseResponse')) },
      },
    },
    { CharacterBase: character, CharacterBaseResponse: page },
  );

  it('lists the records by GET, and makes none by POST: its answer is a page of them, not one', () => {
    expect(shapesOf(model)).toEqual({ searchCharacters: 'list search' });
  });
});
