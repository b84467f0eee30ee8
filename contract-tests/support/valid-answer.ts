// How the answer to a valid request is judged, whatever the operation: a declared success that
// matches the contract; for a list, the page its query asked for; for a write, what was sent
// kept (defaults applied), and the same read back through the resource's GET and Location.
import { propertiesOf, schemaOf } from '../generation/json-schema.js';
import { answerableFields, declaredFields } from './answered-fields.js';
import { expectConforms } from './conformance.js';
import { listOperations, type SpecOperation } from './contract-spec.js';
import { type Exchange, holdsRecord, send } from './exchange.js';
import { listProblems } from './list-oracle.js';
import { isList } from './list-semantics.js';
import { locationPath, readOperationFor, readPath, templateValues } from './read-back.js';
import { answeredApartIn, recordIn, shapeOf, writesRecord } from './resources.js';
import { CheckSkipped } from './scheduler.js';
import { pastSunset } from './sunset.js';
import { requireNoProblems } from './violation.js';
import { writtenFieldProblems } from './written-fields.js';

const ANY_SUCCESS = [200, 201, 202, 203, 204, 205, 206];

/**
 * The statuses a valid request may get: the declared 2xx (any declared status where a `2XX` or
 * `default` stands for them), those it declares where it declares no success at all (`GET
 * /status/404`, a redirect), or 410 once a deprecated operation is past its sunset.
 */
export function successStatuses(operation: SpecOperation, answer: Exchange): number[] | undefined {
  if (pastSunset(operation, answer)) return [410];
  const declared = operation.declaredStatuses;
  const success = declared.filter((status) => /^2\d\d$/.test(status)).map(Number);
  if (success.length > 0) return success;
  if (declared.includes('2XX') || declared.includes('default')) return undefined;
  // OpenAPI 3.1 lets `responses` out, and a status reference declares only a 1xx (which ends no
  // exchange): such an operation promises no final answer but a success.
  if (declared.every((status) => /^1(\d\d|XX)$/i.test(status))) return ANY_SUCCESS;
  return declared.filter((status) => /^[3-5]\d\d$/.test(status)).map(Number);
}

/**
 * The statuses a write answers its success with: its 2xx, any where it declares only `default`
 * or `2XX` (documents converted from Swagger 2.0: `default: successful operation`). One that
 * declares no success at all (ReadMe's petstore: addPet answers only 405) makes no record the
 * suite could count on.
 */
export function writeSuccesses(operation: SpecOperation): number[] {
  const declared = operation.declaredStatuses;
  const own = declared.filter((status) => /^2\d\d$/.test(status)).map(Number);
  if (own.length > 0) return own;
  // OpenAPI 3.1 lets the answers out: the mock then answers a success, marked as the contract's gap.
  if (declared.length === 0 || declared.some((status) => /^(2XX|default)$/i.test(status))) return ANY_SUCCESS;
  throw new CheckSkipped(
    `${operation.operationId} declares no success (${declared.join(', ')}): the suite cannot count on what it does`,
  );
}

export type ValidRequest = { query: Record<string, unknown>; body?: unknown; pathIds: Record<string, string> };

/** Sends the read of what a write left, and requires it: 404 after a delete, else the answer itself. */
async function requireReadBack(operation: SpecOperation, answer: Exchange, sent: unknown): Promise<void> {
  const read = readOperationFor(operation);
  if (!read) return;
  // One record answered to a list sent (the Swagger Petstore's createUsersWithListInput): which
  // of them, or whether any was made (a list of none), the contract does not say.
  if (Array.isArray(sent) && !Array.isArray(answer.body)) return;
  const exchange = await send({
    operationId: read.operationId,
    method: 'GET',
    path: readPath(read, operation, answer),
  });
  if (operation.method === 'delete') {
    expectConforms(read, exchange, { statuses: [404], description: `a 404: ${operation.operationId} deleted it` });
    return;
  }
  expectConforms(read, exchange, { statuses: [200], description: `what ${operation.operationId} wrote, read back` });
  // An answer without the record (a 204): what is read back must hold what was sent.
  if (!holdsRecord(answer)) {
    requireNoProblems(
      exchange,
      'every field sent kept as sent, defaults where fields were left out, read back',
      keptProblems(operation, sent, exchange.body, read),
    );
    return;
  }
  requireNoProblems(
    exchange,
    `the answer of ${operation.operationId}: ${JSON.stringify(answer.body)}`,
    readBackProblems(operation, read, answer.body, exchange.body),
  );
}

/**
 * How the record read back differs from the one a write answered: on the fields both answers
 * declare, where both declare theirs (Discourse's post answers topic_title to a read only, and
 * draft_sequence to an update only); else the whole record.
 */
