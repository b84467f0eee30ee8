// A walk over the objects of an OpenAPI document that are OpenAPI's own (schemas, parameters,
// responses...), passing over what is data there (examples, defaults, enums, extensions), for
// the readings that mend a document in place.
import type { JsonObject } from '../json-pointer.js';

/** Values that are data, not OpenAPI: no $ref there is a reference, no keyword a keyword. */
const DATA = new Set(['example', 'examples', 'default', 'enum', 'const']);
/** Maps whose keys are names chosen by the document: a member named `example` there is a schema. */
export const NAMED = new Set([
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
  '$defs',
  'definitions',
  'dependentSchemas',
  'webhooks',
  'pathItems',
]);

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Calls `visit` on every OpenAPI object of the document (not on a map of names itself), with its
 * path from the root; where it returns 'skip', what lies under that object is not walked.
 */
export function forEachOpenApiObject(
  document: JsonObject,
  visit: (node: JsonObject, segments: string[]) => 'skip' | undefined,
): void {
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
    if (!named && visit(node, segments) === 'skip') continue;
    for (const [key, value] of Object.entries(node)) {
      if (!named && (DATA.has(key) || key.startsWith('x-'))) continue;
      if (typeof value === 'object' && value !== null)
        stack.push({ node: value, segments: [...segments, key], named: !named && NAMED.has(key) });
    }
  }
}
