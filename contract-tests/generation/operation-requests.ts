// Requests for an operation, generated from its parameters and body schema: valid ones (every
// optional parameter and field present and absent, every enum value, values at their bounds)
// and, for each bound, requests just past it with everything else valid.
import fc from 'fast-check';
import { CURSOR_TOKEN, OFFSET, PAGE_NUMBER, PAGE_SIZE } from '../../src/openapi/page-parameters.js';
import type { SpecOperation } from '../support/contract-spec.js';
import { answerNarrowedSchema } from '../support/draft-bodies.js';
import { takesFormOnly } from '../support/form-types.js';
import { shapeOf } from '../support/resources.js';
import { invalidBodies, invalidValues } from './invalid-values.js';
import { type JsonSchema, propertiesOf, schemaOf, writablePropertiesOf } from './json-schema.js';
import { type Generated, type ReferenceIds, validValues } from './valid-values.js';

export type GeneratedRequest = {
  query: Record<string, unknown>;
  body?: unknown;
  /** Path parameters replaced (invalid ones); the others come from the suite's data. */
  path?: Record<string, string>;
};

export type RequestReferences = { query: ReferenceIds; body: ReferenceIds };

type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  allowEmptyValue?: boolean;
  schema: unknown;
  style?: unknown;
  explode?: unknown;
  content?: unknown;
};

const parametersIn = (operation: SpecOperation, where: string) =>
  (operation.parameters as Parameter[]).filter((parameter) => parameter.in === where);

/**
 * The schema a valid query value meets: an empty value (`?city=`, or `?tags=` of an empty array
 * or of an empty item) only where the parameter says allowEmptyValue (OpenAPI 3.x, default
 * false; express-openapi-validator refuses one otherwise).
 */
export function queryValueSchema(parameter: Parameter): JsonSchema {
  const schema = schemaOf(parameter.schema);
  const valued = parameter.allowEmptyValue === true ? schema : withoutEmptyObject(parameter, withoutEmptyValue(schema));
  return parameter.required === true ? withSomeField(valued) : valued;
}

/**
 * An object written in one pair (form, not exploded: `object=k,v`; `k v`, `k|v` space- and
 * pipe-delimited) is an empty value when empty (`object=`), and a delimiter in a field's text
 * cannot be told from the one between fields: a valid request holds a field, and texts without
 * the delimiter (a field's own pattern or enum says what it takes).
 */
function withoutEmptyObject(parameter: Parameter, schema: JsonSchema): JsonSchema {
  const joiner =
    parameter.content === undefined && parameter.style !== 'deepObject' ? arrayJoiner(parameter) : undefined;
  if (joiner === undefined || (schema.type !== 'object' && schema.properties === undefined)) return schema;
  // The values drawn hold only declared fields a client writes: with none, an empty one is all there is.
  if (writablePropertiesOf(schema).length === 0) return schema;
  const fields = Object.entries((schema.properties ?? {}) as Record<string, unknown>).map(([name, field]) => {
    const text = schemaOf(field);
    const free = text.type === 'string' && text.pattern === undefined && text.enum === undefined;
    return [name, free ? { ...text, pattern: `^[^${joiner}]*$` } : field];
  });
  return { ...schema, minProperties: Math.max(1, schema.minProperties ?? 0), properties: Object.fromEntries(fields) };
}

/**
 * A required object written field by field (Typesense's searchParameters: `q=…&query_by=…`)
 * with one field at least: an empty one writes nothing, and the parameter reads as left out.
 */
function withSomeField(schema: JsonSchema): JsonSchema {
  const names = Object.keys((schema.properties ?? {}) as Record<string, unknown>);
  if (names.length === 0 || (Array.isArray(schema.required) && schema.required.length > 0)) return schema;
  const scalar = names.find((name) =>
    ['string', 'integer', 'number', 'boolean'].includes(
      String(schemaOf((schema.properties as Record<string, unknown>)[name]).type),
    ),
  );
  return { ...schema, required: [scalar ?? (names[0] as string)] };
}

function withoutEmptyValue(schema: JsonSchema): JsonSchema {
  // An object's fields are values of the query too (Lob's before/after, written before=…): each
  // without an empty one, through the branches that hold them (allOf is merged already).
  const combined = Object.fromEntries(
    (['oneOf', 'anyOf'] as const).flatMap((word) => {
      const branches = schema[word];
      return Array.isArray(branches) ? [[word, branches.map((branch) => withoutEmptyValue(schemaOf(branch)))]] : [];
    }),
  );
  if (schema.properties !== undefined && typeof schema.properties === 'object')
    return {
      ...schema,
      ...combined,
      properties: Object.fromEntries(
        Object.entries(schema.properties as Record<string, unknown>).map(([name, field]) => [
          name,
          withoutEmptyValue(schemaOf(field)),
        ]),
      ),
    };
  if (Object.keys(combined).length > 0) return { ...schema, ...combined };
  if (schema.type === 'array')
    return {
      ...schema,
      minItems: Math.max(1, schema.minItems ?? 0),
      items: withoutEmptyValue(schemaOf(schema.items ?? {})),
    };
  if (schema.type !== 'string') return schema;
  return {
    ...schema,
    minLength: Math.max(1, schema.minLength ?? 0),
    ...(Array.isArray(schema.enum) ? { enum: schema.enum.filter((value) => value !== '') } : {}),
  };
}

