// Drafts of the contract, as an API team writes them in a pull request: the built-in contract
// with a field, a resource, a sub-collection, an operation answered by its example, an operation
// removed or an enum value added. Each is written to a folder of its own, as a user would keep it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSplitDraft } from './contract-drafts.js';
import { type SpecDocument as Json, loadPetstoreSpec } from './spec.js';

export type DraftEdit = (document: Json) => void;

const LIMIT_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};
export const errors = (statuses: readonly string[]) =>
  Object.fromEntries(
    statuses.map((status) => {
      const names: Record<string, string> = {
        '400': 'BadRequest',
        '401': 'Unauthorized',
        '403': 'Banned',
        '404': 'NotFound',
        '429': 'TooManyRequests',
        '500': 'InternalError',
      };
      return [status, { $ref: `#/components/responses/${names[status]}` }];
    }),
  );
export const COMMON_ERRORS = ['400', '401', '403', '429', '500'];
export const ok = (description: string, schema: Json, extra: Json = {}) => ({
  description,
  headers: { ...LIMIT_HEADERS, ...(extra.headers ?? {}) },
  content: { 'application/json': { schema, ...(extra.examples ? { examples: extra.examples } : {}) } },
});

/** A 409 answer with the Error object of one code. */
const conflict = (description: string, code: string) => ({
  description,
  headers: LIMIT_HEADERS,
  content: {
    'application/json': {
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Error' },
          { properties: { status: { const: 409 }, code: { enum: [code] } } },
        ],
      },
    },
  },
});

/** NewPet gains `tags` (default []) and `nickname`; Pet, built on it, answers them. */
export const petTags: DraftEdit = (document) => {
  const properties = document.components.schemas.NewPet.properties;
  properties.tags = {
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: 30 },
    maxItems: 10,
    default: [],
    description: 'Labels of the pet.',
  };
  properties.nickname = { type: 'string', minLength: 1, maxLength: 50, description: 'What its family calls it.' };
};

/** PetStatus gains `reserved`. */
export const reservedStatus: DraftEdit = (document) => {
  document.components.schemas.PetStatus.enum.push('reserved');
};

/** A pet's photos: a sub-collection under /pets/by-id/{petId}, with its own item path. */
export const petPhotos: DraftEdit = (document) => {
  document.components.schemas.Photo = {
    type: 'object',
    required: ['id', 'url'],
    properties: {
      id: { allOf: [{ $ref: '#/components/schemas/Id' }], readOnly: true },
      url: { type: 'string', format: 'uri', maxLength: 500 },
      caption: { type: 'string', maxLength: 200 },
      takenAt: { type: 'string', format: 'date-time', readOnly: true },
    },
  };
  document['x-error-codes'].PHOTO_NOT_FOUND = { status: 404, description: 'No photo of this pet has this id.' };
  document.components.responses.NotFound.content['application/json'].schema.allOf[1].properties.code.enum.push(
    'PHOTO_NOT_FOUND',
  );
  const petId = { $ref: '#/components/parameters/PetId' };
  const photoId = { name: 'photoId', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } };
  document.paths['/pets/by-id/{petId}/photos'] = subCollection('Pets', 'PetPhoto', 'Photo', [petId]);
  document.paths['/pets/by-id/{petId}/photos/{photoId}'] = subItem('Pets', 'PetPhoto', 'Photo', [petId, photoId]);
};

