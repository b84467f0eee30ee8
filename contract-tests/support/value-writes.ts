// The writes the values checks make: a body with every field the client may send, another valid
// value of a field than the one it would take, and a write (to a fresh resource for a change)
// read back through the resource's GET, both handed to a judge. A body is a record's: where the
// operation takes it in an envelope ({"data": {...}}, Asana's), it is sent inside it, and the
// fields judged are the record's (recordFieldOf), not the envelope's.

import { enumValuesOf } from '../../src/openapi/enum-values.js';
import {
  drawnSchemaOf,
  type JsonSchema,
  neverAnsweredAsSent,
  schemaOf,
  writablePropertiesOf,
} from '../generation/json-schema.js';
import { expectConforms } from './conformance.js';
import { invalidRequestStatus } from './contract-model.js';
import type { SpecOperation } from './contract-spec.js';
import { answerFitted, textsDrawnAgain } from './draft-bodies.js';
import { DRAWS_ON_CONFLICT, tooFewTexts } from './drawn-again.js';
import { type Exchange, holdsRecord, send } from './exchange.js';
import { freshPathIds, type GenerationData } from './generation-data.js';
import { holds, setField } from './own-fields.js';
import { readOperationFor, readPath } from './read-back.js';
import { madeSchemaOf, optionalValue, pathOf, validValue, withPathKey } from './requests.js';
import {
  bodyKeyOf,
  changesSingleton,
  leftOutKeyOf,
  recordIn,
  serverFieldsOf,
  serverKeyOf,
  wrapRecord,
} from './resources.js';
import { alone, WRITES } from './run-locks.js';
import { CheckSkipped } from './scheduler.js';
import { rememberAnswered } from './test-data.js';
import { writeSuccesses } from './valid-answer.js';
import { requireNoProblems } from './violation.js';

export type Body = Record<string, unknown>;

/**
 * A valid body with every field a client sends: the required ones and the optional ones without a
 * default; of a oneOf or anyOf, those of the branch it is made of (answeredFieldsOf reads the same).
 */
export function fullBody(operation: SpecOperation, data: GenerationData): Body {
  return answerFitted(operation, madeFullBody(operation, data)) as Body;
}

/** fullBody as the request's schema alone has it; its texts then fit the answers too (answerFitted). */
function madeFullBody(operation: SpecOperation, data: GenerationData): Body {
  // Its conditions chosen (if/then/else, dependent keywords): each field added fits them too.
  const schema = drawnSchemaOf(madeSchemaOf(operation.requestSchema));
  const body = validValue(schema, 'body', data.references.body) as Body;
  for (const [field, property] of writablePropertiesOf(schema)) {
    if (holds(body, field) || property.default !== undefined) continue;
    const value = optionalValue(property, field, data.references.body);
    if (value !== undefined) setField(body, field, value);
  }
  // A key the server decides is left out where the body may leave it out: each create gets its own.
  const leftOut = leftOutKeyOf(operation);
  if (leftOut !== undefined) delete body[leftOut];
  return body;
}

/**
 * The fields a write's answer shows: those a client sends (not readOnly) and an answer carries as
 * sent (not writeOnly, no file uploaded), but the record's key (the server's, or the one that
 * names what a body changes) and the fields its answers hold as the server's (serverFieldsOf:
 * Asana's project owner, a gid sent and an object answered; its followers, readOnly in every
 * answer). Of a oneOf or anyOf, those of the branch fullBody is made of.
 */
export function answeredFieldsOf(operation: SpecOperation): Array<[string, JsonSchema]> {
  const keys = [serverKeyOf(operation.operationId), bodyKeyOf(operation.operationId)];
  const servers = serverFieldsOf(operation);
  return writablePropertiesOf(schemaOf(madeSchemaOf(operation.requestSchema))).filter(
    ([field, property]) => !neverAnsweredAsSent(property) && !keys.includes(field) && !servers.has(field),
  );
}

/** The value of a record's `field` in an answer: the record's own, inside its envelope where it has one. */
export function recordFieldOf(exchange: Exchange, field: string): unknown {
  const record = recordIn(exchange.operationId ?? '', exchange.body) as Body | undefined;
  // Own fields only: a record without a field named constructor has none, whatever Object.prototype holds.
  return typeof record === 'object' && record !== null && Object.hasOwn(record, field) ? record[field] : undefined;
}

