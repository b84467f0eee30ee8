// A request body that is a oneOf (or anyOf) of branches told apart by a discriminator (Ory's
// login flow: method "password", "oidc", "passkey"...), as express-openapi-validator can judge
// it. The validator reads the discriminator only where the branches are still $refs, and the
// mock gives it the document dereferenced: the oneOf was then plain JSON Schema, and a password
// login, whose fields fit four open branches, was refused for fitting more than one. Each branch
// says its tags instead (discriminator-tags.ts), and the discriminator goes: one branch fits, as
// the document means. Answers keep theirs.
import { branchTags, tagRequirement } from './discriminator-tags.js';
import { asObject, type JsonObject, resolveLocalRef } from './json-pointer.js';

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

/** A request body whose media types' schemas have their discriminated branches tagged. */
export function bodyWithTaggedBranches(document: JsonObject, body: unknown): unknown {
  const resolved = resolveLocalRef(document, body);
  const content = asObject(resolved.content);
  let changed = false;
  const tagged = Object.fromEntries(
    Object.entries(content).map(([type, media]) => {
      const schema = asObject(media).schema;
      const result = schema === undefined ? undefined : taggedBranches(document, schema);
      if (result === schema) return [type, media];
      changed = true;
      return [type, { ...asObject(media), schema: result }];
    }),
  );
  return changed ? { ...resolved, content: tagged } : body;
}