/** A sub-collection's path item: its list (listNames) and its create (addName), tagged `tag`. */
const subCollection = (tag: string, name: string, schema: string, parameters: Json[]) => ({
  parameters,
  get: {
    operationId: `list${name}s`,
    tags: [tag],
    summary: `${name}s`,
    description: `The ${name.toLowerCase()}s.`,
    parameters: [{ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Offset' }],
    responses: {
      '200': ok('A page.', { type: 'array', items: { $ref: `#/components/schemas/${schema}` } }),
      ...errors([...COMMON_ERRORS, '404']),
    },
  },
  post: {
    operationId: `add${name}`,
    tags: [tag],
    summary: `Add a ${name.toLowerCase()}`,
    description: 'Adds one.',
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
    },
    responses: {
      '201': ok(
        'Added.',
        { $ref: `#/components/schemas/${schema}` },
        { headers: { Location: { $ref: '#/components/headers/Location' } } },
      ),
      ...errors([...COMMON_ERRORS, '404']),
    },
  },
});
/** A sub-collection's item: its read (getName) and its delete (deleteName). */
const subItem = (tag: string, name: string, schema: string, parameters: Json[]) => ({
  parameters,
  get: {
    operationId: `get${name}`,
    tags: [tag],
    summary: `A ${name.toLowerCase()}`,
    description: 'One.',
    responses: { '200': ok('It.', { $ref: `#/components/schemas/${schema}` }), ...errors([...COMMON_ERRORS, '404']) },
  },
  delete: {
    operationId: `delete${name}`,
    tags: [tag],
    summary: `Delete a ${name.toLowerCase()}`,
    description: 'Removes one.',
    responses: { '204': { $ref: '#/components/responses/Deleted' }, ...errors([...COMMON_ERRORS, '404']) },
  },
});

/**
 * A category's photos: a second collection named photos, of records of another shape, under
 * /categories/{categoryId}. Its records are numbered apart from a pet's photos.
 */
export const categoryPhotos: DraftEdit = (document) => {
  document.components.schemas.CategoryPhoto = {
    type: 'object',
    required: ['id', 'url', 'width'],
    properties: {
      id: { allOf: [{ $ref: '#/components/schemas/Id' }], readOnly: true },
      url: { type: 'string', format: 'uri', maxLength: 500 },
      width: { type: 'integer', minimum: 1, maximum: 10000 },
    },
  };
  const categoryId = { $ref: '#/components/parameters/CategoryId' };
  const photoId = { name: 'photoId', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } };
  document.paths['/categories/{categoryId}/photos'] = subCollection('Categories', 'CategoryPhoto', 'CategoryPhoto', [
    categoryId,
  ]);
  document.paths['/categories/{categoryId}/photos/{photoId}'] = subItem(
    'Categories',
    'CategoryPhoto',
    'CategoryPhoto',
    [categoryId, photoId],
  );
};

/** Owners: a new top-level resource, listed with a filter, created, read, replaced, merged and deleted. */
export const owners: DraftEdit = (document) => {
  document.components.schemas.NewOwner = {
    type: 'object',
    required: ['name', 'email'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      email: { type: 'string', format: 'email', maxLength: 200 },
      city: { type: 'string', maxLength: 100 },
      vip: { type: 'boolean', default: false },
    },
  };
  document.components.schemas.Owner = {
    allOf: [
      { $ref: '#/components/schemas/NewOwner' },
      { type: 'object', required: ['id'], properties: { id: { $ref: '#/components/schemas/Id' } } },
    ],
  };
  // No minProperties: express-openapi-validator fills vip's default into `{}` before it counts them.
  document.components.schemas.OwnerChange = {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      city: { type: 'string', maxLength: 100 },
      vip: { type: 'boolean', default: false, description: 'Left out of a change, it stays as it was.' },
    },
  };
  document['x-error-codes'].OWNER_NOT_FOUND = { status: 404, description: 'No owner has this id.' };
  document.components.responses.NotFound.content['application/json'].schema.allOf[1].properties.code.enum.push(
    'OWNER_NOT_FOUND',
  );
  const ownerId = { name: 'ownerId', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } };
  const body = (schema: string) => ({
    required: true,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
  });
  const owner = { $ref: '#/components/schemas/Owner' };
  document.paths['/owners'] = {
    get: {
      operationId: 'listOwners',
      tags: ['Owners'],
      summary: 'List owners',
      description: 'Owners, a page at a time.',
      parameters: [
        {
          name: 'city',
          in: 'query',
          description: 'Only owners of this city.',
          schema: { type: 'string', maxLength: 100 },
        },
        { name: 'vip', in: 'query', description: 'Only VIPs, or only the others.', schema: { type: 'boolean' } },
        { $ref: '#/components/parameters/Limit' },
        { $ref: '#/components/parameters/Offset' },
      ],
      responses: {
        '200': ok(
          'A page of owners.',
          { type: 'array', items: owner },
          {
            headers: { 'X-Total-Count': { $ref: '#/components/headers/X-Total-Count' } },
          },
        ),
        ...errors(COMMON_ERRORS),
      },
    },
    post: {
      operationId: 'createOwner',
      tags: ['Owners'],
      summary: 'Create an owner',
      description: 'Adds an owner.',
      requestBody: body('NewOwner'),
      responses: {
        '201': ok('The owner.', owner, { headers: { Location: { $ref: '#/components/headers/Location' } } }),
        ...errors(COMMON_ERRORS),
      },
    },
  };
  document.paths['/owners/{ownerId}'] = {
    parameters: [ownerId],
    get: {
      operationId: 'getOwner',
      tags: ['Owners'],
      summary: 'Read an owner',
      description: 'One owner.',
      responses: { '200': ok('The owner.', owner), ...errors([...COMMON_ERRORS, '404']) },
    },
    put: {
      operationId: 'replaceOwner',
      tags: ['Owners'],
      summary: 'Replace an owner',
      description: 'Replaces every field.',
      requestBody: body('NewOwner'),
      responses: { '200': ok('The owner.', owner), ...errors([...COMMON_ERRORS, '404']) },
    },
    patch: {
      operationId: 'changeOwner',
      tags: ['Owners'],
      summary: 'Change an owner',
      description: 'Changes the fields sent.',
      requestBody: body('OwnerChange'),
      responses: { '200': ok('The owner.', owner), ...errors([...COMMON_ERRORS, '404']) },
    },
    delete: {
      operationId: 'deleteOwner',
      tags: ['Owners'],
      summary: 'Delete an owner',
      description: 'Removes an owner.',
      responses: { '204': { $ref: '#/components/responses/Deleted' }, ...errors([...COMMON_ERRORS, '404']) },
    },
  };
  document.tags.push({ name: 'Owners', description: 'The people pets go home with.' });
};

