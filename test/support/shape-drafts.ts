// Drafts whose shapes reach for the mock's bounds, as a pull request may write them: a recursion
// that ends (trees of categories), an enum of 100,000 values, thousands of paths, and names that
// are those of every JavaScript object (__proto__, constructor...). Each is a DraftEdit for
// writeDraft (drafts.ts), whose helpers write their answers as the built-in contract does.
import { COMMON_ERRORS, type DraftEdit, errors, ok } from './drafts.js';
import type { SpecDocument as Json } from './spec.js';

/**
 * Trees of categories: a tree holds nodes, each with its children and an optional next node, to
 * any depth; a recursion that ends (an optional link, an array that may be empty).
 */
export const categoryTrees: DraftEdit = (document) => {
  const name = { type: 'string', minLength: 1, maxLength: 40 };
  const node = { $ref: '#/components/schemas/TreeNode' };
  document.components.schemas.TreeNode = {
    type: 'object',
    required: ['name'],
    properties: { name, next: node, children: { type: 'array', maxItems: 5, items: node } },
  };
  document.components.schemas.Tree = {
    type: 'object',
    required: ['id', 'name', 'nodes'],
    properties: {
      id: { allOf: [{ $ref: '#/components/schemas/Id' }], readOnly: true },
      name,
      nodes: { type: 'array', maxItems: 5, items: node },
    },
  };
  document['x-error-codes'].TREE_NOT_FOUND = { status: 404, description: 'No tree has this id.' };
  document.components.responses.NotFound.content['application/json'].schema.allOf[1].properties.code.enum.push(
    'TREE_NOT_FOUND',
  );
  const tree = { $ref: '#/components/schemas/Tree' };
  document.paths['/trees'] = {
    get: {
      operationId: 'listTrees',
      tags: ['Pets'],
      summary: 'Trees',
      description: 'The trees of categories, a page at a time.',
      parameters: [{ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Offset' }],
      responses: { '200': ok('A page.', { type: 'array', items: tree }), ...errors(COMMON_ERRORS) },
    },
    post: {
      operationId: 'createTree',
      tags: ['Pets'],
      summary: 'Add a tree',
      description: 'Adds a tree.',
      requestBody: { required: true, content: { 'application/json': { schema: tree } } },
      responses: {
        '201': ok('Added.', tree, { headers: { Location: { $ref: '#/components/headers/Location' } } }),
        ...errors(COMMON_ERRORS),
      },
    },
  };
  document.paths['/trees/{treeId}'] = {
    parameters: [{ name: 'treeId', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } }],
    get: {
      operationId: 'getTree',
      tags: ['Pets'],
      summary: 'A tree',
      description: 'One tree.',
      responses: { '200': ok('It.', tree), ...errors([...COMMON_ERRORS, '404']) },
    },
    delete: {
      operationId: 'deleteTree',
      tags: ['Pets'],
      summary: 'Delete a tree',
      description: 'Removes a tree.',
      responses: { '204': { $ref: '#/components/responses/Deleted' }, ...errors([...COMMON_ERRORS, '404']) },
    },
  };
};

/** PetStatus with 100,000 values: the three of the contract first. */
export const hugeEnum: DraftEdit = (document) => {
  const status = document.components.schemas.PetStatus;
  status.enum = status.enum.concat(Array.from({ length: 100_000 - status.enum.length }, (_, at) => `status-${at}`));
};

/** `count` more paths, /things/{n}..., each one operation answered by its example. */
export const manyPaths =
  (count: number): DraftEdit =>
  (document) => {
    for (let at = 0; at < count; at += 1) {
      document.paths[`/things/n${at}`] = {
        get: {
          operationId: `getThing${at}`,
          tags: ['Store'],
          summary: `Thing ${at}`,
          description: 'A thing, as its example shows it.',
          responses: {
            '200': ok(
              'The thing.',
              { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 0 } } },
              { examples: { it: { value: { n: at } } } },
            ),
            ...errors(COMMON_ERRORS),
          },
        },
      };
    }
  };

/** The names every JavaScript object answers to: each is data like any other name of a contract. */
export const INHERITED_NAMES = ['__proto__', 'constructor', 'hasOwnProperty', 'prototype'] as const;

