import { describe, expect, it } from '@jest/globals';
import { alikeOneOfsAsAnyOf, branchesAlike } from './alike-branches.js';
import type { JsonObject } from './json-pointer.js';

// ReadMe's API: a 401 that is one of two errors told apart only by their `error` field's default.
const baseError = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } } };
const errorNamed = (code: string) => ({
  allOf: [
    { $ref: '#/components/schemas/baseError' },
    { type: 'object', properties: { error: { type: 'string', default: code } } },
  ],
});
const documentWith = (schemas: Record<string, unknown>): JsonObject => ({
  openapi: '3.0.3',
  paths: {},
  components: {
    schemas: {
      baseError,
      ...schemas,
      Unauthorized: { oneOf: [{ $ref: '#/components/schemas/Empty' }, { $ref: '#/components/schemas/NotFound' }] },
    },
  },
});
const union = (document: JsonObject) =>
  (document.components as { schemas: Record<string, unknown> }).schemas.Unauthorized;

describe('a oneOf whose branches take the same values', () => {
  it('is read as an anyOf where the branches differ only in defaults, descriptions and examples', () => {
    const document = documentWith({ Empty: errorNamed('APIKEY_EMPTY'), NotFound: errorNamed('APIKEY_NOTFOUND') });
    expect(union(alikeOneOfsAsAnyOf(document))).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Empty' }, { $ref: '#/components/schemas/NotFound' }],
    });
    // The document itself is left as written.
    expect(union(document)).toHaveProperty('oneOf');
  });

  it('is left a oneOf where a constraint tells the branches apart, a property named like an annotation included', () => {
    const told = (code: string) => ({ ...errorNamed(code), properties: { error: { enum: [code] } } });
    const byEnum = documentWith({ Empty: told('APIKEY_EMPTY'), NotFound: told('APIKEY_NOTFOUND') });
    expect(alikeOneOfsAsAnyOf(byEnum)).toBe(byEnum);
    const withField = (name: string) => ({
      type: 'object',
      required: [name],
      properties: { [name]: { type: 'string' } },
    });
    const byName = documentWith({ Empty: withField('description'), NotFound: withField('title') });
    expect(branchesAlike(byName, [withField('description'), withField('title')])).toBe(false);
    expect(alikeOneOfsAsAnyOf(byName)).toBe(byName);
  });
});
