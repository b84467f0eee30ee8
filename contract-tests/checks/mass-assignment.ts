// Mass assignment: a write (a create, an update) also sent with every property of what it answers
// that its input does not have (the id, an order's complete, an entry's petId) and one the
// contract declares nowhere. The contract neither forbids nor names them, so either answer is
// right: refused with 400, or ignored; never stored, in the answer or in a read afterwards.
import { type JsonSchema, propertiesOf, schemaOf, writablePropertiesOf } from '../generation/json-schema.js';
import { beforeChecks, eachCheck, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { invalidRequestStatus } from '../support/contract-model.js';
import { resolve, type SpecOperation } from '../support/contract-spec.js';
import { sendAnswerFitted } from '../support/drawn-again.js';
import { send } from '../support/exchange.js';
import { selectedOperations } from '../support/operations.js';
import { pathOf, validValue } from '../support/requests.js';
import { contractTarget } from '../support/target.js';
import { createTestData, rememberAnswered, type TestData } from '../support/test-data.js';
import { requireNoProblems } from '../support/violation.js';

const UNDECLARED = 'contractUndeclared';
// The largest id the contract allows but one: no implementation hands it out to a fresh create.
const CHOSEN_ID = 9_007_199_254_740_990;

/**
 * A value a client could try to set, by the property's type; a text of the property's format
 * (a unique one), so that a refusal is for setting it, not for its form. None for types it
 * cannot guess.
 */
function forcedValue(name: string, schema: JsonSchema): unknown {
  if (name === 'id') return CHOSEN_ID;
  if (schema.type === 'boolean') return true;
  if (schema.type === 'integer') return CHOSEN_ID;
  // Of its format where it has one; an enum's or a const's value could be the one the server sets.
  if (schema.type === 'string')
    return schema.format && schema.enum === undefined && schema.const === undefined
      ? validValue(schema, 'forced', {})
      : 'contract-forced';
  return undefined;
}

/** A write's success: a create's 201, an update's 200. */
function successOf(operation: SpecOperation): 201 | 200 | undefined {
  if (operation.method === 'post' && operation.declaredStatuses.includes('201')) return 201;
  if ((operation.method === 'put' || operation.method === 'patch') && operation.declaredStatuses.includes('200'))
    return 200;
  return undefined;
}

/** The forced values `body` (an answer) holds as they were sent. */
function shownAsSent(forced: Readonly<Record<string, unknown>>, body: unknown): Record<string, unknown> {
  const held = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return Object.fromEntries(
    Object.entries(forced).filter(([name, value]) => JSON.stringify(held[name]) === JSON.stringify(value)),
  );
}

/**
 * Of the forced values a write's answer may hold by itself (a boolean: Listmonk's settings answer
 * `{data: true}` whatever is sent), those it holds when they are not sent: a write without them
 * shows which, and the answer holding them then says nothing of what was stored.
 */
async function answeredAlike(
  operation: SpecOperation,
  path: string,
  data: TestData,
  forced: Readonly<Record<string, unknown>>,
): Promise<Set<string>> {
  const booleans = Object.fromEntries(Object.entries(forced).filter(([, value]) => typeof value === 'boolean'));
  if (Object.keys(booleans).length === 0) return new Set();
  const { exchange } = await sendAnswerFitted(
    operation,
    path,
    validValue(operation.requestSchema, 'body', data.bodies),
  );
  // A record it made is the suite's, removed with the others at the end.
  rememberAnswered(operation, exchange, data.paths);
  return new Set(Object.keys(shownAsSent(booleans, exchange.body)));
}

kindOfChecks('values', 'mass assignment: what a write may not set is never stored', () => {
  const writes = selectedOperations().filter((operation) => operation.requestSchema && successOf(operation));
  let data: TestData;
  beforeChecks(async () => {
    data = await createTestData();
  }, 7);

  eachCheck(
    writes.map(
      (operation) =>
        [
          `${operation.operationId}: properties of the answer its input lacks, and an undeclared one, are refused (400) or ignored, never stored`,
          operation,
        ] as const,
    ),
    '%s',
    async (_name, operation: SpecOperation) => {
      const success = successOf(operation) as 201 | 200;
      // readOnly properties of the input are the server's to set, as those it does not have.
      const input = new Set(writablePropertiesOf(schemaOf(operation.requestSchema)).map(([name]) => name));
      const answerSchema = resolve(operation.raw.responses[String(success)])?.content?.['application/json']?.schema;
      const forced: Record<string, unknown> = {};
      for (const [name, property] of propertiesOf(schemaOf(answerSchema))) {
        const value = input.has(name) ? undefined : forcedValue(name, property);
        if (value !== undefined) forced[name] = value;
      }
      const path = pathOf(operation, data.paths);
      // Of texts the answers take too: one they refuse is one a server must refuse, whatever else is sent.
      const { exchange: written } = await sendAnswerFitted(
        operation,
        path,
        validValue(operation.requestSchema, 'body', data.bodies),
        (valid) => ({ ...(valid as object), ...forced, [UNDECLARED]: 'x' }),
      );
      const refused = invalidRequestStatus(operation);
      expectConforms(operation, written, { statuses: [success, refused] });
      if (written.status === refused) return;
      // A create is read back at its Location; an update, at its own path.
      let readAt: string | undefined = path;
      if (success === 201) {
        rememberAnswered(operation, written, data.paths);
        readAt = written.headers.location;
      }
      const read = readAt
        ? await send({ method: 'GET', path: readAt, url: new URL(readAt, `${contractTarget().baseUrl}/`).href })
        : undefined;
      // Only where a boolean shows as sent, a write without it tells whether the answer holds it anyway.
      const unjudged = await answeredAlike(operation, path, data, shownAsSent(forced, written.body));
      const what = success === 201 ? 'create' : 'update';
      for (const [shown, exchange] of [
        [`the answer to the ${what}`, written],
        [success === 201 ? 'the resource read back at its Location' : 'the resource read back', read],
      ] as const) {
        if (!exchange || (exchange.status !== 200 && exchange !== written)) continue;
        // An answer without a body (Spotify's 200 to a save) shows nothing stored.
        if (typeof exchange.body !== 'object' || exchange.body === null) continue;
        const stored = exchange.body as Record<string, unknown>;
        const problems = [
          ...Object.entries(forced)
            .filter(([name, value]) => !unjudged.has(name) && JSON.stringify(stored[name]) === JSON.stringify(value))
            .map(
              ([name, value]) =>
                `${name} is ${JSON.stringify(value)}, as sent, though ${operation.operationId}'s input has no ${name}`,
            ),
          ...(UNDECLARED in stored ? [`${UNDECLARED}, declared nowhere, was stored`] : []),
        ];
        requireNoProblems(exchange, `${shown}: only what the input declares taken from the body`, problems);
      }
    },
  );
});
