// A schema that is a oneOf or anyOf of object branches, read as the suite judges a body of it
// (DigitalOcean's droplet: one name or many, beside what both share): any branch's properties
// may be sent, what every branch requires must be, and a default only some branches give is none;
// a body is broken only where every branch refuses it.
import { describe, expect, it } from '@jest/globals';
import { recordBody } from '../support/record-bodies.js';
import { invalidBodies } from './invalid-values.js';
import { commonPropertiesOf, propertiesOf, requiredInRequest, schemaOf } from './json-schema.js';

const shared = {
  type: 'object',
  required: ['size'],
  properties: { size: { type: 'string' }, id: { type: 'integer', readOnly: true } },
};
const one = { allOf: [{ required: ['name'], properties: { name: { type: 'string' } } }, shared] };
const many = {
  allOf: [
    {
      required: ['names'],
      properties: { names: { type: 'array', items: { type: 'string' } }, tag: { type: 'string', default: 'batch' } },
    },
    shared,
  ],
};
const droplet = { oneOf: [one, many] };

describe('a body of one of several object branches', () => {
  it('has the properties of every branch, requires what every branch requires, and takes no default of one branch', () => {
    const properties = new Map(propertiesOf(schemaOf(droplet)));
    expect([...properties.keys()].sort()).toEqual(['id', 'name', 'names', 'size', 'tag']);
    expect(properties.get('tag')?.default).toBeUndefined();
    expect(requiredInRequest(schemaOf(droplet))).toEqual(['size']);
    expect(requiredInRequest(schemaOf({ anyOf: [one, one] })).sort()).toEqual(['name', 'size']);
  });

  it('is written by one branch: every field of it, none of another', () => {
    const body = recordBody(droplet, {}, 'all');
    expect(Object.keys(body).sort()).toEqual(['name', 'size']);
  });

  it('is one record where the request takes one or a list of them (Typesense’s analytics rules)', () => {
    const rule = {
      type: 'object',
      required: ['name', 'type'],
      properties: { name: { type: 'string' }, type: { type: 'string' } },
    };
    // The list first, as the smallest value (the empty list) picks it in Typesense's own order.
    const body = recordBody({ oneOf: [{ type: 'array', items: rule }, rule] }, {}, 'all');
    expect(Object.keys(body).sort()).toEqual(['name', 'type']);
  });

  it('is broken by a field every branch reads alike, not by one another branch may take', () => {
    const rules = invalidBodies(droplet).map(({ rule }) => rule);
    expect(rules).toEqual(expect.arrayContaining(['size of the wrong type (a number)', 'without the required size']));
    expect(rules.filter((rule) => /\bname\b/.test(rule))).toEqual([]);
  });

  it('reads subtypes that hold their base (Cat = allOf [Pet, ...], Pet = oneOf [Cat, ...]) in bounded work', () => {
    const kinds = ['cat', 'dog', 'fox', 'owl', 'eel', 'yak', 'emu', 'elk'];
    const pet: { type: string; required: string[]; properties: object; oneOf: object[] } = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' } },
      oneOf: [],
    };
    pet.oneOf = kinds.map((kind) => ({ allOf: [pet, { properties: { [kind]: { type: 'boolean' } } }] }));
    const properties = new Map(propertiesOf(schemaOf(pet)));
    expect(properties.has('name')).toBe(true);
    expect(requiredInRequest(schemaOf(pet))).toEqual(['name']);
  });

  it("keeps the schema's own word for a property its branches say again, and reads it alike in all", () => {
    const size = { type: 'string', maxLength: 5 };
    const order = schemaOf({
      type: 'object',
      properties: { size },
      oneOf: [{ properties: { size: { description: 'small' } } }, { properties: { size: { description: 'large' } } }],
    });
    expect(new Map(propertiesOf(order)).get('size')).toEqual(size);
    expect(new Map(commonPropertiesOf(order)).get('size')).toEqual(size);
  });

  it('holds what the schema requires without describing it, and breaks it by no type the schema never gave', () => {
    // Xero's Folder requires a `name` beside the `Name` its properties describe.
    const folder = {
      required: ['name'],
      properties: { Name: { type: 'string' }, Id: { type: 'string', readOnly: true } },
    };
    expect(new Map(propertiesOf(schemaOf(folder))).get('name')).toEqual({ type: 'string' });
    expect(Object.keys(recordBody(folder, {}, 'required'))).toEqual(['name']);
    expect(invalidBodies(folder).map(({ rule }) => rule)).toContain('without the required name');
    expect(invalidBodies(folder).map(({ rule }) => rule)).not.toContain('name of the wrong type (a number)');
  });

  it('is written by one branch of a oneOf that tells its branches apart by what each requires', () => {
    // Outline's shares.create: a document's share or a collection's, never both.
    const share = {
      type: 'object',
      properties: { documentId: { type: 'string' }, collectionId: { type: 'string' } },
      oneOf: [{ required: ['documentId'] }, { required: ['collectionId'] }],
    };
    expect(Object.keys(recordBody(share, {}, 'all'))).toHaveLength(1);
  });
});
