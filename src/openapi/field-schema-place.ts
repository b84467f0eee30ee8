// Where a record's field is declared: the JSON Pointer of its schema, found through the record
// schema's $refs and its allOf, anyOf and oneOf parts, so that a refusal of what the field asks
// can name the file and line to change.
import { asObject, escapePointerSegment, type JsonObject, locate, refPointer } from './json-pointer.js';

/** How many $refs and parts are followed before giving up: a contract's own nesting is far less. */
const DEEPEST = 32;
const PARTS = ['allOf', 'anyOf', 'oneOf'] as const;

/** The pointer of property `name` of the schema at `pointer`, in it or in one of its parts. */
function propertyPointer(document: JsonObject, pointer: string, name: string, depth: number): string | undefined {
  if (depth > DEEPEST) return undefined;
  const [at, schema] = locate(document, pointer);
  if (Object.hasOwn(asObject(schema.properties), name)) return `${at}/properties/${escapePointerSegment(name)}`;
  for (const keyword of PARTS) {
    const parts = schema[keyword];
    if (!Array.isArray(parts)) continue;
    for (let index = 0; index < parts.length; index += 1) {
      const found = propertyPointer(document, `${at}/${keyword}/${index}`, name, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * The pointer of the schema of `field` (dotted for a nested one: `size.v`) in a record schema
 * given by its $ref; as deep as it is found, undefined when the record schema is written inline
 * or declares no such field.
 */
export function fieldSchemaPointer(document: JsonObject, recordSchema: unknown, field: string): string | undefined {
  const ref = asObject(recordSchema).$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  let pointer = refPointer(ref);
  let found: string | undefined;
  for (const segment of field.split('.')) {
    const next = /^\d+$/.test(segment)
      ? `${locate(document, pointer)[0]}/items`
      : propertyPointer(document, pointer, segment, 0);
    if (next === undefined) break;
    pointer = next;
    found = next;
  }
  return found;
}