/**
 * A cursor the server makes (Ory's page_token): valid only as a page gave it, never as drawn
 * from its schema (a server answers 400 to one it never gave). A valid request leaves it out.
 */
const isServersCursor = (parameter: Parameter) =>
  parameter.required !== true && CURSOR_TOKEN.test(parameter.name) && schemaOf(parameter.schema).type === 'string';

/**
 * A page's offset, size or number typed `number` (Clerk's offset): a whole one, as a client pages
 * (a page shifted by half a record is none; the mock refuses it, list-page.ts).
 */
function wholePageNumber(parameter: Parameter, schema: JsonSchema): JsonSchema {
  const paging = [OFFSET, PAGE_SIZE, PAGE_NUMBER].some((name) => name.test(parameter.name));
  return paging && schema.type === 'number' ? { ...schema, type: 'integer' } : schema;
}

/** Whether `value` is of JSON Schema type `type` (any, when it names none). */
function ofType(value: unknown, type: string | undefined): boolean {
  if (type === undefined) return true;
  if (type === 'integer') return Number.isInteger(value);
  return typeof value === type;
}

/**
 * The values of a query parameter a write stores as its record's field (POST /pet/{petId}?status=):
 * those the field takes too, where its schema lists them. The Swagger Petstore's ?status= takes
 * any text and a pet's status one of three; a server can store no other.
 */
function asQueryField(operation: SpecOperation, parameter: Parameter, schema: JsonSchema): JsonSchema {
  const shape = shapeOf(operation.operationId);
  if (!shape?.queryFields?.includes(parameter.name)) return schema;
  const fieldEnum = (shape.resource.shape.properties.get(parameter.name) as JsonSchema | undefined)?.enum;
  if (!Array.isArray(fieldEnum)) return schema;
  const taken = Array.isArray(schema.enum)
    ? fieldEnum.filter((value) => schema.enum?.includes(value))
    : fieldEnum.filter((value) => ofType(value, schema.type));
  return taken.length > 0 ? { ...schema, enum: taken } : schema;
}

/** A valid value of each required query parameter: the first of its edges, the value tried first. */
function requiredBase(fields: ReadonlyArray<readonly [Parameter, Generated<unknown>]>): Record<string, unknown> {
  return Object.fromEntries(
    fields
      .filter(([parameter]) => parameter.required)
      .map(([parameter, values]) => [
        parameter.name,
        values.edges.length > 0 ? values.edges[0] : fc.sample(values.arbitrary, { numRuns: 1, seed: 0 })[0],
      ]),
  );
}

/**
 * The names both of a query parameter and of a field an object parameter spreads into the query
 * (form, exploded: Lob's sort_by sends `send_date=asc` beside its send_date filter): no server can
 * tell which a pair is, so the suite sends neither where it may leave it out.
 */
function namesOfTwo(parameters: readonly Parameter[]): Set<string> {
  const names = new Set(parameters.map((parameter) => parameter.name));
  const both = new Set<string>();
  for (const parameter of parameters.filter(spreadsItsFields))
    for (const [name] of propertiesOf(schemaOf(parameter.schema))) if (names.has(name)) both.add(name);
  return both;
}

/** An object's drawn value without the fields named in `left`, where it may do without them. */
function withoutFields(values: Generated<unknown>, left: ReadonlySet<string>, schema: JsonSchema): Generated<unknown> {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const strip = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).filter(([name]) => !left.has(name) || required.has(name)))
      : value;
  return { arbitrary: values.arbitrary.map(strip), edges: values.edges.map(strip) };
}

/** Valid query values; an id filter is one of the suite's ids or any id at all. */
function queryValues(operation: SpecOperation, references: ReferenceIds): Generated<Record<string, unknown>> {
  const ambiguous = namesOfTwo(parametersIn(operation, 'query'));
  const drawn = parametersIn(operation, 'query').filter(
    (parameter) => !isServersCursor(parameter) && (parameter.required === true || !ambiguous.has(parameter.name)),
  );
  const fields = drawn.map((parameter) => {
    const schema = queryValueSchema(parameter);
    const own = validValues(wholePageNumber(parameter, asQueryField(operation, parameter, schema)), parameter.name, {});
    const values = spreadsItsFields(parameter) && ambiguous.size > 0 ? withoutFields(own, ambiguous, schema) : own;
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
  // Every edge sends the required parameters: without them the request is not a valid one.
  const base = requiredBase(fields);
  const edges: Array<Record<string, unknown>> = [base];
  for (const [parameter, values] of fields)
    for (const edge of values.edges) edges.push({ ...base, [parameter.name]: edge });
  return { arbitrary, edges };
}

/**
 * A form body as a form can carry it: an empty list is no pair at all, so the field is left out
 * (Twilio's RecordingStatusCallbackEvent), as a client of a form sends it.
 */
function withoutEmptyLists(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([, value]) => !(Array.isArray(value) && value.length === 0)));
}

