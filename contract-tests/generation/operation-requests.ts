// Requests for an operation, generated from its parameters and body schema: valid ones (every
// optional parameter and field present and absent, every enum value, values at their bounds)
// and, for each bound, requests just past it with everything else valid.
import fc from 'fast-check';
import type { SpecOperation } from '../support/contract-spec.js';
import { invalidBodies, invalidValues } from './invalid-values.js';
import { type JsonSchema, schemaOf } from './json-schema.js';
import { type Generated, type ReferenceIds, validValues } from './valid-values.js';

export type GeneratedRequest = {
  query: Record<string, unknown>;
  body?: unknown;
  /** Path parameters replaced (invalid ones); the others come from the suite's data. */
  path?: Record<string, string>;
};

export type RequestReferences = { query: ReferenceIds; body: ReferenceIds };

type Parameter = { name: string; in: string; required?: boolean; allowEmptyValue?: boolean; schema: unknown };

const parametersIn = (operation: SpecOperation, where: string) =>
  (operation.parameters as Parameter[]).filter((parameter) => parameter.in === where);

/**
 * The schema a valid query value meets: an empty value (`?city=`, or an empty list) only where the parameter says
 * allowEmptyValue (OpenAPI 3.x, default false; express-openapi-validator refuses one otherwise).
 */
export function queryValueSchema(parameter: Parameter): JsonSchema {
  const schema = schemaOf(parameter.schema);
  if (parameter.allowEmptyValue === true) return schema;
  // An empty list is written as an empty value (`?opt_fields=`, Asana's), refused as one.
  if (schema.type === 'array') return { ...schema, minItems: Math.max(1, schema.minItems ?? 0) };
  if (schema.type !== 'string') return schema;
  return {
    ...schema,
    minLength: Math.max(1, schema.minLength ?? 0),
    ...(Array.isArray(schema.enum) ? { enum: schema.enum.filter((value) => value !== '') } : {}),
  };
}

/** Valid query values; an id filter is one of the suite's ids or any id at all. */
function queryValues(operation: SpecOperation, references: ReferenceIds): Generated<Record<string, unknown>> {
  const fields = parametersIn(operation, 'query').map((parameter) => {
    const values = validValues(queryValueSchema(parameter), parameter.name, {});
    const reference = Object.hasOwn(references, parameter.name) ? references[parameter.name] : undefined;
    return [
      parameter,
      reference === undefined
        ? values
        : { arbitrary: fc.oneof(fc.constant(reference), values.arbitrary), edges: [reference, ...values.edges] },
    ] as const;
  });
  const arbitrary = fc.record(
    Object.fromEntries(fields.map(([parameter, values]) => [parameter.name, values.arbitrary])),
    {
      requiredKeys: fields.filter(([parameter]) => parameter.required).map(([parameter]) => parameter.name),
    },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const edges: Array<Record<string, unknown>> = [{}];
  for (const [parameter, values] of fields) for (const edge of values.edges) edges.push({ [parameter.name]: edge });
  return { arbitrary, edges };
}

export function validRequests(operation: SpecOperation, references: RequestReferences): Generated<GeneratedRequest> {
  const query = queryValues(operation, references.query);
  if (!operation.requestSchema) {
    return {
      arbitrary: query.arbitrary.map((values) => ({ query: values })),
      edges: query.edges.map((values) => ({ query: values })),
    };
  }
  const body = validValues(operation.requestSchema, 'body', references.body);
  return {
    arbitrary: fc.record({ query: query.arbitrary, body: body.arbitrary }),
    edges: body.edges.map((value) => ({ query: {}, body: value })),
  };
}

export type InvalidRequest = { rule: string; arbitrary: fc.Arbitrary<GeneratedRequest> };

export function invalidRequests(operation: SpecOperation, references: RequestReferences): InvalidRequest[] {
  const valid = validRequests(operation, references).arbitrary;
  const cases: InvalidRequest[] = [];
  for (const parameter of parametersIn(operation, 'query')) {
    for (const invalid of invalidValues(parameter.schema, 'query')) {
      cases.push({
        rule: `query ${parameter.name} ${invalid.rule}`,
        arbitrary: fc
          .tuple(valid, invalid.arbitrary)
          .map(([request, value]) => ({ ...request, query: { ...request.query, [parameter.name]: value } })),
      });
    }
  }
  for (const parameter of parametersIn(operation, 'path')) {
    for (const invalid of invalidValues(parameter.schema, 'path')) {
      cases.push({
        rule: `path ${parameter.name} ${invalid.rule}`,
        arbitrary: fc
          .tuple(
            valid,
            invalid.arbitrary.filter((value) => value !== ''),
          )
          .map(([request, value]) => ({ ...request, path: { [parameter.name]: String(value) } })),
      });
    }
  }
  if (operation.requestSchema) {
    for (const invalid of invalidBodies(operation.requestSchema)) {
      cases.push({
        rule: `body ${invalid.rule}`,
        arbitrary: fc
          .tuple(valid, invalid.change)
          .map(([request, change]) => ({ ...request, body: change(request.body as Record<string, unknown>) })),
      });
    }
  }
  return cases;
}

/**
 * Text percent-encoded but for RFC 3986's unreserved characters: encodeURIComponent leaves
 * `!'()*` as they are, which are reserved, and a query value with a reserved character is
 * refused where its parameter does not say allowReserved (OpenAPI 3.x; express-openapi-validator).
 */
export function encodeQueryComponent(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The query string of a generated request (booleans and numbers written out as text). */
export function queryString(query: Record<string, unknown>): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeQueryComponent(name)}=${encodeQueryComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
