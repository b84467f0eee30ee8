// A contract as the mock's and the suite's validators read it where a discriminator tells the
// branches of a oneOf (or anyOf) apart: each branch held to its tags (discriminator-tags.ts), the
// discriminator gone. Read as plain JSON Schema, such a union often holds few of its kinds: Ory's
// password login fits four open branches; InfluxDB's NotificationEndpoint (four kinds, each an
// allOf of one base that takes every kind's tag) holds no http endpoint, which meets the slack
// branch too. The document means the tag to choose, and so do its users' servers and clients:
// requests, answers, records and examples are all read so. (express-openapi-validator reads a
// discriminator only in requests, and only where the branches are still $refs; Ajv's own
// `discriminator` option takes no mapping.)
import { branchTags, tagRequirement } from './discriminator-tags.js';
import { asObject, type JsonObject, resolveLocalRef } from './json-pointer.js';

/** Members whose values are data, never schemas: a value there is kept as written. */
const DATA_MEMBERS: ReadonlySet<string> = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);

/** Members whose keys are names, not keywords: a property named `default` is a schema like any other. */
const NAMED_MEMBERS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'schemas',
]);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;

const isDiscriminated = (value: JsonObject) =>
  !Array.isArray(value) &&
  isObject(value.discriminator) &&
  typeof value.discriminator.propertyName === 'string' &&
  (Array.isArray(value.oneOf) || Array.isArray(value.anyOf));

/** A member set without touching the prototype ("__proto__" is a name like any other). */
function setOwn(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `value` with every discriminated schema in it tagged; what holds none is returned itself (not
 * copied). `made` keeps what each object became: a part shared (a YAML alias) is made once.
 */
function tagged(document: JsonObject, value: unknown, made: Map<object, unknown>, named = false): unknown {
  if (!isObject(value)) return value;
  const known = made.get(value);
  if (known !== undefined) return known;
  // Meanwhile a cycle meets the value itself.
  made.set(value, value);
  const own = isDiscriminated(value) ? (taggedBranches(document, value) as JsonObject) : value;
  let result: JsonObject | unknown[] = own;
  if (Array.isArray(own)) {
    own.forEach((item, index) => {
      const kept = tagged(document, item, made);
      if (kept === item) return;
      if (result === own) result = own.slice();
      (result as unknown[])[index] = kept;
    });
  } else {
    const changed = new Map<string, unknown>();
    for (const key of Object.keys(own)) {
      if (!named && DATA_MEMBERS.has(key)) continue;
      const kept = tagged(document, own[key], made, !named && NAMED_MEMBERS.has(key));
      if (kept !== own[key]) changed.set(key, kept);
    }
    if (changed.size > 0) {
      const copy: JsonObject = {};
      for (const key of Object.keys(own)) setOwn(copy, key, changed.has(key) ? changed.get(key) : own[key]);
      result = copy;
    }
  }
  made.set(value, result);
  return result;
}

/** `schema` with its discriminated branches each held to their tags, where it has them; else itself. */
export function taggedBranches(document: JsonObject, schema: unknown): unknown {
  const resolved = resolveLocalRef(document, schema);
  const property = asObject(resolved.discriminator).propertyName;
  const keyword = Array.isArray(resolved.oneOf) ? 'oneOf' : Array.isArray(resolved.anyOf) ? 'anyOf' : undefined;
  if (typeof property !== 'string' || keyword === undefined) return schema;
  const { discriminator, ...rest } = resolved;
  return {
    ...rest,
    [keyword]: (resolved[keyword] as unknown[]).map((branch) => {
      const tags = branchTags(document, discriminator, branch);
      return tags === undefined ? branch : { allOf: [branch, tagRequirement(property, tags)] };
    }),
  };
}

const views = new WeakMap<JsonObject, JsonObject>();

/** `document` with its discriminated schemas tagged, made once per document; itself where it has none. */
export function discriminatorsAsTags(document: JsonObject): JsonObject {
  let view = views.get(document);
  if (view === undefined) {
    view = tagged(document, document, new Map()) as JsonObject;
    views.set(document, view);
  }
  return view;
}

/** A schema of `document`, compiled apart from it, with its discriminated parts tagged as the document's are. */
export const schemaAsTagged = (document: JsonObject, schema: unknown): unknown => tagged(document, schema, new Map());
