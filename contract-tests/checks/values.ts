// What the contract declares about values, checked as applied, for every operation it concerns:
// a body field left out takes its default; an optional field left out of a replacement (PUT) is
// removed; a field the schema does not have is ignored and never stored; a date-time written
// with an offset reads back as the same instant; a list's limit and offset left out are their
// defaults. Each read back after the write. The fields and defaults come from the schemas.
import { propertiesOf, schemaOf } from '../generation/json-schema.js';
import { beforeChecks, eachCheck, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { listOperations, type SpecOperation } from '../support/contract-spec.js';
import { type Exchange, send } from '../support/exchange.js';
import { createGenerationData, freshPathIds, type GenerationData } from '../support/generation-data.js';
import { listProblems } from '../support/list-oracle.js';
import { isList, pageDefault } from '../support/list-semantics.js';
import { selectedOperations } from '../support/operations.js';
import { readOperationFor, readPath } from '../support/read-back.js';
import { pathOf, uniqueText, validValue } from '../support/requests.js';
import { fillPath } from '../support/resources.js';
import { rememberMade } from '../support/test-data.js';
import { ContractViolation, requireNoProblems } from '../support/violation.js';

type Body = Record<string, unknown>;
const UNKNOWN_FIELD = 'contractUnknownField';
const OFFSET_DATE_TIME = '2031-05-17T13:45:30.125+02:00';

/** A valid body with every field: the required ones and the optional ones without a default. */
function fullBody(operation: SpecOperation, data: GenerationData): Body {
  const schema = schemaOf(operation.requestSchema);
  const body = validValue(schema, 'body', data.references.body) as Body;
  for (const [field, property] of propertiesOf(schema)) {
    if (!(field in body) && property.default === undefined)
      body[field] = validValue(property, field, data.references.body);
  }
  return body;
}

/** Writes `body` (to a fresh resource for a PUT or PATCH), reads it back, and hands both to `judge`. */
async function writeAndRead(
  operation: SpecOperation,
  data: GenerationData,
  bodies: Body[],
  judge: (answer: Exchange, read: Exchange) => string[],
  expected: string,
): Promise<void> {
  const fresh = await freshPathIds(operation, data);
  try {
    let answer: Exchange | undefined;
    for (const body of bodies) {
      answer = await send({
        operationId: operation.operationId,
        method: operation.method,
        path: pathOf(operation, {}, fresh.pathIds),
        json: body,
      });
      const id = (answer.body as { id?: unknown } | undefined)?.id;
      if (answer.status === 201 && typeof id === 'number') rememberMade(operation, id, fresh.pathIds);
      expectConforms(operation, answer, {
        statuses: operation.declaredStatuses.filter((status) => status.startsWith('2')).map(Number),
      });
    }
    const last = answer as Exchange;
    const reader = readOperationFor(operation);
    if (!reader) {
      requireNoProblems(last, expected, judge(last, last));
      return;
    }
    const ownIds = Object.fromEntries(
      Object.entries(fresh.pathIds).filter(([name]) => operation.path.includes(`{${name}}`)),
    );
    const read = await send({
      operationId: reader.operationId,
      method: 'GET',
      path: readPath(reader, ownIds, last.body),
    });
    expectConforms(reader, read, { statuses: [200], description: `what ${operation.operationId} wrote, read back` });
    const problems = judge(last, read);
    if (problems.length > 0) throw new ContractViolation(read, expected, problems);
  } finally {
    await fresh.remove();
  }
}

const fieldOf = (exchange: Exchange, field: string) => (exchange.body as Body | undefined)?.[field];

kindOfChecks('values', 'values the contract declares, as applied', () => {
  let data: GenerationData;
  beforeChecks(async () => {
    data = await createGenerationData();
  }, 7);

  const writes = selectedOperations().filter(
    (operation) => operation.requestSchema && schemaOf(operation.requestSchema).type === 'object',
  );
  const fieldsOf = (operation: SpecOperation) => propertiesOf(schemaOf(operation.requestSchema));

  eachCheck(
    writes.flatMap((operation) =>
      fieldsOf(operation)
        .filter(([, property]) => property.default !== undefined)
        .map(
          ([field, property]) =>
            [
              `${operation.operationId}: ${field} left out takes its default ${JSON.stringify(property.default)}`,
              operation,
              field,
              property.default,
              property.enum?.find((value) => value !== property.default),
            ] as const,
        ),
    ),
    '%s',
    async (_name, operation, field, fallback, other) => {
      const body = fullBody(operation, data);
      const { [field]: _left, ...without } = body;
      // A replacement first writes another value, so that keeping the old one shows.
      const bodies =
        operation.method === 'post' || other === undefined ? [without] : [{ ...body, [field]: other }, without];
      await writeAndRead(
        operation,
        data,
        bodies,
        (answer, read) =>
          [answer, read]
            .filter((exchange) => JSON.stringify(fieldOf(exchange, field)) !== JSON.stringify(fallback))
            .map(
              (exchange) =>
                `${exchange === read ? 'read back, ' : ''}${field} is ${JSON.stringify(fieldOf(exchange, field))}`,
            ),
        `${field} ${JSON.stringify(fallback)}, its default, in the answer and read back`,
      );
    },
  );

  eachCheck(
    writes
      .filter((operation) => operation.method === 'put')
      .flatMap((operation) =>
        fieldsOf(operation)
          .filter(
            ([field, property]) =>
              property.default === undefined && !(schemaOf(operation.requestSchema).required ?? []).includes(field),
          )
          .map(
            ([field]) =>
              [`${operation.operationId}: ${field} left out of a replacement is removed`, operation, field] as const,
          ),
      ),
    '%s',
    async (_name, operation, field) => {
      const body = fullBody(operation, data);
      const { [field]: _left, ...without } = body;
      await writeAndRead(
        operation,
        data,
        [body, without],
        (answer, read) =>
          [answer, read]
            .filter((exchange) => fieldOf(exchange, field) !== undefined)
            .map(
              (exchange) =>
                `${exchange === read ? 'read back, ' : ''}${field} is still ${JSON.stringify(fieldOf(exchange, field))}`,
            ),
        `no ${field}: PUT replaces the whole resource`,
      );
    },
  );

  eachCheck(
    writes.map(
      (operation) =>
        [`${operation.operationId}: a field the schema does not have is ignored, never stored`, operation] as const,
    ),
    '%s',
    async (_name, operation) => {
      const body = { ...fullBody(operation, data), [UNKNOWN_FIELD]: uniqueText('ignored') };
      await writeAndRead(
        operation,
        data,
        [body],
        (answer, read) =>
          [answer, read]
            .filter((exchange) => fieldOf(exchange, UNKNOWN_FIELD) !== undefined)
            .map((exchange) => `${exchange === read ? 'read back, ' : ''}${UNKNOWN_FIELD} was kept`),
        `no ${UNKNOWN_FIELD} in the answer or read back`,
      );
    },
  );

  eachCheck(
    writes.flatMap((operation) =>
      fieldsOf(operation)
        .filter(([, property]) => property.format === 'date-time')
        .map(
          ([field]) =>
            [
              `${operation.operationId}: ${field} written with an offset (${OFFSET_DATE_TIME}) reads back as the same instant`,
              operation,
              field,
            ] as const,
        ),
    ),
    '%s',
    async (_name, operation, field) => {
      await writeAndRead(
        operation,
        data,
        [{ ...fullBody(operation, data), [field]: OFFSET_DATE_TIME }],
        (answer, read) =>
          [answer, read]
            .filter((exchange) => Date.parse(String(fieldOf(exchange, field))) !== Date.parse(OFFSET_DATE_TIME))
            .map(
              (exchange) =>
                `${exchange === read ? 'read back, ' : ''}${field} is ${JSON.stringify(fieldOf(exchange, field))}, another instant`,
            ),
        `${field} at the instant ${new Date(OFFSET_DATE_TIME).toISOString()}`,
      );
    },
  );

  const lists = selectedOperations().filter(isList);
  eachCheck(
    lists.flatMap((operation) =>
      (['limit', 'offset'] as const)
        .filter((name) => operation.parameters.some((parameter) => parameter.name === name))
        .map(
          (name) =>
            [
              `${operation.operationId}: ${name} left out is its default ${pageDefault(operation, name)}`,
              operation,
              name,
            ] as const,
        ),
    ),
    '%s',
    async (_name, operation, name) => {
      const fallback = pageDefault(operation, name);
      await fullPage(operation);
      const query = name === 'limit' ? {} : { limit: 5 };
      // A sub-collection's list: that of the suite's own parent.
      const path = fillPath(operation.path, data.paths);
      const left = await send({
        operationId: operation.operationId,
        method: 'GET',
        path: `${path}${name === 'limit' ? '' : '?limit=5'}`,
      });
      expectConforms(operation, left, { statuses: [200] });
      requireNoProblems(left, `the page of ${name}=${fallback}`, listProblems(operation, query, left));
      const given = await send({
        operationId: operation.operationId,
        method: 'GET',
        path: `${path}?${name === 'limit' ? `limit=${fallback}` : `limit=5&offset=${fallback}`}`,
      });
      requireNoProblems(
        left,
        `the same page as ${given.url}: ${JSON.stringify(given.body)}`,
        JSON.stringify(left.body) === JSON.stringify(given.body) ? [] : [`${name} left out gives another page`],
      );
    },
  );

  const filled = new Map<string, Promise<void>>();
  /**
   * Makes sure a list has more items than its default page holds, once for both page checks: a
   * short list (a sub-collection) would otherwise change under one check while the other fills it.
   */
  function fullPage(list: SpecOperation): Promise<void> {
    let done = filled.get(list.operationId);
    if (!done) {
      done = ensureItems(list, Math.min(pageDefault(list, 'limit'), 100) + 1);
      filled.set(list.operationId, done);
    }
    return done;
  }

  /** Makes sure a list has at least `count` items, creating them through its own POST where it has one. */
  async function ensureItems(list: SpecOperation, count: number): Promise<void> {
    const first = await send({
      operationId: list.operationId,
      method: 'GET',
      path: `${fillPath(list.path, data.paths)}?limit=1`,
    });
    const total = Number(first.headers['x-total-count'] ?? 0);
    // The create of the same path, selected or not: it only makes data here.
    const create = listOperations().find((operation) => operation.method === 'post' && operation.path === list.path);
    if (!create || total >= count) return;
    for (let made = total; made < count; made += 1) {
      const answer = await send({
        operationId: create.operationId,
        method: 'POST',
        path: fillPath(create.path, data.paths),
        json: validValue(create.requestSchema, 'body', data.references.body),
      });
      const id = (answer.body as { id?: unknown } | undefined)?.id;
      if (typeof id === 'number') rememberMade(create, id, data.paths);
      else break;
    }
  }
});
