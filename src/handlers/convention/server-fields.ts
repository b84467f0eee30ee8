// The fields the server sets on a record: those the contract marks readOnly, and those an answer
// of the record requires that the operation's request does not set (an article's author and
// createdAt, a booking's confirmationCode), or that a body leaves out. Each is made once, when
// the record is made, as made-values.ts reads its name and schema (a time from the mock's
// clock, again at each change when its name says so, as updatedAt; a slug from the title;
// anything else drawn from its schema, seeded by the data set's seed and the request, so that
// the same create gives the same values), and stored: every read of the record agrees.

import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { lengthenedKeys, withRandomTail } from '../../fixtures/lengthened-keys.js';
import { loadSchemaFaker } from '../../fixtures/load-schema-faker.js';
import {
  freeSlug,
  howMade,
  isUpdateStamp,
  type MadeValue,
  slugify,
  slugSource,
  timeValue,
} from '../../fixtures/made-values.js';
import { compiledInContract, createAnswerFit } from '../../openapi/answer-fit.js';
import {
  answeredByOtherSchema,
  answeredOtherwise,
  answeredReadOnly,
  answerRequirements,
} from '../../openapi/answer-requirements.js';
import { asObject, type JsonObject } from '../../openapi/json-pointer.js';
import type { OperationInfo } from '../../openapi/load-contract.js';
import { bodyEnvelope } from '../../openapi/operation-schemas.js';
import { leadingTextOf } from '../../openapi/patterns/leading-text.js';
import { type Resource, requestSchema } from '../../openapi/resource-model.js';
import { describeObjectSchema } from '../../openapi/schema-shape.js';
import type { RecordKey, StoredRecord } from '../../store/data-set.js';
import { ownValue, setOwn } from '../../store/own-keys.js';
import type { ContractContext, HandlerDependencies } from '../handler-types.js';
import { kindFieldsOf } from './kind-fields.js';
import { namesParent } from './parent-scope.js';

export type ServerFields = {
  onCreate(req: Request): Promise<StoredRecord>;
  /**
   * A new record's fields: what the server makes (onCreate), then what was sent, but for a field
   * the record holds as the server's (readOnly) or that the body names another way (Asana's
   * parent: a gid sent, an object answered), which stays as the server made it.
   */
  created(req: Request, sent: StoredRecord): Promise<Record<string, unknown>>;
  /** The fields the record marks readOnly: the server's, whatever a body sends of the same name. */
  owned: readonly string[];
  /**
   * The fields the body of `req` sends that the record's answers cannot hold as sent
   * (answeredByOtherSchema): the server's for this request, as onCreate makes them.
   */
  unfitIn(req: Request): string[];
  onUpdate(): StoredRecord;
  /** What a replacement keeps of the record it replaces: its key, the fields the server set, and those its answers require. */
  kept(existing: StoredRecord): StoredRecord;
  /**
   * `changed` with the owned fields the change sent as the record keeps them: the object it held,
   * named anew by the key sent (Asana's owner: a gid sent, the owner object answered); none where
   * it held none.
   */
  ownedOnChange(existing: StoredRecord, sent: StoredRecord, changed: StoredRecord): StoredRecord;
  /**
   * The key of a record whose body names none, where the mock gives no number: a slug of the
   * field it names (an article's slug from its title), else a UUID; one that `taken` says no
   * record has.
   */
  newKey(fields: StoredRecord, taken: (key: RecordKey) => Promise<boolean>): Promise<RecordKey>;
  /**
   * A text key the body sent, as the record's answers take it: itself where it fits the key's
   * pattern, else behind the pattern's own leading text where that fits (Supabase's custom
   * providers: `mycompany` sent, `custom:mycompany` answered); undefined where neither does.
   */
  sentKeyAnswered(sent: string): string | undefined;
};

type MadeField = {
  name: string;
  schema: JsonObject;
  how: MadeValue;
  /** Whether the request may set it: then it is made only when the body leaves it out. */
  sent: boolean;
  /** Whether it is the server's whatever the body sends: readOnly, or sent in a type the answers do not take. */
  owned: boolean;
  /** The answers' schemas a value sent must fit to be kept, where they declare it otherwise than the request. */
  answers?: JsonObject[];
};

/**
 * The schema of the record a request's body holds: the body's, or its envelope's inside ({"data":
 * {...}}); and whether every request sends it (the body required, and its envelope where it has one).
 */
function bodyRecordSchema(deps: ContractContext, resource: Resource, operation: OperationInfo) {
  const { document } = deps.contract;
  const schema = requestSchema(operation);
  const envelope = bodyEnvelope(document, schema, resource.shape);
  const bodyRequired = operation.request?.required === true;
  if (envelope === undefined) return { schema, required: bodyRequired };
  return {
    schema: envelope.schema,
    required: bodyRequired && describeObjectSchema(document, schema).required.has(envelope.property),
  };
}