export function validRequests(operation: SpecOperation, references: RequestReferences): Generated<GeneratedRequest> {
  const query = queryValues(operation, references.query);
  if (!operation.requestSchema) {
    return {
      arbitrary: query.arbitrary.map((values) => ({ query: values })),
      edges: query.edges.map((values) => ({ query: values })),
    };
  }
  // A text the answers refuse is one a server cannot store: the bodies are of what both take.
  const drawn = validValues(answerNarrowedSchema(operation), 'body', references.body);
  const body = takesFormOnly(operation.requestMediaTypes)
    ? { arbitrary: drawn.arbitrary.map(withoutEmptyLists), edges: drawn.edges.map(withoutEmptyLists) }
    : drawn;
  return {
    arbitrary: fc.record({ query: query.arbitrary, body: body.arbitrary }),
    edges: body.edges.map((value) => ({ query: query.edges[0] ?? {}, body: value })),
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
      // An empty segment names another path, not a bad value of this one: a case that draws only
      // that (shorter than minLength 1) has nothing to send, and its filter would draw for ever.
      if (fc.sample(invalid.arbitrary, { numRuns: 20, seed: 1 }).every((value) => value === '')) continue;
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
    const place = takesFormOnly(operation.requestMediaTypes) ? 'form' : 'body';
    for (const invalid of invalidBodies(operation.requestSchema, place)) {
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

/** A query parameter as its declaration says its values are written. */
type QuerySerialization = { name?: unknown; in?: unknown; style?: unknown; explode?: unknown; content?: unknown };

/** What joins an array's values in one pair: none where each value is a pair of its own (form, exploded: the default). */
function arrayJoiner(parameter: QuerySerialization | undefined): string | undefined {
  const style = parameter?.style ?? 'form';
  if (style === 'form') return parameter?.explode === false ? ',' : undefined;
  if (parameter?.explode === true) return undefined;
  return style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
}

/** A value as text in a query: an object or array inside one as JSON (a null-prototype one has no String). */
const queryText = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/**
 * An object's pairs as its parameter's style writes them: `name[key]=value` (deepObject),
 * `key=value` each (form, exploded: the default), `name=key,value,…` (form, not exploded; a space
 * or `|` between them, space- or pipe-delimited, OpenAPI 3.1); the whole as JSON where its
 * parameter declares `content`.
 */
function objectPairs(name: string, value: object, parameter: QuerySerialization | undefined): Array<[string, string]> {
  if (parameter?.content !== undefined) return [[name, JSON.stringify(value)]];
  const entries = Object.entries(value).filter(([, field]) => field !== undefined);
  if (parameter?.style === 'deepObject') return entries.map(([key, field]) => [`${name}[${key}]`, queryText(field)]);
  if (spreadsItsFields(parameter)) return entries.map(([key, field]) => [key, queryText(field)]);
  const joiner = arrayJoiner(parameter) ?? ',';
  return [[name, entries.flatMap(([key, field]) => [key, queryText(field)]).join(joiner)]];
}

/** Whether an object of this parameter is written as a pair of each field (form, exploded: the default). */
function spreadsItsFields(parameter: QuerySerialization | undefined): boolean {
  return parameter?.content === undefined && parameter?.style !== 'deepObject' && arrayJoiner(parameter) === undefined;
}

/**
 * The query string of a generated request (booleans and numbers written out as text); an array
 * or an object as its parameter's style says (`parameters`): one pair per value by default (form,
 * exploded).
 */
export function queryString(query: Record<string, unknown>, parameters: readonly QuerySerialization[] = []): string {
  const pairs: string[] = [];
  const add = (name: string, text: string) => pairs.push(`${encodeQueryComponent(name)}=${encodeQueryComponent(text)}`);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const parameter = parameters.find((candidate) => candidate.in === 'query' && candidate.name === name);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [key, text] of objectPairs(name, value, parameter)) add(key, text);
      continue;
    }
    const joiner = Array.isArray(value) ? arrayJoiner(parameter) : ',';
    const values =
      Array.isArray(value) && joiner === undefined
        ? value
        : [Array.isArray(value) ? value.map(queryText).join(joiner) : value];
    for (const one of values) add(name, queryText(one));
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
