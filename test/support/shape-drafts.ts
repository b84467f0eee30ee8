// Drafts whose shapes reach for the mock's bounds, as a pull request may write them: names that
// are those of every JavaScript object (__proto__, constructor...). Each is a DraftEdit for
// writeDraft (drafts.ts), whose helpers write their answers as the built-in contract does.
import { COMMON_ERRORS, type DraftEdit, errors, ok } from './drafts.js';
import type { SpecDocument as Json } from './spec.js';

/** The names every JavaScript object answers to: each is data like any other name of a contract. */
export const INHERITED_NAMES = ['__proto__', 'constructor', 'hasOwnProperty', 'prototype'] as const;

/** The properties of each record of `inheritedNames`. */
export const RECORD_NAMES = INHERITED_NAMES.filter((name) => name !== 'prototype');

/** `target[key] = value`, for a key that may be "__proto__" (an assignment would set the prototype). */
const define = (target: Json, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * A collection named as each inherited name (/__proto__, /constructor, ...), its schema named so
 * too, each record with properties of the other names (constructor required), its list filtered
 * by a query parameter named constructor, its item named by a path parameter named prototype; and
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
    define(document.components.schemas, name, {
      type: 'object',
      required: ['id', 'constructor'],
      properties: properties(),
    });
    const record = { $ref: `#/components/schemas/${name}` };
    const word = name.replace(/_/g, '');
    define(document.paths, `/${name}`, {
      get: {
        operationId: `list${word}`,
        tags: ['Pets'],
        summary: `List ${name}`,
        description: 'A page at a time, filtered by constructor.',
        parameters: [
          {
            name: 'constructor',
            in: 'query',
            description: 'Only records of this constructor.',
            schema: { type: 'string' },
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
