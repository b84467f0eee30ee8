import { describe, expect, it } from '@jest/globals';
import { schemaRefsHoisted } from './hoisted-schema-refs.js';

const document = {
  openapi: '3.0.3',
  paths: {
    '/audit': {
      get: {
        parameters: [{ $ref: '#/components/parameters/method' }],
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/AuditRecord' } } },
          },
        },
      },
    },
  },
  components: {
    parameters: { method: { name: 'method', in: 'query', schema: { type: 'string', enum: ['api', 'web'] } } },
    schemas: {
      Tag: { allOf: [{ type: 'object', properties: { id: { type: 'string' } } }, { type: 'object' }] },
      AuditRecord: {
        type: 'object',
        properties: {
          method: { $ref: '#/components/parameters/method/schema' },
          actor: { $ref: '#/components/schemas/Tag/allOf/0' },
          again: { $ref: '#/components/schemas/AuditRecord/properties/method' },
        },
      },
    },
  },
};

describe('schemaRefsHoisted', () => {
  it('names each schema held by another component, or inside a component schema, as a component schema of its own', () => {
    const hoisted = schemaRefsHoisted(document, document) as typeof document & {
      components: { schemas: Record<string, unknown> };
    };
    const schemas = hoisted.components.schemas;
    expect(schemas['hoisted.parameters_method_schema']).toEqual({ type: 'string', enum: ['api', 'web'] });
    expect(schemas['hoisted.schemas_Tag_allOf_0']).toEqual(document.components.schemas.Tag.allOf[0]);
    // A target that names another is rewritten too.
    expect(schemas['hoisted.schemas_AuditRecord_properties_method']).toEqual({
      $ref: '#/components/schemas/hoisted.parameters_method_schema',
    });
    expect((schemas.AuditRecord as { properties: unknown }).properties).toEqual({
      method: { $ref: '#/components/schemas/hoisted.parameters_method_schema' },
      actor: { $ref: '#/components/schemas/hoisted.schemas_Tag_allOf_0' },
      again: { $ref: '#/components/schemas/hoisted.schemas_AuditRecord_properties_method' },
    });
    // A parameter named by its $ref is no schema: it stays.
    expect(hoisted.paths['/audit'].get.parameters).toEqual([{ $ref: '#/components/parameters/method' }]);
    // The contract itself is left whole; one with no such $ref is given back as it is.
    expect(document.components.schemas.AuditRecord.properties.method.$ref).toBe(
      '#/components/parameters/method/schema',
    );
    const plain = { openapi: '3.0.3', paths: {} };
    expect(schemaRefsHoisted(plain, plain)).toBe(plain);
  });
});
