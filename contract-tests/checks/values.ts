// What the contract declares about values, checked as applied, for every operation it concerns:
// a body field left out takes its default; an optional field left out of a replacement (PUT) is
// removed; a field the schema does not have is ignored and never stored; a date-time written
// with an offset reads back as the same instant; a list's limit and offset left out are their
// defaults. Each read back after the write. The fields and defaults come from the schemas.
import { forbidsOtherFields, requiredInRequest, schemaOf } from '../generation/json-schema.js';
import { declaredFields } from '../support/answered-fields.js';
import { beforeChecks, eachCheck, kindOfChecks } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { invalidRequestStatus } from '../support/contract-model.js';
import { listOperations, type SpecOperation } from '../support/contract-spec.js';
import { send } from '../support/exchange.js';
import { createGenerationData, type GenerationData } from '../support/generation-data.js';
import { listProblems } from '../support/list-oracle.js';
import { declaredPageDefault, isList, pageDefault } from '../support/list-semantics.js';
import { selectedOperations } from '../support/operations.js';
import { uniqueText, validValue } from '../support/requests.js';
import { fillPath, madeWhenLeftOutOf, recordOperation, writesRecord } from '../support/resources.js';
import { CheckSkipped } from '../support/scheduler.js';
import { rememberAnswered } from '../support/test-data.js';
import {
  answeredFieldsOf,
  fullBody,
  otherValue,
  recordFieldOf,
  writeAndRead,
  writeRefused,
} from '../support/value-writes.js';
import { requireNoProblems } from '../support/violation.js';
import { isMerge } from '../support/written-fields.js';

const UNKNOWN_FIELD = 'contractUnknownField';
const OFFSET_DATE_TIME = '2031-05-17T13:45:30.125+02:00';

/** A limit whose schema declares no default: leaving it out promises no page size (a server may cap it). */
const undeclaredLimit = (operation: SpecOperation, name: 'limit' | 'offset') =>
  name === 'limit' && declaredPageDefault(operation, name) === undefined;

