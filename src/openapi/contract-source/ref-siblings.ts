// OpenAPI 3.0 ignores whatever stands beside a $ref ("any properties added SHALL be ignored"),
// and generated documents write `type` there anyway (Xero's `rate: {$ref: Amount, type: number}`).
// Ajv and the mock's checks applied it, found no value both an Amount object and a number, and
// refused the contract. Read as 3.0 means it: the reference alone, with the annotations people
// write beside it for tools that read them (a description, nullable, readOnly). 3.1 applies them.
import type { JsonObject } from '../json-pointer.js';

/** Beside a $ref, kept: what annotates and constrains nothing (nullable is read as 3.0 tools read it). */
const KEPT = new Set(['$ref', 'description', 'summary', 'title', 'nullable', 'readOnly', 'writeOnly', 'deprecated']);
/** Values that are data, not OpenAPI: no $ref there is a reference. */
const DATA = new Set(['example', 'examples', 'default', 'enum', 'const']);
/** Maps whose keys are names chosen by the document: a member named `example` there is a schema. */
const NAMED = new Set([
  'properties',
  'patternProperties',
  'schemas',
  'parameters',
  'responses',
  'headers',
  'requestBodies',
  'securitySchemes',
  'links',
  'callbacks',
  'paths',
  'content',
  'encoding',
]);

export type RefSiblingsDropped = { segments: string[]; ref: string; dropped: string[] };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Removes, in place, what a 3.0 document writes beside its $refs and 3.0 ignores; says where. */
export function dropRefSiblings(document: JsonObject): RefSiblingsDropped[] {
  const found: RefSiblingsDropped[] = [];
  const stack: Array<{ node: unknown; segments: string[]; named: boolean }> = [
    { node: document, segments: [], named: false },
  ];
  while (stack.length > 0) {
    const { node, segments, named } = stack.pop() as { node: unknown; segments: string[]; named: boolean };
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1)
        stack.push({ node: node[index], segments: [...segments, String(index)], named: false });
      continue;
    }
    if (!isObject(node)) continue;
    if (!named && typeof node.$ref === 'string') {
      const dropped = Object.keys(node).filter((key) => !KEPT.has(key) && !key.startsWith('x-'));
      for (const key of dropped) delete node[key];
      if (dropped.length > 0) found.push({ segments, ref: node.$ref, dropped });
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (!named && (DATA.has(key) || key.startsWith('x-'))) continue;
      if (typeof value === 'object' && value !== null)
        stack.push({ node: value, segments: [...segments, key], named: !named && NAMED.has(key) });
    }
  }
  return found.reverse();
}
