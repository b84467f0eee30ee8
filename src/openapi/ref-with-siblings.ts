// A $ref with keywords beside it (OpenAPI 3.1, and Ajv in every draft, applies them too): Lago's
// `{"$ref": "TaxBaseInput", "required": ["name", "code", "rate"]}`. Read as the target with those
// keywords met as well: required lists joined, a property of both met as both, a keyword of both
// met again as an allOf part, any other keyword the sibling's.
// A 3.0 document has had what 3.0 ignores there removed when it was read (contract-source/ref-siblings.ts).
import { setOwn } from '../store/own-keys.js';
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
  return Object.keys(reference).filter((keyword) => !ANNOTATIONS.has(keyword) && !keyword.startsWith('x-'));
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
  // A keyword both say is met twice, as an allOf part (the suite's flatten takes the tighter).
  const alsoMet: JsonObject[] = [];
  for (const keyword of siblings) {
    const value = reference[keyword];
    if (keyword === 'required' && Array.isArray(value))
      result.required = [...new Set([...(Array.isArray(target.required) ? target.required : []), ...value])];
    else if (keyword === 'properties' && isObject(value) && isObject(target.properties))
      result.properties = mergedProperties(target.properties, value);
    else if (Object.hasOwn(target, keyword)) {
      const part: JsonObject = {};
      setOwn(part, keyword, value);
      alsoMet.push(part);
    } else setOwn(result, keyword, value);
  }
  if (alsoMet.length > 0) result.allOf = [...(Array.isArray(target.allOf) ? target.allOf : []), ...alsoMet];
  byTarget.set(target, result);
  return result;
}

/** Each property of both, the one beside the $ref met as well as the target's. */
function mergedProperties(target: JsonObject, beside: JsonObject): JsonObject {
  const merged: JsonObject = { ...target };
  for (const [name, property] of Object.entries(beside))
    setOwn(merged, name, Object.hasOwn(target, name) ? { allOf: [target[name], property] } : property);
  return merged;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
