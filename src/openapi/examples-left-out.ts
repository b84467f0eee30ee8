// Examples are no schema, and an Ajv given them pays for them: JSON Schema draft 4 (OpenAPI 3.0's
// schemas) takes any object's text `id` as a schema's id, and two examples of one id (`{"id":
// "abc"}` twice, as Lob's document has) made it refuse the whole document; and Ajv's check of
// whether a schema it inlines holds a $ref walks an example's text character by character, each
// time it is inlined (a draft's 2 MB example took 5 s and 250 MB). Every Ajv is given the
// document without its examples, every pointer to a schema kept.
import type { JsonObject } from './json-pointer.js';

const EXAMPLE_KEYS = new Set(['example', 'examples']);

/** Members whose keys are names, not keywords: a property (or schema, header...) named `example` is kept. */
const NAMED_MEMBERS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'schemas',
  'parameters',
  'headers',
  'responses',
  'requestBodies',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'webhooks',
  'content',
  'encoding',
  'variables',
  'mapping',
  'scopes',
]);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;

/** A member set without touching the prototype ("__proto__" is a name like any other). */
function setOwn(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `value` without the examples in it; what holds none is returned itself (not copied), so that
 * the copy costs only the objects on the way to an example. Arrays are read by index: a draft's
 * array of two million numbers makes no pairs.
 */
function withoutExamples(value: unknown, under: string | undefined, copies: Map<object, unknown>): unknown {
  if (!isObject(value)) return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  // Meanwhile a cycle meets the value itself.
  copies.set(value, value);
  let result: unknown = value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item = value[index];
      const kept = withoutExamples(item, undefined, copies);
      if (kept === item) continue;
      if (result === value) result = value.slice();
      (result as unknown[])[index] = kept;
    }
  } else {
    const named = under !== undefined && NAMED_MEMBERS.has(under);
    const keys = Object.keys(value);
    const changed = new Map<string, unknown>();
    for (const key of keys) {
      if (!named && EXAMPLE_KEYS.has(key)) changed.set(key, undefined);
      else {
        const kept = withoutExamples(value[key], named ? undefined : key, copies);
        if (kept !== value[key]) changed.set(key, kept);
      }
    }
    if (changed.size > 0) {
      const copy: JsonObject = {};
      for (const key of keys) {
        if (!changed.has(key)) setOwn(copy, key, value[key]);
        else if (changed.get(key) !== undefined) setOwn(copy, key, changed.get(key));
      }
      result = copy;
    }
  }
  copies.set(value, result);
  return result;
}

/** `document` without its examples (in schemas, parameters, media types), sharing every part that holds none. */
export function examplesLeftOut<Document>(document: Document): Document {
  return withoutExamples(document, undefined, new Map()) as Document;
}
