// A $ref with keywords beside it (OpenAPI 3.1, and Ajv in every draft, applies them too): Lago's
// `{"$ref": "TaxBaseInput", "required": ["name", "code", "rate"]}`. Read as the target with those
// keywords met as well: required lists joined, properties merged, any other keyword the sibling's.
// A 3.0 document has had what 3.0 ignores there removed when it was read (contract-source/ref-siblings.ts).
import type { JsonObject } from './json-pointer.js';

/** Keywords beside a $ref that say nothing of the values it takes. */
const ANNOTATIONS = new Set([
  '$ref',
  '$comment',
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'deprecated',
  'externalDocs',
]);

const merged = new WeakMap<object, WeakMap<object, JsonObject>>();

/** The keywords beside `reference`'s $ref that constrain a value; none for a bare $ref. */
export function refSiblingsOf(reference: JsonObject): string[] {
  return Object.keys(reference).filter((keyword) => !ANNOTATIONS.has(keyword));
}

/** `target` with the keywords beside `reference`'s $ref met as well; the same object for the same pair. */
export function withRefSiblings(reference: JsonObject, target: JsonObject): JsonObject {
  const siblings = refSiblingsOf(reference);
  if (siblings.length === 0) return target;
  let byTarget = merged.get(reference);
  if (byTarget === undefined) {
    byTarget = new WeakMap();
    merged.set(reference, byTarget);
  }
  const known = byTarget.get(target);
  if (known !== undefined) return known;
  const result: JsonObject = { ...target };
  for (const keyword of siblings) {
    const value = reference[keyword];
    if (keyword === 'required' && Array.isArray(value))
      result.required = [...new Set([...(Array.isArray(target.required) ? target.required : []), ...value])];
    else if (keyword === 'properties' && isObject(value) && isObject(target.properties))
      result.properties = Object.defineProperties(
        {},
        {
          ...Object.getOwnPropertyDescriptors(target.properties),
          ...Object.getOwnPropertyDescriptors(value),
        },
      );
    else Object.defineProperty(result, keyword, { value, enumerable: true, writable: true, configurable: true });
  }
  byTarget.set(target, result);
  return result;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
