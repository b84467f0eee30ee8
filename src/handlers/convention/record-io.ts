// A record as an operation takes it and gives it back, as the resource model read its shape: the
// fields a write sets (its body's, inside a single-key envelope where it has one, and its query
// parameters named as the record's fields), the key that names the record (the path's, or the
// body's for PUT /pet), and the answer wrapped again in the envelope ({"article": {...}}).
import type { Request } from 'express';
import { HttpError } from '../../errors.js';
import { asObject, type JsonObject } from '../../openapi/json-pointer.js';
import type { Contract, OperationInfo } from '../../openapi/load-contract.js';
import { bodyEnvelope, recordEnvelope, requestSchema, successSchema } from '../../openapi/operation-schemas.js';
import type { ConventionShape, Resource } from '../../openapi/resource-model.js';
import { namesKeyOf } from '../../openapi/resource-naming.js';
import { describeObjectSchema, schemaType } from '../../openapi/schema-shape.js';
import type { RecordKey, StoredRecord } from '../../store/data-set.js';
import { ownValue, setOwn } from '../../store/own-keys.js';
import { drawnOncePerSeed } from './drawn-fields.js';
import { keyFromPath } from './record-answers.js';
import { createInputFields } from './record-fields.js';

export type RecordIo = {
  /** The fields the request sets. */
  input(req: Request): StoredRecord;
  /** The fields of the record its body cannot name: a replacement keeps them. */
  unnamed(existing: StoredRecord): StoredRecord;
  /** The key of the record the request names. */
  keyOf(req: Request): RecordKey;
  /** A record as the answer holds it; an envelope's own fields drawn once per data set's seed. */
  answer(record: StoredRecord, seed: number): Promise<unknown>;
  /** The body as sent, inside its envelope: what a merge's nulls are read from. */
  body(req: Request): JsonObject;
  /** Whether the body may send a field (the key a client chooses may meet one taken: 409). */
  sends(field: string): boolean;
};

/** The operation as if its body were the envelope's inside: what its fields are read from. */
function insideEnvelope(operation: OperationInfo, schema: unknown): OperationInfo {
  const request = operation.request;
  if (!request) return operation;
  return { ...operation, request: { ...request, media: request.media.map((media) => ({ ...media, schema })) } };
}

/** A query value as the record's field holds it: the validator checked it, but leaves it text. */
function fieldValue(raw: unknown, property: JsonObject | undefined): unknown {
  const type = property ? schemaType(property) : undefined;
  if (type === 'array') return Array.isArray(raw) ? raw : [raw];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (type === 'integer' || type === 'number') return Number(value);
  return type === 'boolean' ? String(value) === 'true' : value;
}

/** A boolean an acknowledgement names its success by. */
const SUCCESS_FLAG = /^(ok|success|succeeded|successful|acknowledged|accepted|done|created|updated)$/i;