/** GET /store/stats: a report the draft only sketches with an example. */
export const storeStats: DraftEdit = (document) => {
  document.paths['/store/stats'] = {
    get: {
      operationId: 'getStoreStats',
      tags: ['Store'],
      summary: "The store's figures",
      description: 'Pets for sale and orders open.',
      responses: {
        '200': ok(
          'The figures.',
          {
            type: 'object',
            required: ['petsForSale', 'openOrders'],
            properties: { petsForSale: { type: 'integer', minimum: 0 }, openOrders: { type: 'integer', minimum: 0 } },
          },
          { examples: { today: { value: { petsForSale: 42, openOrders: 7 } } } },
        ),
        ...errors(COMMON_ERRORS),
      },
    },
  };
};

/** DELETE /categories/{categoryId} is gone from the draft. */
export const noCategoryDelete: DraftEdit = (document) => {
  delete document.paths['/categories/{categoryId}'].delete;
};

/**
 * After `owners`: a create may choose the owner's id (a draft that has not made it readOnly yet),
 * and lists the 409 of an id taken.
 */
export const ownerIdsByClient: DraftEdit = (document) => {
  document.components.schemas.NewOwner.properties.id = { $ref: '#/components/schemas/Id' };
  document['x-error-codes'].OWNER_ID_TAKEN = { status: 409, description: 'An owner already has this id.' };
  document.components.responses.OwnerConflict = conflict('An owner already has this id.', 'OWNER_ID_TAKEN');
  document.paths['/owners'].post.responses['409'] = { $ref: '#/components/responses/OwnerConflict' };
};

/** With ownerIdsByClient: every create must send the owner's id; the mock numbers none. */
export const ownerIdsRequired: DraftEdit = (document) => {
  document.components.schemas.NewOwner.required.push('id');
};

