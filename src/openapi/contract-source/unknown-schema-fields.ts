// Fields OpenAPI 3.0's Schema Object does not have (Supabase Auth's `optional: true`, JSON Schema's
// `patternProperties`): 3.0 forbids them, but hand-written documents publish them and Prism serves
// those documents, so the mock leaves each out with a warning naming its place, instead of
// refusing the document. A field unknown elsewhere (a response's `colour`) is still refused.
import { type JsonObject, rawValueAt, unescapePointerSegment } from '../json-pointer.js';
import type { OpenApiFault } from './check-openapi.js';
import { NAMED } from './openapi-objects.js';

/** Members that hold one schema, a list of schemas, or a map of named schemas. */
const ONE_SCHEMA = new Set(['items', 'not', 'additionalProperties']);
const LIST_OF_SCHEMAS = new Set(['allOf', 'anyOf', 'oneOf']);

/**
 * Members whose next segment is a name the document chose (or an index), never a keyword: the
 * named maps every reading walks by (openapi-objects.ts), and the maps and lists beside them.
 */
const NAMES_NEXT = new Set([...NAMED, 'examples', 'tags', 'servers']);

/** Where the schema under the first `schema` keyword starts (a parameter named "schema" is a name); -1 where none. */
function schemaKeywordEnd(segments: readonly string[]): number {
  let nameNext = false;
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index] as string;
    if (nameNext) nameNext = false;
    else if (segment === 'schema') return index + 1;
    else nameNext = NAMES_NEXT.has(segment);
  }
  return -1;
}

/** Whether the object at `segments` is a Schema Object: under a `schema` member or a named component schema, then reached by schema keywords only. */
export function isSchemaPlace(segments: readonly string[]): boolean {
  const componentSchema = segments[0] === 'components' && segments[1] === 'schemas' && segments.length > 2;
  let index = componentSchema ? 3 : schemaKeywordEnd(segments);
  if (index === -1) return false;
  while (index < segments.length) {
    const member = segments[index] as string;
    if (ONE_SCHEMA.has(member)) index += 1;
    else if (LIST_OF_SCHEMAS.has(member) && /^\d+$/.test(segments[index + 1] ?? '')) index += 2;
    else if (member === 'properties' && index + 1 < segments.length) index += 2;
    else return false;
  }
  return true;
}

/**
 * Leaves out of `document` each field that a fault names as unknown in a Schema Object; says
 * which, for warnings. The faults of other objects are left to refuse the document.
 */
export function dropUnknownSchemaFields(document: JsonObject, faults: readonly OpenApiFault[]): OpenApiFault[] {
  const dropped: OpenApiFault[] = [];
  for (const fault of faults) {
    if (fault.unknownField === undefined) continue;
    const { holder: holderPointer, name } = fault.unknownField;
    const segments = holderPointer.split('/').slice(1).map(unescapePointerSegment);
    const holder = rawValueAt(document, holderPointer);
    if (!isSchemaPlace(segments) || typeof holder !== 'object' || holder === null || Array.isArray(holder)) continue;
    delete (holder as JsonObject)[name];
    dropped.push({
      pointer: fault.pointer,
      message: `"${name}" is not a field of a schema in OpenAPI 3.0: it is left out, and the schema is served without it (check its spelling; declare openapi: 3.1 for JSON Schema's keywords; extensions start with x-)`,
    });
  }
  return dropped;
}