/** The fields of `resource` the server makes for `operation`'s requests. */
function madeFields(deps: ContractContext, resource: Resource, operation: OperationInfo): MadeField[] {
  const { keyField } = resource.collection;
  const body = bodyRecordSchema(deps, resource, operation);
  const request = describeObjectSchema(deps.contract.document, body.schema);
  const made = new Map<string, MadeField>();
  // The parent's key is the path's where it names the parent; a create of the collection at the
  // top (Lago's POST /payments beside /customers/{id}/payments) makes it like any other field.
  const parentField = namesParent(operation, resource) ? resource.parent?.field : undefined;
  const add = (name: string, schema: JsonObject, sent: boolean, owned?: boolean, answers?: JsonObject[]) => {
    if (name === keyField || name === parentField || made.has(name)) return;
    const field = { name, schema, how: howMade(name, schema), sent, owned: owned ?? schema.readOnly === true };
    made.set(name, answers === undefined ? field : { ...field, answers });
  };
  const otherwise = answeredOtherwise(deps.contract, deps.resources, resource, request);
  const bySchema = answeredByOtherSchema(deps.contract, deps.resources, resource, request);
  // A field the answers mark readOnly that this body declares writable, of the type answered, is
  // the client's here: Asana's attachment is answered with a readOnly name, made with the one sent.
  for (const [name, property] of answeredReadOnly(deps.contract, deps.resources, resource)) {
    const asked = request.properties.get(name);
    const writable = asked !== undefined && asked.readOnly !== true && !otherwise.has(name) && !bySchema.has(name);
    add(name, property, writable, writable ? false : undefined);
  }
  for (const [name, property] of otherwise) add(name, property, false, true);
  for (const [name, { answers, drawn }] of bySchema) add(name, drawn, true, undefined, answers);
  for (const [name, property] of answerRequirements(deps.contract, deps.resources, resource)) {
    const asked = request.properties.get(name);
    // A field the request requires is always the client's, where the body itself is required (an
    // optional body left out, as Twilio's creates allow, leaves the field to the server; so does an
    // optional envelope, as Lago's {"wallet": {...}}).
    if (request.required.has(name) && asked?.readOnly !== true && body.required) continue;
    add(name, property, asked !== undefined && asked.readOnly !== true);
  }
  return [...made.values()];
}

/** What a create sets besides what its body sends, for the start's listing: ", sets slug, createdAt (...)". */
export function describeMadeFields(deps: ContractContext, resource: Resource, operation: OperationInfo): string {
  const made = madeFields(deps, resource, operation);
  const always = made.filter((field) => !field.sent).map((field) => field.name);
  const leftOut = made.filter((field) => field.sent).map((field) => field.name);
  return (
    (always.length > 0 ? `, sets ${always.join(', ')}` : '') +
    (leftOut.length > 0
      ? `${always.length > 0 ? ',' : ''} fills ${leftOut.join(', ')} when the body leaves them out`
      : '')
  );
}

/** What kind of key `newKey` makes for `resource`, for the start's listing. */
export function newKeyKind(resource: Resource): string {
  const { keyField } = resource.collection;
  const keySchema = resource.shape.properties.get(keyField) ?? {};
  if (howMade(keyField, keySchema).kind === 'slug') return 'slug';
  return typeof keySchema.pattern === 'string' ? 'key drawn from its pattern' : 'UUID';
}

/** The fields that name an object another record is: Asana's gid, else id. */
const KEY_NAMES = ['gid', 'id'];

/** The key a body names another record by: the value itself, or the key field of an object sent (Box's `{"user": {"id": "42"}}`). */
function sentKeyOf(sent: unknown): unknown {
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return sent;
  return KEY_NAMES.map((name) => ownValue(sent, name)).find((value) => value !== undefined);
}

/**
 * An object the server makes for a field the body sent as the key of what it names (Asana's
 * parent: "1234" sent, {"gid": "1234", ...} answered; Box's exemption: {"id": "42"} sent, a user
 * answered): the drawn object, named by that key.
 */
function withSentKey(drawn: unknown, schema: JsonObject, given: unknown): unknown {
  if (typeof drawn !== 'object' || drawn === null || Array.isArray(drawn)) return drawn;
  const sent = sentKeyOf(given);
  if (typeof sent !== 'string' && typeof sent !== 'number') return drawn;
  const properties = asObject(schema.properties);
  const key = KEY_NAMES.find((name) => name in properties);
  if (key === undefined) return drawn;
  const type = asObject(properties[key]).type;
  const value = type === 'integer' || type === 'number' ? Number(sent) : String(sent);
  if (typeof value === 'number' && !Number.isFinite(value)) return drawn;
  return { ...drawn, [key]: value };
}

