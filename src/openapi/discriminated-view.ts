// A contract as the mock's and the suite's validators read it where a discriminator tells the
// branches of a oneOf (or anyOf) apart: each branch held to its tags (discriminator-tags.ts), the
// discriminator gone. Read as plain JSON Schema, such a union often holds few of its kinds: Ory's
// password login fits four open branches; InfluxDB's NotificationEndpoint (four kinds, each an
// allOf of one base that takes every kind's tag) holds no http endpoint, which meets the slack
// branch too. The document means the tag to choose, and so do its users' servers and clients:
// requests, answers, records and examples are all read so. (express-openapi-validator reads a
// discriminator only in requests, and only where the branches are still $refs; Ajv's own
// `discriminator` option takes no mapping.)
import { branchTags, tagRequirement, unionDiscriminator } from './discriminator-tags.js';
import { type JsonObject, resolveLocalRef } from './json-pointer.js';
import { schemasRewritten } from './schemas-rewritten.js';

const isUnion = (value: JsonObject) => Array.isArray(value.oneOf) || Array.isArray(value.anyOf);

/** Every discriminated schema in `value` tagged. */
const tagged = (document: JsonObject, value: unknown): unknown =>
  schemasRewritten(value, (schema) =>
    // A union no discriminator tells apart comes back as it is.
    isUnion(schema) ? (taggedBranches(document, schema) as JsonObject) : schema,
  );

/** `schema` with its discriminated branches each held to their tags, where it has them; else itself. */
export function taggedBranches(document: JsonObject, schema: unknown): unknown {
  const resolved = resolveLocalRef(document, schema);
  const discriminator = unionDiscriminator(document, resolved);
  const property = discriminator?.propertyName;
  const keyword = Array.isArray(resolved.oneOf) ? 'oneOf' : Array.isArray(resolved.anyOf) ? 'anyOf' : undefined;
  if (typeof property !== 'string' || keyword === undefined) return schema;
  const { discriminator: _stated, ...rest } = resolved;
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
    view = tagged(document, document) as JsonObject;
    views.set(document, view);
  }
  return view;
}

/** A schema of `document`, compiled apart from it, with its discriminated parts tagged as the document's are. */
export const schemaAsTagged = (document: JsonObject, schema: unknown): unknown => tagged(document, schema);
