// What the resources a draft of the contract adds must do by the conventions of their paths and
// schemas (as the mock answers them): a create reads back with its defaults and an id of its own,
// a replace removes what it leaves out, a merge changes only what it sends, a delete deletes,
// and a sub-collection lists one parent's records only, with 404 for a parent that is not there.
// Checks are named by the draft's operationIds; the resources the suite was written for have
// checks of their own (stateful.ts) and are not checked here.
import { enumValuesOf } from '../../src/openapi/enum-values.js';
import { answerableOf } from '../support/answered-fields.js';
import { beforeChecks, check, group, kindOfChecks } from '../support/checks.js';
import type { SpecOperation } from '../support/contract-spec.js';
import { answerFitted, answerNarrowedSchema } from '../support/draft-bodies.js';
import { type Exchange, holdsRecord } from '../support/exchange.js';
import { holds } from '../support/own-fields.js';
import { type Body, recordBody, requiredOf, requireFields, writableProperties } from '../support/record-bodies.js';
import { pathParameters, type References, requireKeyTaken, validValue, withOwnClientKey } from '../support/requests.js';
import {
  clientKeyOf,
  createdKey,
  fillPath,
  idOf,
  keyOf,
  leftOutKeyOf,
  madeWhenLeftOutOf,
  newResources,
  operationOf,
  operationUnderItsOwnKind,
  type RecordKey,
  type Resource,
  recordIn,
  recordKeyOf,
  recordOperation,
  recordsIn,
  resourceNamed,
  serverFieldsOf,
  shapeOf,
  unknowableKey,
  withRecord,
  wrapRecord,
} from '../support/resources.js';
import { CheckSkipped } from '../support/scheduler.js';
import { largestLimit, PAGE } from '../support/shared-list.js';
import { call } from '../support/steps.js';
import { createTestData, makeRecord, readRecordMade, rememberMade, type TestData } from '../support/test-data.js';
import { unknownIdOf } from '../support/unknown-id.js';
import { writeSuccesses } from '../support/valid-answer.js';
import { ContractViolation } from '../support/violation.js';
import { expectedFields } from '../support/written-fields.js';

let data: TestData;

type Made = { id: RecordKey; body: Body; answer: Body; exchange: Exchange };

/** A record of `resource` made by `creation` under `parents`, with `body`. */
async function make(resource: Resource, creation: SpecOperation, parents: References, record: Body): Promise<Made> {
  // A key the client chooses is one of this record's own: two creates never ask for one record.
  const body = withOwnClientKey(creation, record);
  const exchange = await call(
    creation.operationId,
    fillPath(creation.path, parents),
    wrapRecord(creation.operationId, body),
    writeSuccesses(creation),
  );
  const answer = recordIn(creation.operationId, exchange.body) as Body;
  // The record's key as answered; where the create answers no record, the key it names ({Id}), or
  // its Location (Harbor's 201s): what it made is then read back.
  const id = createdKey(resource, creation.operationId, exchange);
  const answersRecord = holdsRecord(exchange) && keyOf(resource, answer) !== undefined;
  const unknowable = id === undefined ? unknowableKey(creation, exchange) : undefined;
  if (unknowable !== undefined) throw new CheckSkipped(`${creation.operationId} makes the record, but ${unknowable}`);
  if (id === undefined)
    throw new ContractViolation(
      exchange,
      `${creation.operationId}: the record made, with its ${resource.collection.keyField}`,
      [`its ${resource.collection.keyField} is ${JSON.stringify(answer?.[resource.collection.keyField])}`],
    );
  rememberMade(creation, id, parents);
  const read = answersRecord ? answer : (((await readRecordMade(resource, parents, id)) ?? {}) as Body);
  return { id, body, answer: read, exchange };
}

/** One field set to a valid value other than the one stored: a merge that ignores its body is seen. */
function changeOf(
  properties: ReturnType<typeof writableProperties>,
  stored: Body,
  references: References,
): Body | undefined {
  for (const { name, schema } of properties) {
    const field = schema as { enum?: unknown[]; type?: string };
    const differs = (value: unknown) => value !== undefined && JSON.stringify(value) !== JSON.stringify(stored[name]);
    const candidates = Array.isArray(field.enum)
      ? enumValuesOf(field)
      : field.type === 'boolean'
        ? [stored[name] !== true]
        : [validValue(schema, name, references)];
    const value = candidates.find(differs);
    if (value !== undefined) return { [name]: value };
  }
  return undefined;
}

