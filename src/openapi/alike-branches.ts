// A oneOf whose branches take the same values: ReadMe's 401, a oneOf of two errors that differ
// only in their `error` field's default. No value meets exactly one of them, so no answer, from
// the mock or any server, can keep it as written. Read as an anyOf, each answer is still held
// to the branches' shape.
import type { JsonObject } from './json-pointer.js';
import { resolveSchema } from './schema-shape.js';
import { schemasRewritten } from './schemas-rewritten.js';

/** What says something of a value's meaning, never which values are valid. */
const ANNOTATIONS = new Set(['default', 'description', 'title', 'example', 'examples', 'deprecated', '$comment']);

/** Members whose keys are names chosen by the document (a property named `description`), not keywords. */
const NAMES = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** A schema's constraints, its annotations and extensions left out, keys in order: equal where the schemas take the same values. */
function constraintsOf(value: unknown, named = false): unknown {
  if (Array.isArray(value)) return value.map((item) => constraintsOf(item));
  if (typeof value !== 'object' || value === null) return value;
  const object = value as JsonObject;
  const kept = Object.keys(object)
    .filter((key) => named || (!ANNOTATIONS.has(key) && !key.startsWith('x-')))
    .sort()
    .map((key) => [
      key,
      !named && (key === 'enum' || key === 'const')
        ? object[key]
        : constraintsOf(object[key], !named && NAMES.has(key)),
    ]);
  return Object.fromEntries(kept);
}

/** Whether every branch of a union takes the values the first takes, and no other. */
export function branchesAlike(document: JsonObject, branches: readonly unknown[]): boolean {
  if (branches.length < 2) return false;
  const [first, ...others] = branches.map((branch) => JSON.stringify(constraintsOf(resolveSchema(document, branch))));
  return others.every((other) => other === first);
}

/** `document` with each oneOf whose branches are alike read as an anyOf; itself where it has none. */
export function alikeOneOfsAsAnyOf(document: JsonObject): JsonObject {
  return schemasRewritten(document, (schema) => {
    if (!Array.isArray(schema.oneOf) || !branchesAlike(document, schema.oneOf)) return schema;
    const { oneOf, ...rest } = schema;
    if (rest.anyOf === undefined) return { ...rest, anyOf: oneOf };
    return { ...rest, allOf: [...(Array.isArray(rest.allOf) ? rest.allOf : []), { anyOf: oneOf }] };
  }) as JsonObject;
}