/** An owner's code and phone, each of a pattern that faker's own regular expressions cannot write. */
export const ownerCodes: DraftEdit = (document) => {
  const schema = document.components.schemas.NewOwner;
  schema.properties.code = { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$', description: 'Its code.' };
  schema.properties.phone = { type: 'string', pattern: '^\\+?[0-9]{6,15}$', maxLength: 16, description: 'Its phone.' };
  schema.required.push('code', 'phone');
};

/**
 * An owner's names as real documents write them: letters of any script (Spring PetClinic's \p{L}),
 * a handle valid JavaScript only without the u flag, and a referral code on which V8's own engine
 * backtracks without end (`^(a|aa)+$` on `aaa…a!`).
 */
export const ownerPatternsOfRealDocuments: DraftEdit = (document) => {
  const schema = document.components.schemas.NewOwner;
  schema.properties.firstName = { type: 'string', pattern: "^[\\p{L}]+([ '-][\\p{L}]+){0,2}$", maxLength: 30 };
  schema.properties.handle = { type: 'string', pattern: '^[a-zA-Z0-9_\\-\\:]+$', maxLength: 20 };
  schema.properties.referral = { type: 'string', pattern: '^(a|aa)+$', maxLength: 12 };
  schema.required.push('firstName', 'handle', 'referral');
};

/** An owner's city may be null (OpenAPI 3.1's type list), in what a client sends and what it is answered. */
export const ownerCityNullable: DraftEdit = (document) => {
  for (const schema of ['NewOwner', 'OwnerChange'])
    document.components.schemas[schema].properties.city = { type: ['string', 'null'], maxLength: 100 };
};

/** A replacement and a merge of an owner answer 204, without the record. */
export const ownerChangesAnswerNoContent: DraftEdit = (document) => {
  for (const method of ['put', 'patch']) {
    const responses = document.paths['/owners/{ownerId}'][method].responses;
    responses['204'] = { description: 'Changed.', headers: responses['200'].headers };
    delete responses['200'];
  }
};

/** With owners: an owner's visits, and each visit's notes, two levels of sub-collections. */
export const ownerVisitNotes: DraftEdit = (document) => {
  const record = (fields: Json) => ({
    type: 'object',
    required: ['id', ...Object.keys(fields)],
    properties: { id: { allOf: [{ $ref: '#/components/schemas/Id' }], readOnly: true }, ...fields },
  });
  document.components.schemas.Visit = record({ reason: { type: 'string', maxLength: 100 } });
  document.components.schemas.Note = record({ text: { type: 'string', maxLength: 500 } });
  for (const code of ['VISIT_NOT_FOUND', 'NOTE_NOT_FOUND']) {
    document['x-error-codes'][code] = { status: 404, description: 'Not there.' };
    document.components.responses.NotFound.content['application/json'].schema.allOf[1].properties.code.enum.push(code);
  }
  const param = (name: string) => ({ name, in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } });
  const [ownerId, visitId, noteId] = [param('ownerId'), param('visitId'), param('noteId')];
  document.paths['/owners/{ownerId}/visits'] = subCollection('Owners', 'Visit', 'Visit', [ownerId]);
  document.paths['/owners/{ownerId}/visits/{visitId}'] = subItem('Owners', 'Visit', 'Visit', [ownerId, visitId]);
  document.paths['/owners/{ownerId}/visits/{visitId}/notes'] = subCollection('Owners', 'Note', 'Note', [
    ownerId,
    visitId,
  ]);
  document.paths['/owners/{ownerId}/visits/{visitId}/notes/{noteId}'] = subItem('Owners', 'Note', 'Note', [
    ownerId,
    visitId,
    noteId,
  ]);
};

/** An action on a pet: POST /pets/by-id/{petId}/vaccinate answers 204, or 404 for a pet not there. */
export const petVaccinate: DraftEdit = (document) => {
  document.paths['/pets/by-id/{petId}/vaccinate'] = {
    parameters: [{ $ref: '#/components/parameters/PetId' }],
    post: {
      operationId: 'vaccinatePet',
      tags: ['Pets'],
      summary: 'Vaccinate a pet',
      description: 'Records a vaccination.',
      responses: {
        '204': { description: 'Vaccinated.', headers: LIMIT_HEADERS },
        ...errors([...COMMON_ERRORS, '404']),
      },
    },
  };
};

/** With owners: an owner is named by a UUID the server gives, not by a number. */
export const ownerUuids: DraftEdit = (document) => {
  document.components.schemas.Owner.allOf[1].properties.id = { type: 'string', format: 'uuid', readOnly: true };
  for (const path of Object.keys(document.paths).filter((path) => path.startsWith('/owners/{ownerId}')))
    for (const parameter of document.paths[path].parameters ?? [])
      if (parameter.name === 'ownerId') parameter.schema = { type: 'string', format: 'uuid' };
};