/** A valid value of `property` other than `value`, to see a write change it; undefined when the schema allows no other. */
export function otherValue(property: JsonSchema, field: string, value: unknown, data: GenerationData): unknown {
  const differs = (candidate: unknown) => JSON.stringify(candidate) !== JSON.stringify(value);
  if (Array.isArray(property.enum)) return enumValuesOf(property).find(differs);
  if ('const' in property) return undefined;
  if (property.type === 'boolean') return typeof value === 'boolean' ? !value : true;
  const candidate = optionalValue(property, field, data.references.body);
  return candidate !== undefined && differs(candidate) ? candidate : undefined;
}

/** Draws again the texts of `bodies[index]` the answers narrow, and puts each new one in the later bodies that held the old; whether any was. */
function drewAgain(operation: SpecOperation, bodies: Body[], index: number): boolean {
  const body = bodies[index] as Body;
  const drawn = textsDrawnAgain(operation, body);
  if (drawn === body) return false;
  for (const later of bodies.slice(index + 1))
    for (const [name, value] of Object.entries(drawn)) if (later[name] === body[name]) later[name] = value;
  Object.assign(body, drawn);
  return true;
}

/**
 * Writes `bodies` in turn (to a fresh resource for a PUT or PATCH), reads the last back, and
 * judges the last answer (where it holds the record) and what was read with `problemsOf`.
 */
export function writeAndRead(
  operation: SpecOperation,
  data: GenerationData,
  bodies: Body[],
  problemsOf: (exchange: Exchange) => string[],
  expected: string,
): Promise<void> {
  const run = () => writeThenRead(operation, data, { bodies, problemsOf, expected });
  // A singleton's one record is every check's: no other write lands between these and the read-back.
  return changesSingleton(operation.operationId) ? alone(WRITES, run) : run();
}

type Judged = { bodies: Body[]; problemsOf: (exchange: Exchange) => string[]; expected: string };

async function writeThenRead(
  operation: SpecOperation,
  data: GenerationData,
  { bodies, problemsOf, expected }: Judged,
): Promise<void> {
  const fresh = await freshPathIds(operation, data);
  try {
    let answer: Exchange | undefined;
    for (const [index, body] of bodies.entries()) {
      // The record's key, where the body must send it, is its path's: the judge reads this same body.
      Object.assign(body, withPathKey(operation, body, fresh.pathIds));
      const sendBody = () =>
        send({
          operationId: operation.operationId,
          method: operation.method,
          path: pathOf(operation, {}, fresh.pathIds),
          json: wrapRecord(operation.operationId, body),
        });
      answer = await sendBody();
      // A text drawn to fit the answers may be one the server holds: drawn again, here and in the bodies after.
      let draws = 1;
      while (answer.status === 409 && draws < DRAWS_ON_CONFLICT && drewAgain(operation, bodies, index)) {
        answer = await sendBody();
        draws += 1;
      }
      if (answer.status === 409 && draws > 1) throw tooFewTexts(`${operation.operationId}'s body`);
      rememberAnswered(operation, answer, fresh.pathIds);
      expectConforms(operation, answer, { statuses: writeSuccesses(operation) });
    }
    const last = answer as Exchange;
    const answered = holdsRecord(last) ? problemsOf(last) : [];
    // A delete sent a body (Lago's cascade_updates) leaves no record to read back: its answer is judged.
    const deletes = operation.method === 'delete';
    const reader = deletes ? undefined : readOperationFor(operation);
    if (!reader) {
      if (!holdsRecord(last))
        throw new CheckSkipped(
          deletes
            ? `${operation.operationId} deletes the record and answers none of it: nothing sent can be read back`
            : `${operation.operationId} answers no record, and the contract has no read of it`,
        );
      requireNoProblems(last, expected, answered);
      return;
    }
    const read = await send({
      operationId: reader.operationId,
      method: 'GET',
      path: readPath(reader, operation, last),
    });
    expectConforms(reader, read, { statuses: [200], description: `what ${operation.operationId} wrote, read back` });
    requireNoProblems(read, expected, [...answered, ...problemsOf(read).map((problem) => `read back, ${problem}`)]);
  } finally {
    await fresh.remove();
  }
}

/** Writes `body` (to a fresh resource for a change) and requires `statuses`: a write the schema refuses. */
export async function writeRefused(
  operation: SpecOperation,
  data: GenerationData,
  body: Body,
  description: string,
): Promise<void> {
  const fresh = await freshPathIds(operation, data);
  try {
    const answer = await send({
      operationId: operation.operationId,
      method: operation.method,
      path: pathOf(operation, {}, fresh.pathIds),
      json: wrapRecord(operation.operationId, withPathKey(operation, body, fresh.pathIds)),
    });
    // A record made all the same is the suite's to remove.
    rememberAnswered(operation, answer, fresh.pathIds);
    expectConforms(operation, answer, { statuses: [invalidRequestStatus(operation)], description });
  } finally {
    await fresh.remove();
  }
}
