// The tags a discriminator gives the branches of its oneOf or anyOf, read one way for the mock
// (which holds each branch to its tags) and the suite (which writes a branch's first tag).
// OpenAPI 3.1.1 and 3.0.4, "Options for Mapping Values to Schemas": a tag names the component of
// that name unless the mapping has a key of that name; a mapping value is a component's name or a
// URI reference; inline branches are named by none.
import { asObject, type JsonObject, refPointer } from './json-pointer.js';
import { resolveSchema } from './schema-shape.js';

const COMPONENT_SCHEMAS = '#/components/schemas/';
/** A component's name (the spec's syntax for component keys): a mapping value of it is a name, not a URI. */
const COMPONENT_NAME = /^[a-zA-Z0-9.\-_]+$/;

/** Whether a mapping value names the branch's $ref: by its component name, or by the same reference. */
function mapsTo(target: string, ref: string): boolean {
  if (COMPONENT_NAME.test(target)) return ref === `${COMPONENT_SCHEMAS}${target}`;
  return target === ref || (target.startsWith('#') && refPointer(target) === refPointer(ref));
}

/** The name a $ref to #/components/schemas/NAME is implicitly tagged by; none for another place. */
function componentName(ref: string): string | undefined {
  const name = ref.startsWith(COMPONENT_SCHEMAS) ? ref.slice(COMPONENT_SCHEMAS.length) : '';
  return COMPONENT_NAME.test(name) ? name : undefined;
}

/**
 * Whether a branch says its own tag: its discriminating property has an enum or a const (OpenAI's
 * type: [auto]), also where a subtype says it beside its base in an allOf, in either order.
 */
function namesOwnTag(document: JsonObject, branch: unknown, property: string): boolean {
  const own = resolveSchema(document, asObject(resolveSchema(document, branch).properties)[property]);
  return Array.isArray(own.enum) || 'const' in own;
}

/**
 * The tags that name a branch, the mapping's first (what every implementation reads), then its
 * component name where no mapping key takes that name. None (undefined) for an inline branch, for
 * one named by no tag, and for one that says its own tag and is mapped by none: its schema
 * already holds the value to its tag.
 */
export function branchTags(document: JsonObject, discriminator: unknown, branch: unknown): string[] | undefined {
  const { propertyName: property, mapping } = asObject(discriminator);
  const ref = asObject(branch).$ref;
  if (typeof property !== 'string' || typeof ref !== 'string') return undefined;
  const entries = Object.entries(asObject(mapping)).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const mapped = entries.filter(([, target]) => mapsTo(target, ref)).map(([tag]) => tag);
  if (mapped.length === 0 && namesOwnTag(document, branch, property)) return undefined;
  const name = componentName(ref);
  const implicit = name !== undefined && !entries.some(([tag]) => tag === name) ? [name] : [];
  const tags = [...mapped, ...implicit];
  return tags.length > 0 ? tags : undefined;
}

/** What a branch holds beside its schema to carry one of its tags. */
export function tagRequirement(property: string, tags: readonly string[]): JsonObject {
  return { type: 'object', required: [property], properties: { [property]: { type: 'string', enum: [...tags] } } };
}

/** The discriminator a schema states itself, where it names its property. */
function ownDiscriminator(document: JsonObject, schema: unknown): JsonObject | undefined {
  const discriminator = asObject(resolveSchema(document, schema).discriminator);
  return typeof discriminator.propertyName === 'string' ? discriminator : undefined;
}

/**
 * The discriminator that tells a oneOf's (or anyOf's) branches apart: its own, else the one every
 * branch inherits, where each is a $ref whose allOf holds a base stating one on the same property
 * (the inheritance OpenAPI shows: Pet with its discriminator, Cat and Dog each an allOf of Pet,
 * read through a oneOf of Cat and Dog). Undefined where neither tells them apart.
 */
export function unionDiscriminator(document: JsonObject, schema: unknown): JsonObject | undefined {
  const resolved = resolveSchema(document, schema);
  const branches = Array.isArray(resolved.oneOf) ? resolved.oneOf : resolved.anyOf;
  if (!Array.isArray(branches)) return undefined;
  const own = ownDiscriminator(document, resolved);
  if (own !== undefined || branches.length < 2) return own;
  let inherited: JsonObject | undefined;
  for (const branch of branches) {
    if (typeof asObject(branch).$ref !== 'string') return undefined;
    // Its allOf parts merged: the base's discriminator comes with them. One that is a union itself
    // tells its own branches apart, not this one's.
    const merged = resolveSchema(document, branch);
    if (Array.isArray(merged.oneOf) || Array.isArray(merged.anyOf)) return undefined;
    const base = ownDiscriminator(document, merged);
    if (base === undefined || (inherited !== undefined && base.propertyName !== inherited.propertyName))
      return undefined;
    inherited ??= base;
  }
  return inherited;
}
