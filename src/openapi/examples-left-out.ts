// Examples are no schema, and an Ajv given them pays for them: JSON Schema draft 4 (OpenAPI 3.0's
// schemas) takes any object's text `id` as a schema's id, and two examples of one id (`{"id":
// "abc"}` twice, as Lob's document has) made it refuse the whole document; and Ajv's check of
// whether a schema it inlines holds a $ref walks an example's text character by character, each
// time it is inlined (a draft's 2 MB example took 5 s and 250 MB). Extensions (x-...) are the
// mock's to read, from the contract itself, never Ajv's, which dereferences and copies them: two
// million values in an operation's or a schema's x- key took the validator's load past 800 MB.
// Every Ajv is given the document without its examples and extensions, every pointer to a schema
// kept; an extension's name inside a value (a default, an enum) is data, and kept; so is an
// example or an extension a $ref points into (a draft may make a schema of either).

import { setOwn } from '../store/own-keys.js';
import type { JsonObject } from './json-pointer.js';

const EXAMPLE_KEYS = new Set(['example', 'examples']);
const isExtension = (key: string) => key.startsWith('x-');

/** Keywords whose values are data, whatever their keys (examples inside them still go). */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(['default', 'enum', 'const']);

/** Members whose keys are names, not keywords: a property (or schema, header...) named `example` is kept. */
export const NAMED_MEMBERS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  'dependentRequired',
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
  // Each requirement of a security list names its schemes.
  'security',
]);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;

/** What was already made of each object (apart for data, whose extensions are kept), and the $refs into extensions. */
type Walk = { schema: Map<object, unknown>; data: Map<object, unknown>; refsIntoLeftOut: readonly string[] };

const escaped = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** An extension some $ref points into (a draft's shared schemas under `x-components`), or an example, is kept. */
const isReferenced = (pointer: string, walk: Walk) =>
  walk.refsIntoLeftOut.some((target) => target === pointer || target.startsWith(`${pointer}/`));

/** A $ref's pointer through an extension or an example: what would be left out. */
const THROUGH_LEFT_OUT = /\/(x-[^/]*|examples?)(\/|$)/;

/**
 * Every local $ref of `document` (its pointer, decoded from the URI) that passes through an
 * extension or an example. Arrays are read by index: a draft's array of two million numbers makes
 * no pairs.
 */
function refsIntoLeftOut(document: unknown): string[] {
  const targets: string[] = [];
  const seen = new Set<object>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) if (isObject(node[index])) stack.push(node[index]);
      continue;
    }
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && THROUGH_LEFT_OUT.test(ref)) {
      try {
        targets.push(decodeURIComponent(ref.slice(1)));
      } catch {
        // A $ref that is no URI is refused elsewhere.
      }
    }
    for (const key of Object.keys(node)) if (isObject(node[key])) stack.push(node[key]);
  }
  return targets;
}

type Place = { under: string | undefined; pointer: string; inData: boolean };

/**
 * `value` without the examples (and, outside data, extensions) in it; what holds none is returned
 * itself (not copied), so that the copy costs only the objects on the way to one.
 */
function withoutExamples(value: unknown, place: Place, walk: Walk): unknown {
  if (!isObject(value)) return value;
  const copies = place.inData ? walk.data : walk.schema;
  const known = copies.get(value);
  if (known !== undefined) return known;
  // Meanwhile a cycle meets the value itself.
  copies.set(value, value);
  const result = Array.isArray(value) ? itemsWithout(value, place, walk) : membersWithout(value, place, walk);
  copies.set(value, result);
  return result;
}

function itemsWithout(value: unknown[], { under, pointer, inData }: Place, walk: Walk): unknown[] {
  let result = value;
  for (let index = 0; index < value.length; index += 1) {
    const item = value[index];
    if (!isObject(item)) continue;
    const itemPlace = { under: under === 'security' ? under : undefined, pointer: `${pointer}/${index}`, inData };
    const kept = withoutExamples(item, itemPlace, walk);
    if (kept === item) continue;
    if (result === value) result = value.slice();
    result[index] = kept;
  }
  return result;
}

function membersWithout(value: JsonObject, { under, pointer, inData }: Place, walk: Walk): JsonObject {
  const named = under !== undefined && NAMED_MEMBERS.has(under);
  const keys = Object.keys(value);
  const changed = new Map<string, unknown>();
  for (const key of keys) {
    const at = `${pointer}/${escaped(key)}`;
    const leftOut = EXAMPLE_KEYS.has(key) || (!inData && isExtension(key));
    if (!named && leftOut && !isReferenced(at, walk)) changed.set(key, undefined);
    else {
      const data = inData || (!named && DATA_KEYWORDS.has(key));
      const kept = withoutExamples(value[key], { under: named ? undefined : key, pointer: at, inData: data }, walk);
      if (kept !== value[key]) changed.set(key, kept);
    }
  }
  if (changed.size === 0) return value;
  const copy: JsonObject = {};
  for (const key of keys) {
    if (!changed.has(key)) setOwn(copy, key, value[key]);
    else if (changed.get(key) !== undefined) setOwn(copy, key, changed.get(key));
  }
  return copy;
}

/**
 * `document` without its examples (in schemas, parameters, media types) and its extensions (x-
 * keys, at every level), but those a $ref points into, sharing every part that holds none.
 */
export function examplesLeftOut<Document>(document: Document): Document {
  const walk: Walk = { schema: new Map(), data: new Map(), refsIntoLeftOut: refsIntoLeftOut(document) };
  return withoutExamples(document, { under: undefined, pointer: '', inData: false }, walk) as Document;
}
