// Local references in the contract: JSON Pointers (RFC 6901) such as "/components/schemas/Pet",
// walked in the document, and "$ref": "#/..." followed to what they name.

export type JsonObject = Record<string, unknown>;

/** The value as an object, or an empty one: the contract is walked without a check at each step. */
export function asObject(value: unknown): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

/** One path segment written for a pointer: "/pets/{petId}" becomes "~1pets~1{petId}". */
export const escapePointerSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** A pointer's segment read back: "~1pets~1{petId}" names "/pets/{petId}" (RFC 6901: ~1 first, then ~0). */
export const unescapePointerSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value at `pointer` in `document`, arrays walked by index (undefined when there is none). */
export function rawValueAt(document: JsonObject, pointer: string): unknown {
  let value: unknown = document;
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[unescapePointerSegment(segment)];
  }
  return value;
}

/** The object at `pointer` in `document` (empty when there is none). */
export function valueAt(document: JsonObject, pointer: string): JsonObject {
  return asObject(rawValueAt(document, pointer));
}

/**
 * The pointer of a local $ref ("#/components/schemas/Pet"): a URI fragment, percent-decoded
 * ("#/paths/~1pets~1%7BpetId%7D" names "/paths/~1pets~1{petId}"), as a bundled contract writes it.
 */
export function refPointer(ref: string): string {
  const fragment = ref.slice(1);
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** Follows local $refs from `pointer` until an object that is not one: where it is, and the object. */
export function locate(document: JsonObject, pointer: string): [string, JsonObject] {
  let current = pointer;
  for (;;) {
    const node = valueAt(document, current);
    if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return [current, node];
    current = refPointer(node.$ref);
  }
}

/** Follows local $refs from `value` until an object that is not one. */
export function resolveLocalRef(document: JsonObject, value: unknown): JsonObject {
  const object = asObject(value);
  return typeof object.$ref === 'string' && object.$ref.startsWith('#/')
    ? locate(document, refPointer(object.$ref))[1]
    : object;
}
