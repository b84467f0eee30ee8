// OpenAPI 3.0's `nullable: true` where the schema names no `type` (beside a $ref, an allOf, or
// alone), as generated documents often write it (3.1 ones too): Ajv refuses it ("nullable" cannot
// be used without "type"), so that every request of such an operation failed. Read as OpenAPI 3.0 means it: the
// schema, or null. A copy of the document is made only where it has one; the rest is shared.
import type { JsonObject } from './json-pointer.js';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema without nullable, or null: an anyOf of the two, or the schema itself when it takes anything. */
function orNull(schema: JsonObject): JsonObject {
  const { nullable: _nullable, ...rest } = schema;
  const constraining = Object.keys(rest).some(
    (key) =>
      !['description', 'title', 'example', 'default', 'readOnly', 'writeOnly', 'deprecated'].includes(key) &&
      !key.startsWith('x-'),
  );
  if (!constraining) return rest;
  const annotations = Object.fromEntries(
    Object.entries(rest).filter(([key]) =>
      ['description', 'title', 'readOnly', 'writeOnly', 'deprecated'].includes(key),
    ),
  );
  const inner = Object.fromEntries(Object.entries(rest).filter(([key]) => !(key in annotations)));
  if (Array.isArray(inner.enum) && !inner.enum.includes(null)) inner.enum = [...inner.enum, null];
  return { ...annotations, anyOf: [inner, { enum: [null] }] };
}

const needsRewrite = (node: JsonObject) => node.nullable === true && node.type === undefined;

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
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        if (isObject(item) && needsRewrite(item)) node[index] = orNull(item);
        stack.push(node[index]);
      });
    } else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        // Examples and defaults are data: a member named "nullable" there is no keyword.
        if (key === 'example' || key === 'examples' || key === 'default' || key === 'enum') continue;
        if (isObject(value) && needsRewrite(value)) node[key] = orNull(value);
        if (typeof node[key] === 'object') stack.push(node[key]);
      }
    }
  }
  return copy;
}