function checksOf(resource: Resource, keyParameter: string): void {
  const creation = recordOperation(operationOf(resource, 'create'));
  // Under a record of its own kind, its records are made there by a create of their own (a subtask's).
  const scopedCreation = resource.parent?.ofItsOwnKind
    ? recordOperation(operationUnderItsOwnKind(resource, 'create'))
    : creation;
  if (scopedCreation) scopedListCheck(resource, scopedCreation);
  const read = operationOf(resource, 'read');
  if (!creation || !read) return;
  const key = resource.collection.keyField;
  /** The path of one record, as `operation` names it (PetClinic deletes /pets/{petId}, reads /owners/{ownerId}/pets/{petId}). */
  const itemPath = (id: RecordKey, parents: References, operation: SpecOperation = read) => {
    const name = shapeOf(operation.operationId)?.keyParam ?? keyParameter;
    requireKeyTaken(operation, name, id);
    return fillPath(operation.path, withRecord(parents, resource, name, id));
  };
  const references = () => ({ ...data.bodies, ...data.paths });
  // A key the server numbers is left out, even where the body may send it: each create gets its
  // own. One the client chooses is left out here too, and sent by make(), each create its own.
  const creationBody = (parents: References) => {
    // Of values the record's answers take too: one they refuse is refused (answer-narrowing.ts).
    const body = answerFitted(creation, recordBody(creation.requestSchema, parents, 'all')) as Body;
    const leftOut = leftOutKeyOf(creation) ?? clientKeyOf(creation);
    if (leftOut !== undefined) delete body[leftOut];
    return body;
  };
  /** Sends a change of record `id`, and requires its answer (where it holds the record) to hold `expected`. */
  const changeRecord = async (
    operation: SpecOperation,
    id: RecordKey,
    parents: References,
    body: Body,
    expected: Body,
    absent: string[] = [],
  ) => {
    const exchange = await call(
      operation.operationId,
      itemPath(id, parents, operation),
      wrapRecord(operation.operationId, body),
      writeSuccesses(operation),
    );
    // A 204 holds no record: what is read back is judged alone.
    if (holdsRecord(exchange))
      requireFields(
        exchange,
        `${operation.operationId}: its answer`,
        recordIn(operation.operationId, exchange.body),
        answerableOf(operation, expected),
        absent,
      );
  };
  /** Reads the record back: what `writer` wrote, of the fields its answer can hold (a closed one that cannot hold a field keeps it from the record). */
  const readBack = async (made: Made, parents: References, expected: Body, what: string, writer: SpecOperation) => {
    const exchange = await call(read.operationId, itemPath(made.id, parents), undefined, [200]);
    requireFields(
      exchange,
      what,
      recordIn(read.operationId, exchange.body),
      answerableOf(read, answerableOf(writer, { ...expected, [key]: made.id })),
    );
  };

  check(
    [creation.operationId, read.operationId],
    `${creation.operationId}: a record made reads back by ${read.operationId}, with the defaults of what was left out and an id of its own`,
    async () => {
      const parents = references();
      const body = creationBody(parents);
      const expected = expectedFields(creation, body) as Body;
      const [first, second] = [
        await make(resource, creation, parents, body),
        await make(resource, creation, parents, body),
      ];
      if (holdsRecord(first.exchange))
        requireFields(
          first.exchange,
          `${creation.operationId}: its answer`,
          first.answer,
          answerableOf(creation, expected),
        );
      if (first.id === second.id)
        throw new ContractViolation(second.exchange, 'two creates: two different ids', [`both got id ${first.id}`]);
      const location = first.exchange.headers.location;
      if (typeof location === 'string' && !location.endsWith(itemPath(first.id, parents)))
        throw new ContractViolation(first.exchange, `a Location ending ${itemPath(first.id, parents)}`, [
          `Location is ${location}`,
        ]);
      await readBack(first, parents, expected, `${read.operationId}: the record read back`, creation);
    },
  );

  const replace = recordOperation(operationOf(resource, 'replace'));
  if (replace)
    check(
      replace.operationId,
      `${replace.operationId}: a replacement removes the fields it leaves out, applies defaults, and reads back`,
      async () => {
        const parents = references();
        const made = await make(resource, creation, parents, creationBody(parents));
        const body = answerFitted(replace, recordBody(replace.requestSchema, parents, 'required')) as Body;
        const servers = serverFieldsOf(replace);
        const left = writableProperties(replace.requestSchema)
          // The record's key stays: the path names it, whatever the body may hold; so do the server's fields.
          .map(({ name, schema }) =>
            holds(body, name) ||
            name === key ||
            schema.default !== undefined ||
            servers.has(name) ||
            madeWhenLeftOutOf(replace).has(name)
              ? undefined
              : name,
          )
          .filter((name): name is string => name !== undefined);
        const expected = expectedFields(replace, body) as Body;
        await changeRecord(replace, made.id, parents, body, { ...expected, [key]: made.id }, left);
        await readBack(
          made,
          parents,
          expected,
          `${read.operationId}: the record read after ${replace.operationId}`,
          replace,
        );
      },
    );

  const merge = recordOperation(operationOf(resource, 'merge'));
  // Of values the record's answers take too (Mastodon's filter_action: any text sent, one of three answered).
  const changeable = merge
    ? writableProperties(answerNarrowedSchema(merge)).filter(({ name }) => name !== keyParameter && name !== key)
    : [];
  if (merge && changeable.length > 0)
    check(
      merge.operationId,
      `${merge.operationId}: a change sets the fields it sends, keeps the others, and reads back`,
      async () => {
        const parents = references();
        const made = await make(resource, creation, parents, creationBody(parents));
        const change = changeOf(changeable, made.answer, parents);
        if (!change)
          throw new CheckSkipped(`no field of ${merge.operationId} can take a value other than the one stored`);
        // What the merge may write stays as made, but for what it changes; what the server
        // stamps (an updatedAt) is the server's.
        const kept = new Set([key, ...writableProperties(merge.requestSchema).map(({ name }) => name)]);
        const expected = {
          ...Object.fromEntries(Object.entries(made.answer).filter(([field]) => kept.has(field))),
          ...change,
        };
        // A merge whose schema requires fields (Adyen's PATCH /transactionRules/{id}) is sent them as stored.
        const required = [...requiredOf(merge.requestSchema)].filter(
          (field) => !Object.hasOwn(change, field) && Object.hasOwn(made.answer, field) && kept.has(field),
        );
        const body = { ...Object.fromEntries(required.map((field) => [field, made.answer[field]])), ...change };
        await changeRecord(merge, made.id, parents, body, expected);
        await readBack(
          made,
          parents,
          expected,
          `${read.operationId}: the record read after ${merge.operationId}`,
          merge,
        );
      },
    );

  const deletion = operationOf(resource, 'delete');
  if (deletion)
    check(
      deletion.operationId,
      `${deletion.operationId}: a deleted record reads as 404, and a second delete is 404`,
      async () => {
        const parents = references();
        const made = await make(resource, creation, parents, creationBody(parents));
        await call(deletion.operationId, itemPath(made.id, parents, deletion), undefined, writeSuccesses(deletion));
        await call(read.operationId, itemPath(made.id, parents), undefined, [404]);
        await call(deletion.operationId, itemPath(made.id, parents, deletion), undefined, [404]);
      },
    );
}

