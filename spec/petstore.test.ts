import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { dereference, validate } from '@readme/openapi-parser';
import { loadPetstoreSpec, PETSTORE_SPEC_PATH, type SpecDocument } from '../test/support/spec.js';

type FieldFact = { type: string; format?: string; enum?: string[] };
type SchemaFact = { required: string[]; fields: Record<string, FieldFact> };

// The interface's "Resources and their fields" part, restated once here as the yardstick.
const PET_STATUS = ['available', 'pending', 'sold'];
const INT64: FieldFact = { type: 'integer', format: 'int64' };
const SEED_SCHEMAS: Record<string, SchemaFact> = {
  NewPet: {
    required: ['name', 'categoryId'],
    fields: { name: { type: 'string' }, categoryId: INT64, status: { type: 'string', enum: PET_STATUS } },
  },
  Pet: {
    required: ['name', 'categoryId', 'id'],
    fields: { name: { type: 'string' }, categoryId: INT64, status: { type: 'string', enum: PET_STATUS }, id: INT64 },
  },
  NewCategory: { required: ['name'], fields: { name: { type: 'string' }, description: { type: 'string' } } },
  Category: {
    required: ['name', 'id'],
    fields: { name: { type: 'string' }, description: { type: 'string' }, id: INT64 },
  },
  Order: {
    required: [],
    fields: {
      id: INT64,
      petId: INT64,
      quantity: { type: 'integer' },
      shipDate: { type: 'string', format: 'date-time' },
      complete: { type: 'boolean' },
    },
  },
  InventoryItem: {
    required: ['petId', 'quantity', 'status'],
    fields: { petId: INT64, quantity: { type: 'integer' }, status: { type: 'string', enum: PET_STATUS } },
  },
  InventoryUpdate: { required: ['quantity'], fields: { quantity: { type: 'integer' } } },
  Error: {
    required: ['code', 'message', 'status'],
    fields: { code: { type: 'string' }, message: { type: 'string' }, status: { type: 'integer' } },
  },
};

/** Flattens allOf and single-$ref wrappers into one object schema, as a reader would. */
function flatten(schema: SpecDocument): SpecDocument {
  const parts: SpecDocument[] = [schema, ...((schema.allOf as SpecDocument[] | undefined) ?? []).map(flatten)];
  const properties: SpecDocument = {};
  const required = new Set<string>();
  let type: unknown;
  let format: unknown;
  let enumValues: unknown;
  for (const part of parts) {
    Object.assign(properties, part.properties ?? {});
    for (const field of (part.required as string[] | undefined) ?? []) required.add(field);
    type ??= part.type;
    format ??= part.format;
    enumValues ??= part.enum;
  }
  return { properties, required: [...required], type, format, enum: enumValues };
}

function fieldFact(schema: SpecDocument): FieldFact {
  const flat = flatten(schema);
  return {
    type: flat.type as string,
    ...(flat.format === undefined ? {} : { format: flat.format as string }),
    ...(flat.enum === undefined ? {} : { enum: flat.enum as string[] }),
  };
}

describe('spec/petstore.yaml', () => {
  it('is a valid OpenAPI 3.1 document for an independent validator (@readme/openapi-parser)', async () => {
    const result = await validate(fileURLToPath(PETSTORE_SPEC_PATH));
    expect(result).toMatchObject({ valid: true, specification: 'OpenAPI' });
    expect(loadPetstoreSpec()).toMatchObject({ openapi: '3.1.0', info: { version: '1.0.0' } });
  });

  it('is caught by that validator when a reference dangles (the check can fail)', async () => {
    const spec = loadPetstoreSpec();
    spec.paths['/pets'].get.responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/Nope' };
    expect(await validate(spec as Parameters<typeof validate>[0])).toMatchObject({ valid: false });
  });

  it('groups every operation into the Pets or Store area', async () => {
    const api = (await dereference(fileURLToPath(PETSTORE_SPEC_PATH))) as SpecDocument;
    expect((api.tags as SpecDocument[]).map((tag) => tag.name)).toEqual(['Pets', 'Store']);
    const operations = Object.values(api.paths as SpecDocument).flatMap((item) =>
      Object.values(item as SpecDocument).filter((value) => typeof value === 'object' && 'operationId' in value),
    );
    expect(operations.length).toBeGreaterThanOrEqual(17);
    for (const operation of operations) expect(['Pets', 'Store']).toContain((operation.tags as string[])[0]);
  });

  describe.each(Object.entries(SEED_SCHEMAS))('schema %s', (name, fact) => {
    it("has exactly the interface's fields, types, formats and required list", async () => {
      const api = (await dereference(fileURLToPath(PETSTORE_SPEC_PATH))) as SpecDocument;
      const schema = flatten(api.components.schemas[name] as SpecDocument);
      expect(Object.keys(schema.properties as SpecDocument).sort()).toEqual(Object.keys(fact.fields).sort());
      expect([...(schema.required as string[])].sort()).toEqual([...fact.required].sort());
      for (const [field, expected] of Object.entries(fact.fields)) {
        expect({ field, ...fieldFact(schema.properties[field] as SpecDocument) }).toEqual({ field, ...expected });
      }
    });
  });

  it('declares the deprecated GET /pets/{petId} with its successor, sunset and headers', () => {
    const spec = loadPetstoreSpec();
    const legacy = spec.paths['/pets/{petId}'].get as SpecDocument;
    expect(legacy.deprecated).toBe(true);
    expect(Date.parse(legacy['x-deprecation'].sunset as string)).toBeGreaterThan(
      Date.parse(legacy['x-deprecation'].deprecatedAt as string),
    );
    expect(spec.paths['/pets/by-id/{petId}'].get.operationId).toBe(legacy['x-deprecation'].successor);
    expect(Object.keys(legacy.responses['200'].headers as SpecDocument)).toEqual(
      expect.arrayContaining(['Deprecation', 'Sunset', 'Link']),
    );
  });

  it('lists a catalogue entry for every error code, each with a 4xx or 5xx status', () => {
    const catalogue = loadPetstoreSpec()['x-error-codes'] as Record<string, { status: number }>;
    expect(Object.keys(catalogue).length).toBeGreaterThan(15);
    for (const { status } of Object.values(catalogue)) expect(status >= 400 && status <= 599).toBe(true);
  });
});
