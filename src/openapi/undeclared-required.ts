// Names an object schema requires but its properties never describe (Xero's Setting requires a
// `name`; its Folder `name` beside a `Name`): a value must hold them all the same. Their schema is
// what the object takes beside its properties: the patternProperties entry whose pattern the name
// matches, else additionalProperties, else any text. The mock draws them, the suite sends them.
import { asObject, type JsonObject } from './json-pointer.js';
import { matcherOf } from './patterns/pattern-matchers.js';

/** Whether `text` matches `pattern`; a pattern no linear-time engine takes matches nothing. */
function matchesSafely(pattern: string, text: string): boolean {
  try {
    return matcherOf(pattern).test(text);
  } catch {
    return false;
  }
}

/** The schema of a property an object schema names in no `properties`. */
export function undeclaredPropertySchema(schema: JsonObject, property: string): unknown {
  for (const [pattern, patternSchema] of Object.entries(asObject(schema.patternProperties)))
    if (matchesSafely(pattern, property)) return patternSchema;
  const additional = schema.additionalProperties;
  return typeof additional === 'object' && additional !== null ? additional : { type: 'string' };
}

/** The required names of an object schema that its `properties` do not describe. */
export function requiredUndeclared(schema: JsonObject): string[] {
  const declared = asObject(schema.properties);
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  return required.filter((name) => !Object.hasOwn(declared, name));
}
