// What the conventions answer about records: a record as the operation's answer declares it, the
// Error object of a record that is not there (the code the operation's 404 lists for it), where
// a created record is read (Location), and the key named by a path parameter.
import type { Request } from 'express';
import { HttpError } from '../../errors.js';
import type { JsonObject } from '../../openapi/json-pointer.js';
import type { Contract, OperationInfo } from '../../openapi/load-contract.js';
import { recordEnvelope } from '../../openapi/operation-schemas.js';
import { pathParams, type Resource } from '../../openapi/resource-model.js';
import { fillSegment, isItemUnder } from '../../openapi/resource-paths.js';
import { describeObjectSchema, type SchemaShape } from '../../openapi/schema-shape.js';
import type { RecordKey, StoredRecord } from '../../store/data-set.js';
import { ownValue } from '../../store/own-keys.js';

/**
 * A record as its schema answers it: never a writeOnly property (a card's cvc, a password), and
 * for a closed schema only the properties it declares (a parent's key may not be one).
 */
export function projectRecord(shape: SchemaShape): (record: StoredRecord) => StoredRecord {
  const writeOnly = new Set(
    [...shape.properties].filter(([, property]) => property.writeOnly === true).map(([name]) => name),
  );
  if (!shape.closed && writeOnly.size === 0) return (record) => record;
  const answered = (name: string) => !writeOnly.has(name) && (!shape.closed || shape.properties.has(name));
  return (record) => {
    for (const field of Object.keys(record)) {
      if (!answered(field)) return Object.fromEntries(Object.entries(record).filter(([name]) => answered(name)));
    }
    return record;
  };
}

/**
 * One record as an answer of `answerSchema` gives it: where that answer's own schema is closed,
 * only what it declares (Discourse's create answers fewer fields than its record has); else as
 * its record's schema answers it.
 */
export function projectAnswered(
  document: JsonObject,
  answerSchema: unknown,
  resource: Resource,
): (record: StoredRecord) => StoredRecord {
  const answerShape =
    answerSchema === undefined
      ? undefined
      : describeObjectSchema(
          document,
          recordEnvelope(document, answerSchema, resource.shape, resource.recordSchema)?.schema ?? answerSchema,
        );
  return projectRecord(answerShape?.closed ? answerShape : resource.shape);
}

/**
 * The key a path parameter names, typed as the resource keys its records. A text that is no number
 * (a parameter declared a string, for records numbered) stays text: it names no record, and its
 * 404 says "has id "sample"", not "has id null".
 */
export function keyFromPath(resource: Resource, raw: unknown): RecordKey {
  const text = String(raw ?? '');
  if (resource.keyType === 'string') return text;
  const number = Number(raw);
  return Number.isNaN(number) ? text : number;
}

/** A name as an error code writes it: petPhoto as PET_PHOTO. */
const upperSnakeCase = (text: string) => text.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/**
 * The code an operation's 404 lists for a record of `resource` that is not there, its status, and
 * whether the code is another resource's (the 404 lists none of its own).
 */
function notFoundCode(contract: Contract, operation: OperationInfo, resource: Resource): [string, number, boolean] {
  const listed = (operation.responses.get('404')?.errorCodes ?? []).filter(
    (code) => code.endsWith('NOT_FOUND') && code !== 'ROUTE_NOT_FOUND',
  );
  const noun = upperSnakeCase(resource.noun);
  const name = upperSnakeCase(resource.name);
  const own =
    listed.find((candidate) => candidate.startsWith(`${noun}_`)) ??
    listed.find((candidate) => candidate.startsWith(name)) ??
    listed.find((candidate) => /^((RESOURCE|RECORD|ENTITY|ITEM|OBJECT)_)?NOT_FOUND$/.test(candidate));
  const code =
    own ??
    listed[0] ??
    // No 404 listed: the catalogue's code for this resource, if the contract has one.
    [`${noun}_NOT_FOUND`, `${name}_NOT_FOUND`].find((candidate) => contract.errorCodes.has(candidate)) ??
    'NOT_FOUND';
  // A client's error: a catalogue that gives the code a 5xx does not make a missing record the server's fault.
  const status = contract.errorCodes.get(code)?.status;
  return [code, status !== undefined && status < 500 ? status : 404, own === undefined && listed.length > 0];
}

/** The error of no record whose key (or `field`, where it is found by another) holds `key`. */
export type NotFound = (key: RecordKey, field?: string) => HttpError;

/** The Error object of a record of `resource` that is not there, as answered by `operation`. */
export function notFoundOf(contract: Contract, operation: OperationInfo, resource: Resource): NotFound {
  const [code, status, anothers] = notFoundCode(contract, operation, resource);
  const list = resource.collectionPaths[0];
  // A client that tells records apart by the code would read this one as another resource's.
  const advice =
    (list ? ` List ${resource.name} with GET ${list}.` : '') +
    (anothers
      ? ` (${operation.operationId}'s 404 lists no code for ${resource.name}, so it answers the first it lists, ${code}: add ${upperSnakeCase(resource.noun)}_NOT_FOUND to it.)`
      : '');
  const { keyField } = resource.collection;
  const subject = keyField === 'id' ? `No ${resource.noun}` : `No record of ${resource.name}`;
  return (key, field = keyField) =>
    new HttpError(code, `${subject} has ${field} ${JSON.stringify(key)}.${advice}`, {}, status);
}

/**
 * The path a record is read at: an item path read by a GET whose parameters the request names
 * (the one under the create's path first: /owners/{ownerId}/pets/{petId} for a pet made under its
 * owner, /pets/{petId} for one made at /pets), with the request's parameters and the key.
 */
export function locationOf(
  basePath: string,
  resource: Resource,
  req: Request,
  record: StoredRecord,
  createPath?: string,
): string | undefined {
  const named = (path: string) =>
    pathParams(path)
      .slice(0, -1)
      .every((param) => req.params[param] !== undefined);
  const template =
    resource.readPaths.find((path) => createPath !== undefined && isItemUnder(path, createPath) && named(path)) ??
    resource.readPaths.find(named) ??
    resource.locationPath;
  if (template === undefined) return undefined;
  const key = String(ownValue(record, resource.collection.keyField));
  const segments = template.split('/');
  const last = segments.length - 1;
  return `${basePath}${segments
    .map((segment, index) =>
      fillSegment(segment, (param) => encodeURIComponent(index === last ? key : String(req.params[param] ?? ''))),
    )
    .join('/')}`;
}
