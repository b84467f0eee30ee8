// Every schema of a contract, found once, with the JSON pointer where it is written: those under
// components/schemas and under each `schema` of a parameter, header or media type, and every
// schema inside them (properties, items, the parts of allOf, anyOf, oneOf...). The checks of a
// draft name a fault by this pointer (then file and line); the analysis keys schemas by object.
import { escapePointerSegment, type JsonObject, rawValueAt, refPointer } from '../json-pointer.js';

/** A schema as JSON Schema allows: an object, or (3.1) true for any value and false for none. */
export type SchemaValue = JsonObject | boolean;

export type SchemaIndex = {
  /** Each schema object with the pointer where it was first found, in the order found. */
  readonly pointers: ReadonlyMap<object, string>;
  /** The schema a $ref names, followed through $refs to $refs; undefined when it names none. */
  target(ref: string): SchemaValue | undefined;
};

/** Keywords whose value is one schema. */
export const SINGLE_SCHEMA_KEYWORDS = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
] as const;
/** Keywords whose value is a list of schemas. */
export const LIST_SCHEMA_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;
/** Keywords whose value maps names to schemas. */
export const MAP_SCHEMA_KEYWORDS = [
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
] as const;

/** Members of an OpenAPI object whose values are data, never walked for schemas. */
const DATA_MEMBERS = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Pending = { value: unknown; pointer: string; schema: boolean };

/** The schemas below `schema`, each with its pointer: what a schema's keywords hold. */
export function schemaChildren(
  schema: JsonObject,
  pointer: string,
  add: (value: unknown, pointer: string) => void,
): void {
  for (const keyword of SINGLE_SCHEMA_KEYWORDS) {
    if (keyword in schema && !Array.isArray(schema[keyword])) add(schema[keyword], `${pointer}/${keyword}`);
  }
  for (const keyword of LIST_SCHEMA_KEYWORDS) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    for (let index = 0; index < list.length; index += 1) add(list[index], `${pointer}/${keyword}/${index}`);
  }
  for (const keyword of MAP_SCHEMA_KEYWORDS) {
    const map = schema[keyword];
    if (!isObject(map)) continue;
    for (const [name, child] of Object.entries(map)) add(child, `${pointer}/${keyword}/${escapePointerSegment(name)}`);
  }
}

/** Finds every schema of `document`; a $ref from a schema makes what it names a schema too. */
export function indexSchemas(document: JsonObject): SchemaIndex {
  const pointers = new Map<object, string>();
  const seenParts = new Set<object>();
  const stack: Pending[] = [{ value: document, pointer: '', schema: false }];
  const target = (ref: string): SchemaValue | undefined => {
    let value: unknown = rawValueAt(document, refPointer(ref));
    // Chains of $refs were bounded when the draft was bundled; this bound is for a document given in code.
    for (let hops = 0; hops < 64 && isObject(value) && typeof value.$ref === 'string'; hops += 1) {
      if (!value.$ref.startsWith('#')) break;
      value = rawValueAt(document, refPointer(value.$ref));
    }
    return isObject(value) || typeof value === 'boolean' ? value : undefined;
  };
  // Children are pushed last first, so that schemas are found in the order the document writes them.
  const pushAll = (found: Pending[]) => {
    for (let at = found.length - 1; at >= 0; at -= 1) stack.push(found[at] as Pending);
  };
  while (stack.length > 0) {
    const { value, pointer, schema } = stack.pop() as Pending;
    if (!isObject(value)) continue;
    if (schema) {
      if (pointers.has(value)) continue;
      pointers.set(value, pointer);
      const found: Pending[] = [];
      schemaChildren(value, pointer, (child, at) => found.push({ value: child, pointer: at, schema: true }));
      const ref = value.$ref;
      if (typeof ref === 'string' && ref.startsWith('#')) {
        found.push({ value: rawValueAt(document, refPointer(ref)), pointer: refPointer(ref), schema: true });
      }
      pushAll(found);
      continue;
    }
    if (seenParts.has(value)) continue;
    seenParts.add(value);
    const found: Pending[] = [];
    for (const [key, child] of Object.entries(value)) {
      if (DATA_MEMBERS.has(key) || key.startsWith('x-') || typeof child !== 'object' || child === null) continue;
      const at = `${pointer}/${escapePointerSegment(key)}`;
      if (key === 'schema') found.push({ value: child, pointer: at, schema: true });
      else if (key === 'schemas' && pointer === '/components' && isObject(child)) {
        for (const [name, member] of Object.entries(child)) {
          found.push({ value: member, pointer: `${at}/${escapePointerSegment(name)}`, schema: true });
        }
      } else if (Array.isArray(child)) {
        for (let item = 0; item < child.length; item += 1) {
          found.push({ value: child[item], pointer: `${at}/${item}`, schema: false });
        }
      } else found.push({ value: child, pointer: at, schema: false });
    }
    pushAll(found);
  }
  return { pointers, target };
}