export function createRecordIo(contract: Contract, operation: OperationInfo, shape: ConventionShape): RecordIo {
  const { document } = contract;
  const { resource } = shape;
  const { keyField } = resource.collection;
  const envelope = bodyEnvelope(document, requestSchema(operation), resource.shape);
  const requestProperty = shape.envelope?.request;
  const fieldsOf = createInputFields(
    contract,
    envelope ? insideEnvelope(operation, envelope.schema) : operation,
    shape.kind === 'merge',
  );
  const bodyOf = (req: Request): JsonObject =>
    requestProperty === undefined ? asObject(req.body) : asObject(asObject(req.body)[requestProperty]);
  // A request whose body is the envelope's inside, for the fields read from it.
  const inside = (req: Request): Request =>
    requestProperty === undefined ? req : (Object.create(req, { body: { value: bodyOf(req) } }) as Request);
  const queryFields = shape.queryFields ?? [];
  const body = describeObjectSchema(document, envelope?.schema ?? requestSchema(operation));
  const named = new Set([...body.properties.keys(), ...queryFields]);
  const answerProperty = shape.envelope?.answer;
  // The required fields of the answer's envelope beside the record (Discourse's `success`).
  const others = drawnOncePerSeed(
    document,
    (recordEnvelope(document, successSchema(operation), resource.shape, resource.recordSchema)?.others ?? []).map(
      ([name, schema]) => [name, schema, name] as const,
    ),
  );
  // An answer that names none of the record's fields and requires some (Typesense's create of an
  // event: {ok: true}) acknowledges it: its fields are drawn once per data set's seed.
  const answered = describeObjectSchema(document, successSchema(operation));
  const acknowledges =
    answerProperty === undefined &&
    answered.required.size > 0 &&
    [...answered.properties.keys()].every((name) => !resource.shape.properties.has(name));
  const acknowledgement = drawnOncePerSeed(
    document,
    acknowledges ? [...answered.properties].map(([name, schema]) => [name, schema, name] as const) : [],
  );
  const keyNamed = acknowledges ? keyNamedFields(answered.properties, resource) : new Set<string>();
  // An answer of one record declared as a list of them: the record, alone in the list.
  const inList = shape.answeredInList === true;
  return {
    input(req) {
      const fields: Record<string, unknown> = { ...fieldsOf(inside(req)) };
      for (const name of queryFields) {
        const raw = req.query[name];
        if (raw === undefined) continue;
        const property = resource.shape.properties.get(name);
        const value = fieldValue(raw, property);
        // A parameter may allow text its record's field does not hold (the Swagger Petstore's
        // ?status= of any text, a pet's status one of three): the record cannot take it.
        if (Array.isArray(property?.enum) && !property.enum.includes(value))
          throw new HttpError(
            'INVALID_PARAMETER',
            `query ${name}: ${JSON.stringify(value)} is no ${resource.noun}'s ${name}; send one of ${property.enum.map((each) => JSON.stringify(each)).join(', ')}.`,
          );
        setOwn(fields, name, value);
      }
      return fields;
    },
    unnamed: (existing) => Object.fromEntries(Object.entries(existing).filter(([field]) => !named.has(field))),
    keyOf(req) {
      if (!shape.keyInBody) return keyFromPath(resource, req.params[shape.keyParam ?? '']);
      const key = bodyOf(req)[keyField];
      if (key === undefined || key === null)
        throw new HttpError(
          'INVALID_BODY',
          `The body names no ${resource.noun}: send its ${keyField}, the ${resource.noun} to change.`,
        );
      return keyFromPath(resource, key);
    },
    async answer(record, seed) {
      if (acknowledges) {
        const fields = Object.fromEntries(await acknowledgement(seed));
        const key = ownValue(record, keyField);
        if (key !== undefined) for (const name of keyNamed) setOwn(fields, name, key);
        // A success says so where a flag of it is named for it.
        for (const [name, schema] of answered.properties)
          if (SUCCESS_FLAG.test(name) && schemaType(schema) === 'boolean') setOwn(fields, name, true);
        return fields;
      }
      if (answerProperty === undefined) return inList ? [record] : record;
      const answer: JsonObject = {};
      for (const [name, value] of await others(seed)) setOwn(answer, name, value);
      setOwn(answer, answerProperty, record);
      return answer;
    },
    body: bodyOf,
    sends: (field) => body.properties.has(field) && body.properties.get(field)?.readOnly !== true,
  };
}

/** What the description of an operation adds for its query fields and envelopes. */
export function describeIo(shape: ConventionShape): string {
  const query = shape.queryFields ? `; sets ${shape.queryFields.join(', ')} from the query` : '';
  const { request, answer } = shape.envelope ?? {};
  const wrapped = [
    ...(request ? [`takes it in {"${request}": ...}`] : []),
    ...(answer ? [`answers it in {"${answer}": ...}`] : []),
  ];
  return `${query}${wrapped.length > 0 ? `; ${wrapped.join(', ')}` : ''}`;
}

/** The fields of an answer that name the record's key in another spelling, where any key fits them: answered the key itself. */
function keyNamedFields(
  fields: Iterable<readonly [string, unknown, ...unknown[]]>,
  resource: Resource,
): ReadonlySet<string> {
  const named = new Set<string>();
  for (const [name, schema] of fields)
    if (namesKeyOf(name, resource) && takesKey(schema, resource.keyType)) named.add(name);
  return named;
}

/** Keywords that may refuse a key the record's own schema takes: such a field is drawn from its schema. */
const NARROWING = ['pattern', 'format', 'enum', 'const', 'minLength', 'maxLength', 'minimum', 'maximum', 'multipleOf'];

/** Whether a field's schema takes any key of the record's type: a text's or a number's, unnarrowed. */
function takesKey(schema: unknown, keyType: Resource['keyType']): boolean {
  const field = asObject(schema);
  if (field.$ref !== undefined || NARROWING.some((keyword) => field[keyword] !== undefined)) return false;
  const type = schemaType(field);
  return keyType === 'string' ? type === 'string' : type === 'integer' || type === 'number';
}