function readBackProblems(write: SpecOperation, read: SpecOperation, written: unknown, readBody: unknown): string[] {
  const answered = recordIn(write.operationId, written) as Record<string, unknown> | undefined;
  const found = recordIn(read.operationId, readBody) as Record<string, unknown> | undefined;
  const [ofWrite, ofRead] = [declaredFields(write), declaredFields(read)];
  // A field the two answers declare by different schemas (Listmonk's send_at: an object, a text) holds a value of each.
  const apart = answeredApartIn(read);
  const differs = (one: unknown, other: unknown) => JSON.stringify(one) !== JSON.stringify(other);
  if (ofWrite === undefined || ofRead === undefined || typeof answered !== 'object' || typeof found !== 'object')
    return differs(found, answered) ? [`read back after ${write.operationId}, it is ${JSON.stringify(readBody)}`] : [];
  return [...ofWrite]
    .filter((field) => ofRead.has(field) && !apart.has(field) && differs(found?.[field], answered?.[field]))
    .map(
      (field) =>
        `read back after ${write.operationId}, ${field} is ${JSON.stringify(found?.[field])}, answered ${JSON.stringify(answered?.[field])}`,
    );
}

/** Whether a GET of the contract answers at `path` (a path under the base URL, its query aside). */
const readsAt = (path: string) =>
  listOperations().some(
    (operation) => operation.method === 'get' && templateValues(operation.path, path) !== undefined,
  );

async function requireLocation(operation: SpecOperation, answer: Exchange): Promise<void> {
  if (answer.status !== 201 || answer.headers.location === undefined) return;
  const path = locationPath(answer);
  requireNoProblems(
    answer,
    'a Location under the base URL, naming what was created',
    path === undefined ? [`Location "${answer.headers.location}" is not under the base URL`] : [],
  );
  const exchange = await send({
    operationId: `${operation.operationId} (its Location)`,
    method: 'GET',
    path: path ?? '',
  });
  // A path the contract reads nothing at (Harbor's immutable tag rules are listed, never read one by one).
  if (exchange.status === 405 && !readsAt(path ?? '')) return;
  // A create that answers no body (a 201 and its Location alone): the record is there to read.
  const answered = holdsRecord(answer);
  requireNoProblems(
    exchange,
    answered
      ? `the created resource at its Location: ${JSON.stringify(answer.body)}`
      : 'the created resource at its Location',
    exchange.status === 200 && (!answered || JSON.stringify(exchange.body) === JSON.stringify(answer.body))
      ? []
      : [`GET ${answer.headers.location} answered ${exchange.status} ${exchange.text.slice(0, 200)}`],
  );
}

/**
 * What a write must keep of what it was sent: judged on a create, replacement or merge of a
 * record (inside its envelopes: {"article": {...}}), never on an operation that writes no record
 * (a login, a search), whose answer need not echo its body.
 */
function keptProblems(
  operation: SpecOperation,
  sent: unknown,
  answered: unknown,
  answering: SpecOperation = operation,
): string[] {
  const shape = shapeOf(operation.operationId);
  if (!shape || !writesRecord(operation.operationId)) return [];
  const { request, answer } = shape.envelope ?? {};
  const answerable = answerableFields(answering);
  if (request === undefined && answer === undefined) return writtenFieldProblems(operation, sent, answered, answerable);
  const inside = (value: unknown, property: string | undefined) =>
    property === undefined ? value : (value as Record<string, unknown> | undefined)?.[property];
  const requestSchema =
    request === undefined
      ? operation.requestSchema
      : propertiesOf(schemaOf(operation.requestSchema ?? {})).find(([name]) => name === request)?.[1];
  return writtenFieldProblems(
    { ...operation, ...(requestSchema ? { requestSchema } : {}) },
    inside(sent, request),
    inside(answered, answer),
    answerable,
  );
}

export async function judgeValidAnswer(
  operation: SpecOperation,
  request: ValidRequest,
  answer: Exchange,
): Promise<void> {
  expectConforms(operation, answer, {
    statuses: successStatuses(operation, answer),
    description: 'a declared success for a request the schemas allow',
  });
  if (answer.status === 410) return;
  if (isList(operation)) {
    requireNoProblems(answer, 'the page the query asks for', listProblems(operation, request.query, answer));
    return;
  }
  requireNoProblems(
    answer,
    'every field sent kept as sent, defaults where fields were left out',
    keptProblems(operation, request.body, answer.body),
  );
  if (operation.method !== 'get') await requireReadBack(operation, answer, request.body);
  await requireLocation(operation, answer);
}