/** How many keys of a pattern are drawn before one drawn is lengthened (a pattern of few values). */
const KEY_ATTEMPTS = 8;
/** How many more rounds of draws, each seeded apart, before a UUID is given instead. */
const KEY_ROUNDS = 64;

/**
 * A key drawn from `keySchema`'s pattern that no record has, seeded by `label` (a create's body:
 * the same body, the same key). Where the first draws are taken, one of them lengthened within the
 * pattern (psc_E2), else draws seeded apart: creates of one body drew the same eight keys, and a
 * pattern of fixed length (PN and 32 hex digits) then got a UUID that broke it.
 */
async function keyOfPattern(
  deps: HandlerDependencies,
  label: string,
  keySchema: JsonObject,
  pattern: string,
  keyField: string,
  taken: (key: RecordKey) => Promise<boolean>,
): Promise<string | undefined> {
  for (let round = 0; round < KEY_ROUNDS; round += 1) {
    const fake = await loadSchemaFaker(deps.contract.document, deps.seed, round === 0 ? label : `${label} ${round}`);
    let drawn: unknown;
    for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt += 1) {
      drawn = fake(keySchema, keyField);
      if (typeof drawn !== 'string') continue;
      const key = withRandomTail(drawn, pattern, maxLengthOf(keySchema));
      if (!(await taken(key))) return key;
    }
    if (round === 0 && typeof drawn === 'string')
      for (const key of lengthenedKeys(drawn, pattern, maxLengthOf(keySchema))) if (!(await taken(key))) return key;
  }
  return undefined;
}

const maxLengthOf = (schema: JsonObject) => (typeof schema.maxLength === 'number' ? schema.maxLength : 80);

/**
 * The schema a new key must fit: its field's, with the bounds the item path's parameter adds where
 * the field gives none (Adyen's SCA device: an id of any text, read at /scaDevices/{deviceId} of
 * exactly 30 characters).
 */
function keySchemaOf(resource: Resource): JsonObject {
  const own = resource.shape.properties.get(resource.collection.keyField) ?? {};
  const parameter = resource.keyParameterSchema;
  const bounds = Object.fromEntries(
    ['pattern', 'minLength', 'maxLength'].flatMap((word) =>
      own[word] === undefined && parameter?.[word] !== undefined ? [[word, parameter[word]]] : [],
    ),
  );
  return { ...own, ...bounds };
}

/** A text of digits no record has: a key a path parameter of integers names. */
async function digitKey(taken: (key: RecordKey) => Promise<boolean>): Promise<string> {
  for (;;) {
    const key = String(randomInt(1, 2 ** 31 - 1));
    if (!(await taken(key))) return key;
  }
}

/** A UUID where the key's lengths take one, else hex digits of a length they take. */
function keyOfLength(schema: JsonObject): string {
  const uuid = randomUUID();
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = maxLengthOf(schema);
  if (uuid.length >= min && uuid.length <= max) return uuid;
  const length = Math.max(min, Math.min(max, uuid.length));
  return randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length);
}