/** Breeds: a resource named by a code the client chooses, its path parameter {breedCode}. */
export const breeds: DraftEdit = (document) => {
  document.components.schemas.Breed = {
    type: 'object',
    required: ['code', 'label'],
    properties: {
      code: { type: 'string', pattern: '^[A-Z]{3}$', description: 'Three capitals.' },
      label: { type: 'string', minLength: 1, maxLength: 60 },
    },
  };
  document['x-error-codes'].BREED_NOT_FOUND = { status: 404, description: 'No breed has this code.' };
  document['x-error-codes'].BREED_CODE_TAKEN = { status: 409, description: 'A breed has this code.' };
  document.components.responses.NotFound.content['application/json'].schema.allOf[1].properties.code.enum.push(
    'BREED_NOT_FOUND',
  );
  const breed = { $ref: '#/components/schemas/Breed' };
  const taken = conflict('A breed has this code.', 'BREED_CODE_TAKEN');
  document.paths['/breeds'] = {
    get: {
      operationId: 'listBreeds',
      tags: ['Pets'],
      summary: 'Breeds',
      description: 'The breeds, a page at a time.',
      parameters: [{ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Offset' }],
      responses: { '200': ok('A page.', { type: 'array', items: breed }), ...errors(COMMON_ERRORS) },
    },
    post: {
      operationId: 'createBreed',
      tags: ['Pets'],
      summary: 'Add a breed',
      description: 'Adds a breed under its code.',
      requestBody: { required: true, content: { 'application/json': { schema: breed } } },
      responses: {
        '201': ok('Added.', breed, { headers: { Location: { $ref: '#/components/headers/Location' } } }),
        '409': taken,
        ...errors(COMMON_ERRORS),
      },
    },
  };
  document.paths['/breeds/{breedCode}'] = {
    parameters: [{ name: 'breedCode', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Z]{3}$' } }],
    get: {
      operationId: 'getBreed',
      tags: ['Pets'],
      summary: 'A breed',
      description: 'One breed.',
      responses: { '200': ok('It.', breed), ...errors([...COMMON_ERRORS, '404']) },
    },
    delete: {
      operationId: 'deleteBreed',
      tags: ['Pets'],
      summary: 'Delete a breed',
      description: 'Removes a breed.',
      responses: { '204': { $ref: '#/components/responses/Deleted' }, ...errors([...COMMON_ERRORS, '404']) },
    },
  };
};

/** A new category must say which icon shows it: a required field the suite's own checks never sent. */
export const categoryIcon: DraftEdit = (document) => {
  const schema = document.components.schemas.NewCategory;
  schema.properties.icon = { type: 'string', minLength: 1, maxLength: 40, description: 'Its icon.' };
  schema.required.push('icon');
};

/**
 * A pet's name narrowed: only a's, at most 50 of them (the suite's own names, contract-pet-…
 * and 100 long, fit neither); and fields of formats generators draw as plain words, required.
 */
export const petNameNarrowed: DraftEdit = (document) => {
  const schema = document.components.schemas.NewPet;
  Object.assign(schema.properties.name, { pattern: '^a+$', maxLength: 50 });
  schema.properties.feeding = { type: 'string', format: 'time' };
  schema.properties.rest = { type: 'string', format: 'duration' };
  schema.properties.home = { type: 'string', format: 'json-pointer' };
  schema.required.push('feeding', 'rest', 'home');
};

/**
 * A pet's weight in steps of 1e-7 from 0.1, its price in cents, and a dose in quarters from a
 * minimum that is none: 0.1 / 1e-7 and 0.3 / 0.1 are no whole numbers to doubles, though both
 * are multiples as people write them.
 */
export const petNumbersInSteps: DraftEdit = (document) => {
  const schema = document.components.schemas.NewPet;
  schema.properties.weight = { type: 'number', multipleOf: 1e-7, minimum: 0.1, maximum: 1e12 };
  schema.properties.price = { type: 'number', multipleOf: 0.01, minimum: 0, maximum: 1000 };
  schema.properties.dose = { type: 'number', multipleOf: 0.25, minimum: 0.1, maximum: 10 };
  schema.required.push('weight', 'price', 'dose');
};

/** listPets answering an object of its own instead of the list of pets (a success among many). */
export const petsListedAsAnObject: DraftEdit = (document) => {
  const answer = document.paths['/pets'].get.responses['200'];
  answer.content = { 'application/json': { schema: { type: 'object', properties: { n: { type: 'integer' } } } } };
  delete answer.headers;
};

/**
 * A category's code a text or a number in its requests, a text only in its answers (Box's
 * retention_length): a number sent would be stored and break every answer.
 */
export const categoryCodeTypedNarrowerInAnswers: DraftEdit = (document) => {
  document.components.schemas.NewCategory.properties.code = { oneOf: [{ type: 'string' }, { type: 'number' }] };
  document.components.schemas.Category.allOf[1].properties.code = { type: 'string' };
};

/**
 * A category's name narrowed in its answers only: Category.name (through its allOf) takes only
 * x's ending in y, NewCategory.name any text. The contract contradicts itself.
 */
export const categoryNameNarrowedInAnswers: DraftEdit = (document) => {
  document.components.schemas.Category.allOf[1].properties.name = { type: 'string', pattern: '^(x+x+)+y$' };
};

/**
 * createPet's body taken as a JSON type of the draft's own (with a parameter), as text, and as any
 * type at all (an empty schema): only its JSON type holds NewPet, and no type earns a 415.
 */
export const petBodyOfVendorType: DraftEdit = (document) => {
  document.paths['/pets'].post.requestBody = {
    required: true,
    content: {
      'application/vnd.pet+json; charset=utf-8': { schema: { $ref: '#/components/schemas/NewPet' } },
      'text/plain': { schema: { type: 'string' } },
      '*/*': { schema: {} },
    },
  };
};

/**
 * listOwners paged by number, as Spring Data answers: `page` (from 1) and `size` in the query, an
 * envelope of the page's owners with its number, size and the totals; no Link, no X-Total-Count.
 */
export const ownersPagedByNumber: DraftEdit = (document) => {
  const list = document.paths['/owners'].get;
  list.parameters = [
    ...list.parameters.filter((parameter: Json) => !String(parameter.$ref ?? '').match(/Limit|Offset/)),
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
    { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
  ];
  list.responses['200'] = ok('A page of owners.', {
    type: 'object',
    required: ['content', 'page', 'size', 'totalElements', 'totalPages'],
    additionalProperties: false,
    properties: {
      content: { type: 'array', items: { $ref: '#/components/schemas/Owner' } },
      page: { type: 'integer', minimum: 1 },
      size: { type: 'integer', minimum: 1 },
      totalElements: { type: 'integer', minimum: 0 },
      totalPages: { type: 'integer', minimum: 0 },
    },
  });
};

/** Every change above at once (and `more`): the draft the tests of drafts serve and check. */
export function writeFullDraft(...more: DraftEdit[]): Promise<string> {
  return writeDraft(petTags, reservedStatus, petPhotos, owners, storeStats, noCategoryDelete, (document) => {
    for (const edit of more) edit(document);
  });
}

/** The built-in contract with `edits`, as parsed YAML. */
export async function draftDocument(...edits: DraftEdit[]): Promise<Json> {
  const document = loadPetstoreSpec();
  for (const edit of edits) edit(document);
  return document;
}

/** Writes a draft to a folder of its own, split over files as a team keeps it; answers its first file. */
export async function writeDraft(...edits: DraftEdit[]): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'petstore-draft-'));
  return writeSplitDraft(folder, (document) => {
    for (const edit of edits) edit(document);
  });
}

/** Every response object of a document: its operations' and its components'. */
function responseObjects(document: Json): Json[] {
  const ofOperations = Object.values(document.paths as Json).flatMap((item: Json) =>
    Object.values(item).flatMap((operation: Json) => Object.values(operation?.responses ?? {})),
  );
  return [...ofOperations, ...Object.values(document.components.responses ?? {})] as Json[];
}

/**
 * The draft of a team that moves its errors to RFC 9457 problem details: Error becomes
 * `{type, title, status, detail, instance}`, answered as application/problem+json.
 */
export const problemDetails: DraftEdit = (document) => {
  document.components.schemas.Error = {
    type: 'object',
    description: 'A problem details object (RFC 9457).',
    required: ['type', 'title', 'status'],
    properties: {
      type: { type: 'string', format: 'uri-reference' },
      title: { type: 'string' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: { type: 'string' },
      instance: { type: 'string', format: 'uri-reference' },
    },
  };
  for (const response of responseObjects(document)) {
    const json = response.content?.['application/json'];
    if (json && JSON.stringify(json.schema ?? {}).includes('#/components/schemas/Error')) {
      response.content = { 'application/problem+json': json };
    }
  }
};

/** The draft of a team that moves from X-API-Key to bearer tokens. */
export const bearerTokens: DraftEdit = (document) => {
  document.components.securitySchemes = { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'opaque' } };
  document.security = [{ bearer: [] }];
};

/** Writes a draft as one JSON file in a folder of its own, as a generated contract comes; answers the file. */
export async function writeOneFileDraft(...edits: DraftEdit[]): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'petstore-draft-')), 'openapi.json');
  const document = loadPetstoreSpec();
  for (const edit of edits) edit(document);
  await writeFile(file, JSON.stringify(document));
  return file;
}
