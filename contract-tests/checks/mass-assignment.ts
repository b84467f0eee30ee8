// Mass assignment: a create also sent with every property of what it answers that its input does
// not have (the id, an order's complete) and one the contract declares nowhere. The contract
// neither forbids nor names them, so either answer is right: refused with 400, or ignored; never
// stored, in the answer or in a read of the resource afterwards.
import { type JsonSchema, propertiesOf, schemaOf } from '../generation/json-schema.js';
import { afterChecks, beforeChecks, eachCheck, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { resolve, type SpecOperation } from '../support/contract-spec.js';
import { send } from '../support/exchange.js';
import { selectedOperations } from '../support/operations.js';
import { validValue } from '../support/requests.js';
import { contractTarget } from '../support/target.js';
import { cleanUp, createTestData, remember, type TestData } from '../support/test-data.js';
import { requireNoProblems } from '../support/violation.js';

const UNDECLARED = 'contractUndeclared';
// The largest id the contract allows but one: no implementation hands it out to a fresh create.
const CHOSEN_ID = 9_007_199_254_740_990;

/** A value a client could try to set, by the property's type; none for types it cannot guess. */
function forcedValue(name: string, schema: JsonSchema): unknown {
  if (name === 'id') return CHOSEN_ID;
  if (schema.type === 'boolean') return true;
  if (schema.type === 'integer') return CHOSEN_ID;
  if (schema.type === 'string') return 'contract-forced';
  return undefined;
}

const KINDS: Record<string, 'pet' | 'category' | 'order'> = {
  createPet: 'pet',
  createCategory: 'category',
  placeOrder: 'order',
};

kindOfChecks('values', 'mass assignment: what a create may not set is never stored', () => {
  const creates = selectedOperations().filter(
    (operation) => operation.method === 'post' && operation.requestSchema && operation.declaredStatuses.includes('201'),
  );
  let data: TestData;
  beforeChecks(async () => {
    data = await createTestData();
  });
  afterChecks(cleanUp);

  eachCheck(
    creates.map(
      (operation) =>
        [
          `${operation.operationId}: properties of the answer its input lacks, and an undeclared one, are refused (400) or ignored, never stored`,
          operation,
        ] as const,
    ),
    '%s',
    async (_name, operation: SpecOperation) => {
      const input = new Set(propertiesOf(schemaOf(operation.requestSchema)).map(([name]) => name));
      const answerSchema = resolve(operation.raw.responses['201'])?.content?.['application/json']?.schema;
      const forced: Record<string, unknown> = {};
      for (const [name, property] of propertiesOf(schemaOf(answerSchema))) {
        const value = input.has(name) ? undefined : forcedValue(name, property);
        if (value !== undefined) forced[name] = value;
      }
      const body = {
        ...(validValue(operation.requestSchema, 'body', data.bodies) as object),
        ...forced,
        [UNDECLARED]: 'x',
      };
      const created = await send({
        operationId: operation.operationId,
        method: 'POST',
        path: operation.path,
        json: body,
      });
      expectConforms(operation, created, { statuses: [201, 400] });
      if (created.status === 400) return;
      const id = (created.body as { id?: unknown }).id;
      const kind = KINDS[operation.operationId];
      if (typeof id === 'number' && kind) remember(kind, id);
      const location = created.headers.location;
      const read = location
        ? await send({ method: 'GET', path: location, url: new URL(location, `${contractTarget().baseUrl}/`).href })
        : undefined;
      for (const [what, exchange] of [
        ['the answer to the create', created],
        ['the resource read back at its Location', read],
      ] as const) {
        if (!exchange || (exchange.status !== 200 && exchange !== created)) continue;
        const stored = exchange.body as Record<string, unknown>;
        const problems = [
          ...Object.entries(forced)
            .filter(([name, value]) => JSON.stringify(stored[name]) === JSON.stringify(value))
            .map(
              ([name, value]) =>
                `${name} is ${JSON.stringify(value)}, as sent, though ${operation.operationId}'s input has no ${name}`,
            ),
          ...(UNDECLARED in stored ? [`${UNDECLARED}, declared nowhere, was stored`] : []),
        ];
        requireNoProblems(exchange, `${what}: only what the input declares taken from the body`, problems);
      }
    },
  );
});