kindOfChecks('values', 'values the contract declares, as applied', () => {
  let data: GenerationData;
  beforeChecks(async () => {
    data = await createGenerationData();
  }, 7);

  // Each write as it sends a record: the inside of its body's envelope, where it has one. One
  // that declares no success (Outline's attachments.redirect: a 302 alone) writes nothing to read.
  const writes = selectedOperations()
    .map(recordOperation)
    .filter((operation) => operation.requestSchema && schemaOf(operation.requestSchema).type === 'object')
    .filter((operation) => operation.declaredStatuses.some((status) => /^(2(\d\d|XX)|default)$/.test(status)));
  // A PATCH, or a PUT whose fields are all optional (RealWorld's article update), as the resource model reads it.
  const merges = isMerge;
  // What a write was sent shows in its answer and read only where it writes a record (not an image made from a prompt).
  const recordWrites = writes.filter((operation) => writesRecord(operation.operationId));
  // Of fields the record's answer declares: one it does not (Clerk's notify flags) is an instruction, never shown.
  const defaulted = (operation: SpecOperation) => {
    const declared = declaredFields(operation);
    return answeredFieldsOf(operation).filter(
      ([field, property]) => property.default !== undefined && (declared === undefined || declared.has(field)),
    );
  };

  // A field with a default, left out: a create or a replacement takes the default; a merge (RFC
  // 7396) changes only what it names, so the field keeps the value the write before set.
  eachCheck(
    recordWrites.flatMap((operation) =>
      defaulted(operation).map(
        ([field, property]) =>
          [
            merges(operation)
              ? `${operation.operationId}: ${field} left out of a merge keeps its value, not its default ${JSON.stringify(property.default)}`
              : `${operation.operationId}: ${field} left out takes its default ${JSON.stringify(property.default)}`,
            operation,
            field,
            property,
          ] as const,
      ),
    ),
    '%s',
    async (_name, operation, field, property) => {
      const body = fullBody(operation, data);
      const { [field]: _left, ...without } = body;
      // A change first writes another value, so that keeping the old one (or losing it) shows.
      const other = operation.method === 'post' ? undefined : otherValue(property, field, property.default, data);
      if (merges(operation) && other === undefined)
        throw new CheckSkipped(`${field} takes no valid value but its default, so a merge cannot show it kept`);
      const expected = merges(operation) ? other : property.default;
      await writeAndRead(
        operation,
        data,
        other === undefined ? [without] : [{ ...body, [field]: other }, without],
        (exchange) =>
          JSON.stringify(recordFieldOf(exchange, field)) !== JSON.stringify(expected)
            ? [`${field} is ${JSON.stringify(recordFieldOf(exchange, field))}`]
            : [],
        merges(operation)
          ? `${field} ${JSON.stringify(expected)}, as the write before set it, in the answer and read back`
          : `${field} ${JSON.stringify(expected)}, its default, in the answer and read back`,
      );
    },
  );

  // Of a record only: an action's answer (Spotify's reorder of a playlist's tracks, answering a
  // snapshot_id) is the server's, whatever the body left out.
  eachCheck(
    recordWrites
      .filter((operation) => operation.method === 'put' && !merges(operation))
      .flatMap((operation) =>
        answeredFieldsOf(operation)
          .filter(
            ([field, property]) =>
              property.default === undefined &&
              !requiredInRequest(schemaOf(operation.requestSchema)).includes(field) &&
              // The server makes one where the body leaves it out (answered by another schema).
              !madeWhenLeftOutOf(operation).has(field),
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
        (exchange) =>
          recordFieldOf(exchange, field) !== undefined
            ? [`${field} is still ${JSON.stringify(recordFieldOf(exchange, field))}`]
            : [],
        `no ${field}: PUT replaces the whole resource`,
      );
    },
  );

  // A schema with additionalProperties: false makes no promise to ignore a field: it refuses it.
  const closed = (operation: SpecOperation) => forbidsOtherFields(schemaOf(operation.requestSchema));
  eachCheck(
    writes
      .filter(closed)
      .map(
        (operation) =>
          [
            `${operation.operationId}: a field the schema does not have gets ${invalidRequestStatus(operation)} (its schema allows no other field)`,
            operation,
          ] as const,
      ),
    '%s',
    async (_name, operation) => {
      const body = { ...fullBody(operation, data), [UNKNOWN_FIELD]: uniqueText('refused') };
      await writeRefused(
        operation,
        data,
        body,
        `a ${invalidRequestStatus(operation)} with the Error object: ${UNKNOWN_FIELD} breaks additionalProperties: false`,
      );
    },
  );

  eachCheck(
    writes
      .filter((operation) => !closed(operation))
      .map(
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
        (exchange) => (recordFieldOf(exchange, UNKNOWN_FIELD) !== undefined ? [`${UNKNOWN_FIELD} was kept`] : []),
        `no ${UNKNOWN_FIELD} in the answer or read back`,
      );
    },
  );

  eachCheck(
    recordWrites.flatMap((operation) =>
      answeredFieldsOf(operation)
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
        (exchange) =>
          Date.parse(String(recordFieldOf(exchange, field))) !== Date.parse(OFFSET_DATE_TIME)
            ? [`${field} is ${JSON.stringify(recordFieldOf(exchange, field))}, another instant`]
            : [],
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
              `${operation.operationId}: ${name} left out is its default${undeclaredLimit(operation, name) ? '' : ` ${pageDefault(operation, name)}`}`,
              operation,
              name,
            ] as const,
        ),
    ),
    '%s',
    async (_name, operation, name) => {
      if (undeclaredLimit(operation, name))
        throw new CheckSkipped(
          `its limit declares no default, so the contract says nothing of the page a request without one gets`,
        );
      const fallback = pageDefault(operation, name);
      await fullPage(operation);
      const query = name === 'limit' ? {} : { limit: 5 };
      // A sub-collection's list: that of the suite's own parent.
      const path = fillPath(operation.path, data.paths);
      const read = (query: string) =>
        send({ operationId: operation.operationId, method: 'GET', path: `${path}${query}` });
      const givenQuery = `?${name === 'limit' ? `limit=${fallback}` : `limit=5&offset=${fallback}`}`;
      // The page with the value given is read before and after: records other checks make meanwhile
      // may land on it (text keys, such as UUIDs, sort anywhere), and only a page that held still is compared.
      for (let attempt = 1; ; attempt += 1) {
        const before = await read(givenQuery);
        const left = await read(name === 'limit' ? '' : '?limit=5');
        expectConforms(operation, left, { statuses: [200] });
        requireNoProblems(left, `the page of ${name}=${fallback}`, listProblems(operation, query, left));
        const given = await read(givenQuery);
        if (JSON.stringify(before.body) !== JSON.stringify(given.body)) {
          if (attempt < 3) continue;
          throw new CheckSkipped(
            `the page of ${given.url} changed between reads, three times: records were being written meanwhile`,
          );
        }
        requireNoProblems(
          left,
          `the same page as ${given.url}: ${JSON.stringify(given.body)}`,
          JSON.stringify(left.body) === JSON.stringify(given.body) ? [] : [`${name} left out gives another page`],
        );
        return;
      }
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
      if (rememberAnswered(create, answer, data.paths) === undefined) break;
    }
  }
});
