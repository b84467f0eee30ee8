// A request body that is a oneOf (or anyOf) of branches told apart by a discriminator (Ory's
// login flow: method "password", "oidc", "passkey"...), as express-openapi-validator can judge
// it. The validator reads the discriminator only where the branches are still $refs, and the
// mock gives it the document dereferenced: the oneOf was then plain JSON Schema, and a password
// login, whose fields fit four open branches, was refused for fitting more than one. Each branch
// says its tag instead (the mapping's names for it, else its schema's name), and the
// discriminator goes: one branch fits, as the document means. Answers keep theirs.
import { asObject, type JsonObject, resolveLocalRef } from './json-pointer.js';
import { resolveSchema } from './schema-shape.js';

const refName = (ref: string) => ref.split('/').at(-1) ?? ref;

/** Whether a branch names its own tag: its discriminating property has an enum or a const (OpenAI's type: [auto]). */
function namesOwnTag(document: JsonObject, branch: unknown, property: string): boolean {
  // allOf merged: a subtype says its tag beside its base (Cat = allOf [Pet, {petType: [cat]}]).
  const own = resolveLocalRef(document, asObject(resolveSchema(document, branch).properties)[property]);
  return Array.isArray(own.enum) || 'const' in own;
}

/**
 * The tags of each branch $ref: the mapping's names for it, else the name of the schema it names;
 * none where the branch says its own, unmapped.
 */
function tagsOf(
  document: JsonObject,
  discriminator: JsonObject,
  branches: readonly unknown[],
): Map<string, string[] | undefined> {
  const mapping = Object.entries(asObject(discriminator.mapping)).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const property = String(discriminator.propertyName);
  const tags = new Map<string, string[] | undefined>();
  for (const branch of branches) {
    const ref = asObject(branch).$ref;
    if (typeof ref !== 'string') continue;
    const mapped = mapping.filter(([, target]) => target === ref || refName(target) === refName(ref));
    if (mapped.length > 0)
      tags.set(
        ref,
        mapped.map(([tag]) => tag),
      );
    else tags.set(ref, namesOwnTag(document, branch, property) ? undefined : [refName(ref)]);
  }
  return tags;
}

/** `schema` with its discriminated branches each held to their tags, where it has them; else itself. */
export function taggedBranches(document: JsonObject, schema: unknown): unknown {
  const resolved = resolveLocalRef(document, schema);
  const discriminator = asObject(resolved.discriminator);
  const property = discriminator.propertyName;
  const keyword = Array.isArray(resolved.oneOf) ? 'oneOf' : Array.isArray(resolved.anyOf) ? 'anyOf' : undefined;
  if (typeof property !== 'string' || keyword === undefined) return schema;
  const branches = resolved[keyword] as unknown[];
  const tags = tagsOf(document, discriminator, branches);
  // Only where every branch is a $ref the discriminator can name.
  if (tags.size !== branches.length) return schema;
  const { discriminator: _dropped, ...rest } = resolved;
  return {
    ...rest,
    [keyword]: branches.map((branch) => {
      const tag = tags.get(String(asObject(branch).$ref));
      return tag === undefined
        ? branch
        : { allOf: [branch, { type: 'object', required: [property], properties: { [property]: { enum: tag } } }] };
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