export function createServerFields(
  deps: HandlerDependencies,
  resource: Resource,
  operation: OperationInfo,
): ServerFields {
  const { keyField } = resource.collection;
  const fields = madeFields(deps, resource, operation);
  const envelope = bodyEnvelope(deps.contract.document, requestSchema(operation), resource.shape)?.property;
  const updated = fields.filter(({ name, how }) => how.kind === 'time' && isUpdateStamp(name));
  const keptNames = [keyField, ...fields.map(({ name }) => name)];
  const keySchema = keySchemaOf(resource);
  let keyCheck: ((key: string) => boolean) | undefined;
  const keyHow = howMade(keyField, keySchema);
  const pathType = resource.keyParameterSchema?.type;
  const numberedInPath = (pathType === 'integer' || pathType === 'number') && keySchema.pattern === undefined;
  const kindFields = kindFieldsOf(deps.contract.document, resource);
  // A request's own values first: a slug is made from what the body sent.
  const ordered = [...fields].sort((one, other) => Number(one.how.kind === 'slug') - Number(other.how.kind === 'slug'));

  const fits = createAnswerFit(
    deps.contract,
    new Map(fields.flatMap(({ name, answers }) => (answers ? [[name, answers] as const] : []))),
  );
  const bodyOf = (req: Request) =>
    envelope === undefined ? asObject(req.body) : asObject(asObject(req.body)[envelope]);
  /** Whether the body's value of a field is kept: sent, and held by the answers as sent. */
  const kept = (body: JsonObject, name: string) => {
    const value = ownValue(body, name);
    return value !== undefined && fits(name, value);
  };

  return {
    owned: fields.filter(({ owned }) => owned).map(({ name }) => name),
    async created(req, sent) {
      const made = await this.onCreate(req);
      const record: Record<string, unknown> = { ...made, ...sent };
      for (const name of [...this.owned, ...this.unfitIn(req)])
        if (Object.hasOwn(made, name)) setOwn(record, name, made[name]);
      return record;
    },
    unfitIn(req) {
      const body = bodyOf(req);
      return fields
        .filter(({ name, answers }) => answers !== undefined && ownValue(body, name) !== undefined && !kept(body, name))
        .map(({ name }) => name);
    },
    async onCreate(req) {
      const nowMs = deps.clock.nowMs();
      const body = bodyOf(req);
      const record: Record<string, unknown> = {};
      let fake: ((schema: unknown, name: string) => unknown) | undefined;
      const make = async (name: string, schema: JsonObject, how: MadeValue) => {
        if (how.kind === 'time') setOwn(record, name, timeValue(how.as, nowMs));
        else if (how.kind === 'declared') setOwn(record, name, how.value);
        else if (how.kind === 'empty') setOwn(record, name, []);
        else {
          const source = how.kind === 'slug' ? slugSource({ ...body, ...record }, how.from) : undefined;
          if (source !== undefined) setOwn(record, name, slugify(source, maxLengthOf(schema)));
          else {
            fake ??= await loadSchemaFaker(
              deps.contract.document,
              deps.seed,
              `${resource.name} ${JSON.stringify(req.body)}`,
            );
            setOwn(record, name, withSentKey(fake(schema, name), schema, ownValue(body, name)));
          }
        }
      };
      for (const { name, schema, how, sent } of ordered) {
        if (sent && kept(body, name)) continue;
        await make(name, schema, how);
      }
      // A record of several kinds: the fields of the kind its body is, and none of another's.
      const ofKind = kindFields?.(body, record);
      for (const name of ofKind?.foreign ?? []) delete record[name];
      for (const [name, schema] of ofKind?.toMake ?? []) await make(name, schema, howMade(name, schema));
      return record;
    },
    onUpdate() {
      const nowMs = deps.clock.nowMs();
      return Object.fromEntries(
        updated.map(({ name, how }) => [name, timeValue((how as Extract<MadeValue, { kind: 'time' }>).as, nowMs)]),
      );
    },
    kept: (existing) =>
      Object.fromEntries(
        keptNames
          .filter((name) => ownValue(existing, name) !== undefined)
          .map((name) => [name, ownValue(existing, name)]),
      ),
    ownedOnChange(existing, sent, changed) {
      const record: Record<string, unknown> = { ...changed };
      for (const { name, schema, owned, answers } of fields) {
        if (ownValue(sent, name) === undefined || !(owned || (answers !== undefined && !kept(sent, name)))) continue;
        const held = ownValue(existing, name);
        if (held === undefined) delete record[name];
        else setOwn(record, name, withSentKey(held, schema, ownValue(sent, name)));
      }
      return record;
    },
    sentKeyAnswered(sent) {
      const pattern = keySchema.pattern;
      if (typeof pattern !== 'string') return sent;
      // The key's schema as the answers' check reads it (its pattern in linear time, its lengths).
      keyCheck ??= compiledInContract(deps.contract, keySchema) ?? (() => true);
      const fits = (key: string) => keyCheck?.(key) === true;
      if (fits(sent)) return sent;
      const prefixed = `${leadingTextOf(pattern)}${sent}`;
      return prefixed !== sent && fits(prefixed) ? prefixed : undefined;
    },
    async newKey(record, taken) {
      const source = keyHow.kind === 'slug' ? slugSource(record, keyHow.from) : undefined;
      if (source !== undefined) return freeSlug(source, (slug) => taken(slug), maxLengthOf(keySchema));
      // A key of a pattern (adr_..., SM and 32 hex digits) is drawn from it; a UUID fits any other.
      if (typeof keySchema.pattern === 'string') {
        // Drawn afresh for each create, as a UUID is: no key is made twice, so a deleted record's
        // key never comes back for a record made after it (of the same body, too).
        const drawn = await keyOfPattern(
          deps,
          `${resource.name} key ${randomUUID()}`,
          keySchema,
          keySchema.pattern,
          keyField,
          taken,
        );
        if (drawn !== undefined) return drawn;
      }
      // A text key its item path reads as a number (Sentry's dashboards: an `id` of type string
      // at /dashboards/{dashboard_id} of integers) is written in digits, or no path could name it.
      if (numberedInPath) return digitKey(taken);
      return keyOfLength(keySchema);
    },
  };
}
