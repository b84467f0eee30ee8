// A readOnly property required beside the allOf that declares it: moved into the part, for the
// validator (express-openapi-validator's issue #883), the same schema to JSON Schema.
import { describe, expect, it } from '@jest/globals';
import { PETSTORE_SPEC_FILE } from '../package-root.js';
import type { JsonObject } from './json-pointer.js';
import { loadContract } from './load-contract.js';
import { withReadOnlyRequiredInParts } from './read-only-required.js';

const vetFields = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };

describe('a readOnly requirement beside an allOf', () => {
  it('goes into the part that declares the property, an inline part or a copy of a $ref', () => {
    const document = {
      openapi: '3.0.3',
      components: {
        schemas: {
          VetFields: vetFields,
          Stamp: { type: 'object', properties: { createdAt: { type: 'string', readOnly: true } } },
          Vet: {
            allOf: [
              { $ref: '#/components/schemas/VetFields' },
              { $ref: '#/components/schemas/Stamp' },
              { type: 'object', properties: { id: { type: 'integer', readOnly: true } } },
            ],
            required: ['id', 'name', 'createdAt'],
          },
        },
      },
    };
    const moved = withReadOnlyRequiredInParts(document);
    const { Vet: vet } = (moved.components as { schemas: { Vet: { allOf: unknown[]; required?: string[] } } }).schemas;
    expect(vet.required).toEqual(['name']);
    expect(vet.allOf).toEqual([
      { $ref: '#/components/schemas/VetFields' },
      { type: 'object', properties: { createdAt: { type: 'string', readOnly: true } }, required: ['createdAt'] },
      { type: 'object', properties: { id: { type: 'integer', readOnly: true } }, required: ['id'] },
    ]);
    // The document given is left as it was, and the component a part named too.
    expect(document.components.schemas.Vet.required).toEqual(['id', 'name', 'createdAt']);
    expect(document.components.schemas.Stamp).not.toHaveProperty('required');
  });

  it('takes a property a part declares again without readOnly as writable there', () => {
    // PagerDuty's contact method: the base's type is readOnly, the part's an enum it requires.
    const base = { type: 'object', properties: { type: { type: 'string', readOnly: true } } };
    const part = {
      type: 'object',
      properties: { type: { type: 'string', enum: ['email'] } },
      required: ['type', 'address'],
    };
    const document = {
      openapi: '3.0.3',
      components: { schemas: { Base: base, Email: { allOf: [{ $ref: '#/components/schemas/Base' }, part] } } },
    };
    const moved = withReadOnlyRequiredInParts(document);
    const { schemas } = moved.components as { schemas: { Base: unknown; Email: { allOf: unknown[] } } };
    expect(schemas.Email.allOf).toEqual([{ type: 'object', properties: { type: { type: 'string' } } }, part]);
    // The base, which other schemas may name, is left as it was.
    expect(schemas.Base).toEqual(base);
    // So is an inline part another schema names by $ref (PagerDuty's Tag/allOf/0, its References').
    const tag = { allOf: [base, part] };
    const reference = { allOf: [{ $ref: '#/components/schemas/Tag/allOf/0' }, { required: ['type'] }] };
    const shared = { openapi: '3.0.3', components: { schemas: { Tag: tag, Reference: reference } } };
    const tagOf = (kept: JsonObject) => (kept.components as { schemas: { Tag: unknown } }).schemas.Tag;
    expect(tagOf(withReadOnlyRequiredInParts(shared))).toEqual(tag);
  });

  it('leaves a document without one as it is, the built-in contract included', () => {
    const contract = loadContract(PETSTORE_SPEC_FILE);
    expect(withReadOnlyRequiredInParts(contract.document)).toBe(contract.document);
    const alone = { openapi: '3.0.3', components: { schemas: { VetFields: vetFields } } };
    expect(withReadOnlyRequiredInParts(alone)).toBe(alone);
  });
});
