// References where OpenAPI allows none, read as their targets. Published documents hold them
// (Lob's `content: {$ref: "#/components/mediaTypes/bank_account"}`, a whole content map behind a
// reference, and `components.mediaTypes`, a member OpenAPI 3.0 and 3.1 do not have); tools that
// resolve every JSON reference (Prism, json-schema-ref-parser) serve such documents, so the mock
// does too, with a warning naming each place, instead of refusing the document.
import { asObject, type JsonObject, rawValueAt, refPointer } from '../json-pointer.js';
import type { OpenApiFault } from './check-openapi.js';

/** The members a Components Object has in OpenAPI 3.0 and 3.1 (pathItems: 3.1). */
const COMPONENT_MEMBERS = new Set([
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
]);

export type ReadAsTarget = { pointer: string; message: string };

/** Values (objects, arrays, scalars) in `value`, counted up to `most`. */
function countNodes(value: unknown, most: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= most) {
    const node = stack.pop();
    count += 1;
    if (typeof node === 'object' && node !== null) for (const child of Object.values(node)) stack.push(child);
  }
  return count;
}

const parentOf = (pointer: string) => pointer.slice(0, pointer.lastIndexOf('/'));
const lastSegment = (pointer: string) =>
  pointer
    .slice(pointer.lastIndexOf('/') + 1)
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');

/**
 * Replaces, at each fault's place, a local reference whose target is in the document by a copy
 * of that target: what it means to a resolver of JSON references. At most `budget` values are
 * copied, and a target that holds the reference's own place is left (it would never end).
 */
export function readMisplacedRefs(
  document: JsonObject,
  faults: readonly OpenApiFault[],
  budget: number,
): { read: ReadAsTarget[]; copied: number } {
  const read: ReadAsTarget[] = [];
  let copied = 0;
  const places = new Set(
    // A map of names (content's media types) takes "$ref" for a name: the fault is at its value.
    faults.map(({ pointer: at }) => (lastSegment(at) === '$ref' ? parentOf(at) : at)),
  );
  for (const pointer of places) {
    const value = asObject(rawValueAt(document, pointer));
    const ref = value.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/') || pointer === '') continue;
    const target = refPointer(ref);
    const found = rawValueAt(document, target);
    if (typeof found !== 'object' || found === null || `${pointer}/`.startsWith(`${target}/`)) continue;
    const size = countNodes(found, budget - copied);
    if (copied + size > budget) continue;
    copied += size;
    const holder = rawValueAt(document, parentOf(pointer));
    if (typeof holder !== 'object' || holder === null) continue;
    (holder as Record<string, unknown>)[lastSegment(pointer)] = structuredClone(found);
    read.push({
      pointer,
      message: `a $ref stands here, where OpenAPI allows none; it is read as what ${ref} holds (as JSON reference resolvers do). Write the value itself here to keep other tools reading it alike.`,
    });
  }
  return { read, copied };
}

/**
 * Drops the members of `components` that OpenAPI does not have (3.2's mediaTypes), once nothing
 * refers to them any more: components have no effect unless referred to.
 */
export function dropForeignComponents(document: JsonObject): ReadAsTarget[] {
  const components = rawValueAt(document, '/components');
  if (typeof components !== 'object' || components === null || Array.isArray(components)) return [];
  const foreign = Object.keys(components).filter(
    (member) => !COMPONENT_MEMBERS.has(member) && !member.startsWith('x-'),
  );
  if (foreign.length === 0) return [];
  const text = JSON.stringify(document);
  const dropped: ReadAsTarget[] = [];
  for (const member of foreign) {
    if (text.includes(`"#/components/${member}/`)) continue;
    delete (components as Record<string, unknown>)[member];
    dropped.push({
      pointer: `/components/${member}`,
      message: `components.${member} is not a member of OpenAPI's Components Object in this version (OpenAPI 3.2 adds mediaTypes); nothing refers to it once its references are read, so it is left out.`,
    });
  }
  return dropped;
}
