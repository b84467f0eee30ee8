// OpenAPI 3.0's `nullable: true` where the schema names no `type` (beside a $ref, an allOf, or
// alone), as generated documents often write it (3.1 ones too): Ajv refuses it ("nullable" cannot
// be used without "type"), so that every request of such an operation failed. Read as OpenAPI 3.0 means it: the
// schema, or null; `nullable: false` (PagerDuty's) as the schema alone. A copy of the document is
// made only where it has one; the rest is shared.
import { memberHolds } from './document-members.js';
import { escapePointerSegment, type JsonObject, refPointer } from './json-pointer.js';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema without nullable, or null: an anyOf of the two, or the schema itself when it takes anything or null is not allowed. */
function orNull(schema: JsonObject): JsonObject {
  const { nullable, ...rest } = schema;
  // `nullable: false` says what the schema says without it (Ajv refuses it untyped all the same).
  if (nullable !== true) return rest;
  const constraining = Object.keys(rest).some(
    (key) =>
      !['description', 'title', 'example', 'default', 'readOnly', 'writeOnly', 'deprecated'].includes(key) &&
      !key.startsWith('x-'),
  );
  if (!constraining) return rest;
  const annotations = Object.fromEntries(Object.entries(rest).filter(([key]) => KEPT_BESIDE.has(key)));
  const inner = Object.fromEntries(Object.entries(rest).filter(([key]) => !(key in annotations)));
  if (Array.isArray(inner.enum) && !inner.enum.includes(null)) inner.enum = [...inner.enum, null];
  return { ...annotations, anyOf: [inner, { enum: [null] }] };
}

const needsRewrite = (node: JsonObject) => typeof node.nullable === 'boolean' && node.type === undefined;

/** The keywords orNull leaves beside its anyOf; every other moves into the anyOf's first branch. */
const KEPT_BESIDE = new Set(['description', 'title', 'readOnly', 'writeOnly', 'deprecated']);

/** Whether any schema of the document is nullable without a type. */
function hasOne(document: JsonObject): boolean {
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
    } else if (isObject(node)) {
      if (needsRewrite(node)) return true;
      for (const value of Object.values(node)) if (typeof value === 'object') stack.push(value);
    }
  }
  return false;
}

/** The document with every nullable schema without a type rewritten; the document itself when it has none. */
export function withNullableTyped(document: JsonObject): JsonObject {
  // Written in 3.1 documents too (where it means nothing, and Ajv still refuses it untyped).
  if (!hasOne(document)) return document;
  const copy = structuredClone(document);
  // Where a schema became an anyOf, in the copy's pointers: a $ref into it is led there after.
  const wrapped: string[] = [];
  const rewritten = (value: JsonObject, at: string) => {
    const schema = orNull(value);
    if (Array.isArray(schema.anyOf)) wrapped.push(at);
    return schema;
  };
  // `names`: an object whose members are named by the document (a schema's properties, the
  // components' schemas), where a member named "default" or "example" is a schema like any other;
  // examples and defaults are data, where a member named "nullable" is no keyword.
  const stack: { node: unknown; names: boolean; at: string }[] = [{ node: copy, names: false, at: '' }];
  while (stack.length > 0) {
    const { node, names, at } = stack.pop() as { node: unknown; names: boolean; at: string };
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        if (isObject(item) && needsRewrite(item)) node[index] = rewritten(item, `${at}/${index}`);
        stack.push({ node: node[index], names: false, at: `${at}/${index}` });
      });
    } else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        const holds = memberHolds(key, names);
        if (holds === 'data') continue;
        const place = `${at}/${escapePointerSegment(key)}`;
        if (isObject(value) && needsRewrite(value)) node[key] = rewritten(value, place);
        if (typeof node[key] === 'object') stack.push({ node: node[key], names: holds === 'names', at: place });
      }
    }
  }
  return wrapped.length === 0 ? copy : refsLedIntoAnyOf(copy, wrapped);
}

/**
 * `document` with each $ref into a schema that became an anyOf led into its first branch, where
 * the schema's keywords now are: a bundle of many files refers to a schema's part where it first
 * wrote it (Lago's `#/components/schemas/BillingEntityObject/properties/country/allOf/0`), and
 * that place had moved.
 */
function refsLedIntoAnyOf(document: JsonObject, wrapped: readonly string[]): JsonObject {
  // Outer first: a place inside another wrapped one is written where that one's branch put it.
  const places = [...wrapped].sort((one, other) => one.length - other.length);
  const led = (pointer: string) =>
    places.reduce((current, place) => {
      if (!current.startsWith(`${place}/`)) return current;
      const [next = ''] = current.slice(place.length + 1).split('/');
      return KEPT_BESIDE.has(next) ? current : `${place}/anyOf/0${current.slice(place.length)}`;
    }, pointer);
  // Examples and defaults are data, as above: a "$ref" there is no reference.
  const stack: { node: unknown; names: boolean }[] = [{ node: document, names: false }];
  while (stack.length > 0) {
    const { node, names } = stack.pop() as { node: unknown; names: boolean };
    if (Array.isArray(node)) for (const item of node) stack.push({ node: item, names: false });
    else if (isObject(node)) {
      if (!names && typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
        const pointer = refPointer(node.$ref);
        const moved = led(pointer);
        if (moved !== pointer) node.$ref = `#${moved}`;
      }
      for (const [key, value] of Object.entries(node)) {
        const holds = memberHolds(key, names);
        if (holds !== 'data' && typeof value === 'object') stack.push({ node: value, names: holds === 'names' });
      }
    }
  }
  return document;
}
