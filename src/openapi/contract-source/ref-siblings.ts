// OpenAPI 3.0 ignores whatever stands beside a $ref ("any properties added SHALL be ignored"),
// and generated documents write `type` there anyway (Xero's `rate: {$ref: Amount, type: number}`).
// Ajv and the mock's checks applied it, found no value both an Amount object and a number, and
// refused the contract. Read as 3.0 means it: the reference alone, with the annotations people
// write beside it for tools that read them (a description, nullable, readOnly). 3.1 applies them.
import type { JsonObject } from '../json-pointer.js';
import { forEachOpenApiObject } from './openapi-objects.js';

/** Beside a $ref, kept: what annotates and constrains nothing (nullable is read as 3.0 tools read it). */
const KEPT = new Set(['$ref', 'description', 'summary', 'title', 'nullable', 'readOnly', 'writeOnly', 'deprecated']);

export type RefSiblingsDropped = { segments: string[]; ref: string; dropped: string[] };

/** Removes, in place, what a 3.0 document writes beside its $refs and 3.0 ignores; says where. */
export function dropRefSiblings(document: JsonObject): RefSiblingsDropped[] {
  const found: RefSiblingsDropped[] = [];
  forEachOpenApiObject(document, (node, segments) => {
    if (typeof node.$ref !== 'string') return undefined;
    const dropped = Object.keys(node).filter((key) => !KEPT.has(key) && !key.startsWith('x-'));
    for (const key of dropped) delete node[key];
    if (dropped.length > 0) found.push({ segments, ref: node.$ref, dropped });
    return 'skip';
  });
  return found.reverse();
}
