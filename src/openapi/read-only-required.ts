// A readOnly property required beside an allOf that declares it (PetClinic's Vet: `allOf:
// [VetFields, {properties: {id: {readOnly: true}}}]`, `required: [id, ...]`): OpenAPI says such a
// requirement holds of answers only, but express-openapi-validator reads readOnly only beside the
// `required` of the schema that declares the property (its issue #883), so that a valid create
// without the id was refused. The validator's copy of the document moves each such name into
// the `required` of the part that declares it, which means the same to JSON Schema; a part that
// is a $ref becomes a copy of what it names. A property another part declares again without
// readOnly is writable in the copy (redeclaredWritable). Nothing is copied in a document without one.
import { memberHolds } from './document-members.js';
import { asObject, type JsonObject, resolveLocalRef } from './json-pointer.js';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The index of the allOf part that declares `name` readOnly, if one does. */
function readOnlyPart(document: JsonObject, parts: readonly unknown[], name: string): number {
  return parts.findIndex(
    (part) => resolveLocalRef(document, asObject(resolveLocalRef(document, part).properties)[name]).readOnly === true,
  );
}

/** The schemas whose `required` may name a property a part of `node`'s allOf declares: itself, and its inline parts. */
const requirers = (node: JsonObject): JsonObject[] =>
  Array.isArray(node.allOf)
    ? [node, ...node.allOf.filter((part): part is JsonObject => isObject(part) && !('$ref' in part))]
    : [];

/** Whether `requirer` requires `name` that another part of `node`'s allOf declares readOnly (PagerDuty's Reference: the id of Tag's first part). */
function movedTo(document: JsonObject, node: JsonObject, requirer: JsonObject, name: string): number {
  const parts = node.allOf as unknown[];
  const index = readOnlyPart(document, parts, name);
  if (index < 0 || parts[index] === requirer) return -1;
  // A part that declares the property itself holds its own requirement.
  return requirer !== node && Object.hasOwn(asObject(requirer.properties), name) ? -1 : index;
}

const needsMove = (document: JsonObject, node: JsonObject) =>
  requirers(node).some(
    (requirer) =>
      Array.isArray(requirer.required) &&
      requirer.required.some((name) => movedTo(document, node, requirer, String(name)) >= 0),
  );

/** Every object of the document, depth first (examples and defaults are data, not schemas). */
export function objectsOf(document: JsonObject): JsonObject[] {
  const found: JsonObject[] = [];
  const stack: { node: unknown; names: boolean }[] = [{ node: document, names: false }];
  while (stack.length > 0) {
    const { node, names } = stack.pop() as { node: unknown; names: boolean };
    if (Array.isArray(node)) for (const item of node) stack.push({ node: item, names: false });
    else if (isObject(node)) {
      found.push(node);
      for (const [key, value] of Object.entries(node)) {
        const holds = memberHolds(key, names);
        if (typeof value === 'object' && holds !== 'data') stack.push({ node: value, names: holds === 'names' });
      }
    }
  }
  return found;
}

/**
 * The properties a part of `node`'s allOf declares readOnly that another part declares again
 * without it (PagerDuty's contact method: the base's readOnly type, an enum of the kind's own
 * that the kind requires): by JSON Schema still readOnly, so that a body could neither send it
 * nor leave it out. The part's own declaration is the kind's word: writable.
 */
function redeclaredWritable(document: JsonObject, node: JsonObject): { index: number; name: string }[] {
  const allOf = node.allOf;
  if (!Array.isArray(allOf)) return [];
  const parts = allOf.map((part) => asObject(asObject(resolveLocalRef(document, part)).properties));
  const readOnly = (properties: JsonObject, name: string) =>
    asObject(resolveLocalRef(document, properties[name])).readOnly === true;
  // A part named by $ref only, which the node gets a copy of: an inline part may be the target of
  // another schema's $ref (PagerDuty's References name Tag/allOf/0), which must keep it readOnly.
  const named = (index: number) => typeof asObject(allOf[index]).$ref === 'string';
  return parts.flatMap((properties, index) =>
    Object.keys(named(index) ? properties : {})
      .filter((name) => readOnly(properties, name))
      .filter((name) => parts.some((other, at) => at !== index && Object.hasOwn(other, name) && !readOnly(other, name)))
      .map((name) => ({ index, name })),
  );
}

/** `document` with each property declared again without readOnly writable (redeclaredWritable); itself when none is. */
export function withRedeclaredWritable(document: JsonObject): JsonObject {
  if (!objectsOf(document).some((node) => redeclaredWritable(document, node).length > 0)) return document;
  const copy = structuredClone(document);
  for (const node of objectsOf(copy)) {
    for (const { index, name } of redeclaredWritable(copy, node)) {
      const parts = node.allOf as unknown[];
      const part = asObject(parts[index]);
      // A copy of its own, as a moved requirement's: the part is shared with other schemas.
      const own = structuredClone(resolveLocalRef(copy, part));
      const properties = { ...asObject(own.properties) };
      const { readOnly: _dropped, ...writable } = asObject(resolveLocalRef(copy, properties[name]));
      properties[name] = writable;
      own.properties = properties;
      parts[index] = own;
    }
  }
  return copy;
}

/**
 * The document with each readOnly requirement beside an allOf moved into its part, and each
 * property a part declares again without readOnly writable; the document itself when it has none.
 */
export function withReadOnlyRequiredInParts(given: JsonObject): JsonObject {
  const document = withRedeclaredWritable(given);
  if (!objectsOf(document).some((node) => needsMove(document, node))) return document;
  const copy = document === given ? structuredClone(document) : document;
  for (const node of objectsOf(copy).filter((candidate) => needsMove(copy, candidate))) {
    const parts = node.allOf as unknown[];
    for (const requirer of requirers(node)) {
      if (!Array.isArray(requirer.required)) continue;
      const kept: unknown[] = [];
      for (const name of requirer.required as unknown[]) {
        const index = movedTo(copy, node, requirer, String(name));
        if (index < 0) {
          kept.push(name);
          continue;
        }
        const part = asObject(parts[index]);
        // A copy of its own, properties included: the validator visits each property's schema
        // once, and would meet this id beside the original part's requirement, where none is.
        const own = typeof part.$ref === 'string' ? structuredClone(resolveLocalRef(copy, part)) : part;
        own.required = [...(Array.isArray(own.required) ? own.required : []), name];
        parts[index] = own;
      }
      // OpenAPI 3.0's schema object takes no empty `required`.
      if (kept.length > 0) requirer.required = kept;
      else delete requirer.required;
    }
  }
  return copy;
}
