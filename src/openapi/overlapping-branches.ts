// An answer whose one fault is that it meets more than one branch of a oneOf: the document's
// branches overlap. InfluxDB answers a dashboard as a oneOf of Dashboard and
// DashboardWithViewProperties, which differ only in their cells' items: a dashboard without cells
// is both, and every create answered 500. Its servers answer such a value all the same; so does the
// mock, marked as a gap of the contract that names the fix (response-contract.ts).
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { ownValue } from '../store/own-keys.js';
import { anchoredRefs } from './anchored-refs.js';
import { discriminatorsAsTags, schemaAsTagged } from './discriminated-view.js';
import { asObject, type JsonObject, refPointer, unescapePointerSegment } from './json-pointer.js';
import type { Contract, OperationInfo } from './load-contract.js';
import { createMockAjv } from './mock-ajv.js';
import { answerCovering } from './operation-answers.js';
import { schemasRewritten } from './schemas-rewritten.js';

const DOCUMENT_ID = 'petstore-mock:overlaps';

/** Ajv's words for a value that meets no branch of a oneOf, or more than one: the only fault an overlap may have. */
export const ONE_OF_REFUSED = /must match exactly one schema in oneOf/;

/**
 * Where a pointer into `document` leads once its oneOfs are moved (oneOfsAsAnyOf): a branch
 * named by its place (PagerDuty's `.../last_run_by/oneOf/1`) is then under `allOf/N/anyOf`.
 */
function movedPointer(document: JsonObject, pointer: string): string {
  const segments = pointer.split('/').slice(1);
  const moved: string[] = [];
  let node: unknown = document;
  for (const segment of segments) {
    const here = asObject(node);
    if (segment === 'oneOf' && Array.isArray(here.oneOf)) {
      const parts = Array.isArray(here.allOf) ? here.allOf.length : 0;
      moved.push('allOf', String(parts), 'anyOf');
    } else moved.push(segment);
    const name = unescapePointerSegment(segment);
    node = Array.isArray(node) ? node[Number(name)] : ownValue(here, name);
  }
  return moved.map((segment) => `/${segment}`).join('');
}

/** Each oneOf read as an anyOf: a value may meet several of its branches. */
const oneOfsAsAnyOf = (document: JsonObject, value: unknown): unknown =>
  schemasRewritten(value, (given) => {
    const ref = given.$ref;
    const schema =
      typeof ref === 'string' && ref.startsWith('#/') && ref.includes('/oneOf/')
        ? { ...given, $ref: `#${encodeURI(movedPointer(document, refPointer(ref)))}` }
        : given;
    if (!Array.isArray(schema.oneOf)) return schema;
    const { oneOf, ...rest } = schema;
    const parts = Array.isArray(rest.allOf) ? rest.allOf : [];
    return { ...rest, allOf: [...parts, { anyOf: oneOf }] };
  });

/**
 * Whether `body`, answered with `status`, meets its schema once each oneOf is read as an anyOf:
 * where the validator refused it, its only fault is then a value that meets several branches.
 */
export type OverlapCheck = (operation: OperationInfo, status: number, body: unknown) => boolean;

/** Whether `value` meets `schema` (one of the contract's) once each oneOf is read as an anyOf. */
export type SchemaOverlapCheck = (schema: object, value: unknown) => boolean;

export function createSchemaOverlapCheck(contract: Contract): SchemaOverlapCheck {
  let ajv: ReturnType<typeof createMockAjv> | undefined;
  const compiled = new WeakMap<object, ValidateFunction | null>();
  const compile = (schema: object): ValidateFunction | null => {
    try {
      if (!ajv) {
        ajv = createMockAjv({ ownProperties: true }, { formats: true });
        const tagged = discriminatorsAsTags(contract.document);
        ajv.addSchema(oneOfsAsAnyOf(tagged, tagged) as JsonObject, DOCUMENT_ID);
      }
      const view = oneOfsAsAnyOf(discriminatorsAsTags(contract.document), schemaAsTagged(contract.document, schema));
      return ajv.compile(anchoredRefs(view, DOCUMENT_ID) as object);
    } catch {
      // A schema Ajv cannot compile is no overlap: the validator's refusal stands.
      return null;
    }
  };
  return (schema, value) => {
    let validate = compiled.get(schema);
    if (validate === undefined) {
      validate = compile(schema);
      compiled.set(schema, validate);
    }
    return validate?.(value) === true;
  };
}

export function createOverlapCheck(contract: Contract): OverlapCheck {
  const meets = createSchemaOverlapCheck(contract);
  return (operation, status, body) =>
    (answerCovering(operation.responses, status)?.media ?? []).some(
      ({ schema }) => typeof schema === 'object' && schema !== null && meets(schema, body),
    );
}