/** The properties of each record of `inheritedNames`. */
export const RECORD_NAMES = INHERITED_NAMES.filter((name) => name !== 'prototype');

/** `target[key] = value`, for a key that may be "__proto__" (an assignment would set the prototype). */
const define = (target: Json, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * A collection named as each inherited name (/__proto__, /constructor, ...), each record with properties of the other names (constructor required), its list filtered
 * by query parameters named constructor and __proto__ (and taking a header named __proto__), its item named by a path parameter named prototype; and
 * NewPet with an optional property of each name.
 */
export const inheritedNames: DraftEdit = (document) => {
  // Every name but prototype, which names the item's path parameter (a field of that name would key the records).
  const properties = () => {
    const named: Json = { id: { allOf: [{ $ref: '#/components/schemas/Id' }], readOnly: true } };
    for (const name of RECORD_NAMES) define(named, name, { type: 'string', minLength: 1, maxLength: 30 });
    return named;
  };
  for (const name of INHERITED_NAMES) {
    define(document.components.schemas.NewPet.properties, name, { type: 'string', maxLength: 30 });
    // The records' schema named apart from the path: a path named as its schema names a
    // collection in the plural (/pet of Pet: pets), and this one must keep the name itself.
    define(document.components.schemas, `${name}Record`, {
      type: 'object',
      required: ['id', 'constructor'],
      properties: properties(),
    });
    const record = { $ref: `#/components/schemas/${name}Record` };
    const word = name.replace(/_/g, '');
    define(document.paths, `/${name}`, {
      get: {
        operationId: `list${word}`,
        tags: ['Pets'],
        summary: `List ${name}`,
        description: 'A page at a time, filtered by constructor and __proto__.',
        parameters: [
          {
            name: 'constructor',
            in: 'query',
            description: 'Only records of this constructor.',
            schema: { type: 'string' },
          },
          {
            name: '__proto__',
            in: 'query',
            description: 'Only records of this __proto__.',
            schema: { type: 'string', maxLength: 30 },
          },
          {
            name: '__proto__',
            in: 'header',
            description: 'A header of that name, at most 3 characters.',
            schema: { type: 'string', maxLength: 3 },
          },
          { $ref: '#/components/parameters/Limit' },
          { $ref: '#/components/parameters/Offset' },
        ],
        responses: { '200': ok('A page.', { type: 'array', items: record }), ...errors(COMMON_ERRORS) },
      },
      post: {
        operationId: `create${word}`,
        tags: ['Pets'],
        summary: `Add to ${name}`,
        description: 'Adds one.',
        requestBody: { required: true, content: { 'application/json': { schema: record } } },
        responses: {
          '201': ok('Added.', record, { headers: { Location: { $ref: '#/components/headers/Location' } } }),
          ...errors(COMMON_ERRORS),
        },
      },
    });
    define(document.paths, `/${name}/{prototype}`, {
      parameters: [{ name: 'prototype', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } }],
      get: {
        operationId: `get${word}`,
        tags: ['Pets'],
        summary: `One of ${name}`,
        description: 'One.',
        responses: { '200': ok('It.', record), ...errors([...COMMON_ERRORS, '404']) },
      },
      delete: {
        operationId: `delete${word}`,
        tags: ['Pets'],
        summary: `Delete one of ${name}`,
        description: 'Removes one.',
        responses: { '204': { $ref: '#/components/responses/Deleted' }, ...errors([...COMMON_ERRORS, '404']) },
      },
    });
  }
};

/**
 * The Pet Store with the path parameter of its pets named __proto__ (`/pets/by-id/{__proto__}`,
 * `/pets/{__proto__}`, ...); the inventory keeps its {petId}, a field of its entries.
 */
export const protoPathParameter: DraftEdit = (document) => {
  define(document.components.parameters, 'ProtoPetId', { ...document.components.parameters.PetId, name: '__proto__' });
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/pets/') || !path.includes('{petId}')) continue;
    delete document.paths[path];
    define(
      document.paths,
      path.replace('{petId}', '{__proto__}'),
      JSON.parse(
        JSON.stringify(item).replaceAll('#/components/parameters/PetId', '#/components/parameters/ProtoPetId'),
      ),
    );
  }
};