/**
 * A sub-collection's list shows the records of the parent its path names, only: checked with a
 * create and the list alone (Conduit's comments have no read of one comment).
 */
function scopedListCheck(resource: Resource, creation: SpecOperation): void {
  const parentParameter = resource.parent?.param;
  const references = () => ({ ...data.bodies, ...data.paths });
  const list = operationUnderItsOwnKind(resource, 'list') ?? operationOf(resource, 'list');
  const parent = resource.parent?.resource ? resourceNamed(resource.parent.resource) : undefined;
  // Scoped only where the list's path names the parent (PetClinic's GET /pets lists every owner's).
  const listNamesParent = parentParameter !== undefined && list?.path.includes(`{${parentParameter}}`) === true;
  // Two levels down (a visit's notes, under an owner): the parent must be the one above's own.
  // (A parent under records of its own kind is one level: a subtask's attachments are a task's.)
  const grandparent =
    parent?.parent?.resource && !parent.parent.ofItsOwnKind ? resourceNamed(parent.parent.resource) : undefined;
  // Named by a parameter of its own: /holders/{id}/accounts names the holder by {id}, not its platform.
  const grandparentParameter =
    grandparent && parent?.parent?.param !== parentParameter && list?.path.includes(`{${parent?.parent?.param}}`)
      ? parent?.parent?.param
      : undefined;
  // Made under its parent by its path (/articles/{slug}/comments), or at the top level with the
  // parent's key in a field of its body (Adyen's POST /paymentInstruments, balanceAccountId).
  const pathNamesParent = parentParameter !== undefined && creation.path.includes(`{${parentParameter}}`);
  const field = resource.parent?.field;
  const bodyNamesParent =
    !pathNamesParent &&
    field !== undefined &&
    writableProperties(creation.requestSchema).some((property) => property.name === field);
  if (list && parent && parentParameter && listNamesParent)
    check(
      [list.operationId, creation.operationId],
      `${list.operationId}: lists the records of its own ${parentParameter} only, and a ${parentParameter} that is not there${grandparentParameter ? ` (or not of its ${grandparentParameter})` : ''} is 404`,
      async () => {
        if (!pathNamesParent && !bodyNamesParent)
          throw new CheckSkipped(
            `${creation.operationId} makes ${resource.name} without naming the ${parent.name} ${list.path} lists them under: neither its path nor its body has ${field ?? parentParameter}`,
          );
        const given = references();
        // The parent's own record, under its parameter too: a generic {id} may hold another resource's.
        const parentId = idOf(given, recordKeyOf(parent));
        if (bodyNamesParent && parentId === undefined)
          throw new CheckSkipped(`the suite has no ${parent.name} of its own to make ${resource.name} under`);
        const mine = parentId === undefined ? given : withRecord(given, parent, parentParameter, parentId);
        const otherId = await secondParent(parent, parentParameter, mine);
        // Adyen's companies are listed and read, never made: no second one to hold the other records.
        if (otherId === undefined)
          throw new CheckSkipped(
            `the suite cannot make a second ${parent.noun} to list ${resource.name} under: the contract has no operation that makes one`,
          );
        const other = withRecord(mine, parent, parentParameter, otherId);
        const body = recordBody(creation.requestSchema, mine, 'required');
        if (bodyNamesParent && field !== undefined && parentId !== undefined) body[field] = parentId;
        const made = await make(resource, creation, mine, body);
        const ids = async (parents: References) => {
          const limit = largestLimit(list, PAGE).limit;
          const query = limit === undefined ? '' : `?limit=${limit}`;
          const exchange = await call(list.operationId, `${fillPath(list.path, parents)}${query}`, undefined, [200]);
          const records = recordsIn(exchange.body) as Body[];
          return { exchange, ids: records.map((record) => keyOf(resource, record)) };
        };
        const own = await ids(mine);
        if (!own.ids.includes(made.id))
          throw new ContractViolation(own.exchange, `the record ${made.id} in its own list`, ['it is not listed']);
        const others = await ids(other);
        if (others.ids.includes(made.id))
          throw new ContractViolation(others.exchange, `the record ${made.id} only under its own ${parentParameter}`, [
            `it is listed under ${parentParameter} ${otherId}`,
          ]);
        // A key of the parameter's own type and pattern, which no record has: one that breaks its
        // pattern is rightly a 400 (Twilio's CallSid is CA and 32 hex digits).
        const parentKey = pathParameters(list).find((parameter) => parameter.name === parentParameter);
        const nowhere = withRecord(
          mine,
          parent,
          parentParameter,
          parentKey ? unknownIdOf(parentKey) : Number.MAX_SAFE_INTEGER,
        );
        await call(list.operationId, fillPath(list.path, nowhere), undefined, [404]);
        if (grandparent && grandparentParameter) {
          const otherAbove = await makeRecord(grandparent, mine, mine, `a second ${grandparentParameter}`);
          if (otherAbove === undefined)
            throw new CheckSkipped(
              `the suite cannot make a second ${grandparent.noun} to name ${parent.name} under: the contract has no operation that makes one`,
            );
          // The suite's own parent, named under a grandparent it is not under.
          await call(
            list.operationId,
            fillPath(list.path, withRecord(mine, grandparent, grandparentParameter, otherAbove)),
            undefined,
            [404],
          );
        }
        if (pathNamesParent)
          await call(
            creation.operationId,
            fillPath(creation.path, nowhere),
            wrapRecord(creation.operationId, recordBody(creation.requestSchema, mine, 'required')),
            [404],
          );
      },
    );
}

kindOfChecks('stateful', "a draft's new resources, by the conventions of their paths and schemas", () => {
  beforeChecks(async () => {
    data = await createTestData();
  });
  for (const { resource, keyParameter } of newResources()) group(resource.name, () => checksOf(resource, keyParameter));
});

/**
 * A second record of `parent` beside the one `mine` names. Its body's key is drawn afresh where
 * the references gave it the first one's (Lago's plan code, a field named as the parameter): a
 * create of a key already there may answer that record, and both lists would then be one.
 */
async function secondParent(parent: Resource, parameter: string, mine: References): Promise<RecordKey | undefined> {
  const what = `a second ${parameter}`;
  const first = idOf(mine, recordKeyOf(parent));
  const made = await makeRecord(parent, mine, mine, what);
  if (made === undefined || first === undefined || String(made) !== String(first)) return made;
  const { keyField } = parent.collection;
  const fresh = Object.fromEntries(Object.entries(mine).filter(([name]) => name !== parameter && name !== keyField));
  const again = await makeRecord(parent, mine, fresh, what);
  if (again !== undefined && String(again) === String(first))
    throw new CheckSkipped(
      `the suite could not make a second ${parent.noun}: each create answered the first one, ${first}`,
    );
  return again;
}
