import { describe, expect, it } from '@jest/globals';
import { isSchemaPlace } from './unknown-schema-fields.js';

const at = (pointer: string) => pointer.split('/').slice(1);

describe('the places of Schema Objects', () => {
  it('are under a schema member or a component schema, then reached by schema keywords only', () => {
    expect(isSchemaPlace(at('/components/schemas/Pet'))).toBe(true);
    expect(isSchemaPlace(at('/components/schemas/Pet/properties/tags/items/allOf/0'))).toBe(true);
    expect(isSchemaPlace(at('/paths/~1pets/get/parameters/0/schema'))).toBe(true);
    expect(isSchemaPlace(at('/paths/~1pets/get/responses/200/content/application~1json/schema/anyOf/1'))).toBe(true);
    expect(isSchemaPlace(at('/paths/~1pets/get/responses/200'))).toBe(false);
    expect(isSchemaPlace(at('/components/schemas/Pet/discriminator'))).toBe(false);
  });

  it('tell a name the document chose ("schema") from the keyword', () => {
    // A parameter, a media type and a property named "schema".
    expect(isSchemaPlace(at('/components/parameters/schema'))).toBe(false);
    expect(isSchemaPlace(at('/components/parameters/schema/schema'))).toBe(true);
    expect(isSchemaPlace(at('/paths/~1a/get/responses/200/content/schema'))).toBe(false);
    expect(isSchemaPlace(at('/paths/~1a/get/responses/200/content/schema/schema'))).toBe(true);
    expect(isSchemaPlace(at('/components/schemas/Doc/properties/schema'))).toBe(true);
    expect(isSchemaPlace(at('/components/headers/schema'))).toBe(false);
  });
});
