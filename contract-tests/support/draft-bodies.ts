// Bodies the suite writes by hand for the operations it was written for, sent to a draft that asks
// more of them: each required property a hand-written body lacks takes a valid value drawn from the
// draft's schema, so that a check keeps its purpose when a draft adds a required field.

import { isOfJsonType } from '../../src/openapi/json-value-type.js';
import { matcherOf } from '../../src/openapi/patterns/pattern-matchers.js';
import {
  BUILT_IN_OPERATION_IDS,
  CHECKING_A_DRAFT,
  CHECKING_PET_STORE_DRAFT,
  listOperations,
  NOT_THE_PET_STORE,
  resolve,
  type SpecOperation,
} from './contract-spec.js';
import { fittedText, flatten, textFits, uniqueText, validValue } from './requests.js';
import { answersNarrowing, shapeOf } from './resources.js';

// biome-ignore lint/suspicious/noExplicitAny: schemas are arbitrary JSON until flattened
type Json = any;
type Schema = Parameters<typeof textFits>[0];

import { CheckSkipped } from './scheduler.js';

/** Whether `path` (after the base URL, maybe with a query) is one of the operation's path template. */
export function pathMatches(operation: SpecOperation, path: string): boolean {
  const escaped = operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/?]+');
  // Matched in linear time: a template with adjacent parameters ({a}{b}) would make V8 backtrack.
  return matcherOf(`^${escaped}(\\?|$)`).test(path);
}

/** The operation a request goes to, by its method and path. */
export function operationAt(method: string, path: string): SpecOperation | undefined {
  return listOperations().find(
    (operation) => operation.method === method.toLowerCase() && pathMatches(operation, path),
  );
}

/**
 * The operation a set-up step sends to; a draft without it (no createPet, say) skips the checks
 * that need the step's data, saying so, instead of failing them all.
 */
export function setUpOperation(method: string, path: string): SpecOperation {
  const operation = operationAt(method, path);
  if (!CHECKING_PET_STORE_DRAFT) throw new CheckSkipped(NOT_THE_PET_STORE);
  if (!operation)
    throw new CheckSkipped(
      `the suite makes its data with ${method.toUpperCase()} ${path.replace(/\/\d+/g, '/{id}')}, which the contract checked does not have`,
    );
  return operation;
}

/**
 * A hand-written body for `operation`, with the properties a draft requires and it lacks, and
 * each text the draft narrows (a pattern, a shorter maxLength) made to fit it.
 */
export function completedBody(operation: SpecOperation | undefined, json: unknown): unknown {
  if (!CHECKING_A_DRAFT || !operation?.requestSchema || !BUILT_IN_OPERATION_IDS.has(operation.operationId)) return json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const schema = flatten(operation.requestSchema);
  const missing = ((schema.required ?? []) as string[]).filter((name) => !Object.hasOwn(json, name));
  const added = missing.map((name) => [name, validValue(schema.properties?.[name] ?? {}, name, {})]);
  const fitted = answerFitted(operation, json);
  if (added.length === 0) return fitted;
  return { ...(fitted as object), ...Object.fromEntries(added) };
}

/**
 * For a check whose rule is about the very texts it writes (a name, then the same name in
 * another case): skipped, saying so, where the draft's schemas refuse one of them, since a text
 * drawn in its place (completedBody) would not keep the rule's meaning.
 */
export function requireTextsKept(operationId: string, bodies: readonly Record<string, unknown>[]): void {
  for (const body of bodies) {
    const [name, text] = refusedText(operationId, body) ?? [];
    if (name !== undefined)
      throw new CheckSkipped(
        `the contract's schemas refuse the ${name} it writes (${JSON.stringify(text)}), and its rule is about that very text: one drawn in its place would not keep it`,
      );
  }
}

/**
 * The first field of a hand-written body that the suite would send otherwise than written to the
 * built-in operation `operationId` (its text drawn for a draft: completedBody), with the text
 * written; undefined where every field is sent as written.
 */
export function refusedText(operationId: string, body: Record<string, unknown>): [string, unknown] | undefined {
  const operation = listOperations().find((candidate) => candidate.operationId === operationId);
  if (!CHECKING_A_DRAFT || !operation?.requestSchema || !BUILT_IN_OPERATION_IDS.has(operationId)) return undefined;
  const schema = flatten(operation.requestSchema);
  return Object.entries(body).find(
    ([name, value]) => fittedValue(schema.properties?.[name], value, answeredSchemas(operation, name), false) !== value,
  );
}

/**
 * `json` with each text property the operation's request or its answers narrow (a pattern, a
 * shorter maxLength) made to fit them: a value the answers refuse is one a server must refuse.
 */
export function answerFitted(operation: SpecOperation, json: unknown): unknown {
  if (!operation.requestSchema || !isFields(json)) return json;
  const body = flatten(operation.requestSchema);
  // The record inside its envelope, where the body sends one (Lago's {"event": {...}}).
  const envelope = shapeOf(operation.operationId)?.envelope?.request;
  const inner = envelope === undefined ? undefined : json[envelope];
  if (envelope === undefined || !isFields(inner)) return fittedFields(operation, body, json);
  const fitted = fittedFields(operation, flatten(body.properties?.[envelope] ?? {}), inner);
  return fitted === inner ? json : { ...json, [envelope]: fitted };
}

const isFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fittedFields(
  operation: SpecOperation,
  schema: Schema,
  json: Record<string, unknown>,
): Record<string, unknown> {
  const narrowing = answersNarrowing(operation);
  const fitted = Object.entries(json).map(([name, value]): [string, unknown] => [
    name,
    ofAnswersType(narrowing.get(name), fittedValue(schema.properties?.[name], value, answeredSchemas(operation, name))),
  ]);
  if (fitted.every(([name, value]) => json[name] === value)) return json;
  return Object.fromEntries(fitted);
}

/** `value`, or one drawn of the one type its record's answers hold the field in, where it is of another (withAnswersType). */
function ofAnswersType(answers: readonly unknown[] | undefined, value: unknown): unknown {
  const answer = answers === undefined || value === null ? undefined : answersOwn(answers);
  if (answer?.type === undefined || isOfJsonType(value, answer.type)) return value;
  return validValue(answer, 'body', {});
}

/** The one schema of the answers' schemas of a field, where all name one type and the same: undefined where they do not. */
function answersOwn(answers: readonly unknown[]): Schema | undefined {
  const flat = answers.map((answer) => flatten(answer));
  const [first] = flat;
  if (typeof first?.type !== 'string' || flat.some((answer) => answer.type !== first.type)) return undefined;
  // What a value is, not what an answer adds: readOnly is the answers'.
  const { readOnly: _answered, ...answer } = flatten({ allOf: flat });
  return answer;
}

/**
 * The longest a text property of an operation's body may be: `longest` (what the built-in
 * contract allows), or less where a draft's maxLength says so.
 */
export function longestText(method: string, path: string, property: string, longest: number): number {
  const operation = operationAt(method, path);
  if (!CHECKING_A_DRAFT || !operation?.requestSchema) return longest;
  const maxLength = flatten(flatten(operation.requestSchema).properties?.[property] ?? {}).maxLength;
  return typeof maxLength === 'number' && maxLength >= 0 ? Math.min(longest, maxLength) : longest;
}

/**
 * The schemas the operation's success answers declare its record's property `name` by: a draft may
 * narrow them where it leaves the request as it was (a pattern on Category.name, none on
 * NewCategory.name), and a set-up value the answers refuse is one a server must refuse too.
 */
function answeredSchemas(operation: SpecOperation, name: string): Schema[] {
  // And those the record's other answers declare where they narrow it (Listmonk's campaign read
  // lists the content types its create's body takes any text of), as the mock refuses them.
  const others = (answersNarrowing(operation).get(name) ?? []).map((schema) => flatten(schema));
  return Object.entries<Json>(operation.raw.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([, response]) => {
      const schema = resolve(resolve(response)?.content?.['application/json']?.schema);
      if (!schema) return [];
      const record = flatten(schema);
      const property = (record.type === 'array' ? flatten(record.items ?? {}) : record).properties?.[name];
      return property === undefined ? [] : [flatten(property)];
    })
    .concat(others);
}

const narrowedSchemas = new WeakMap<SpecOperation, unknown>();

/**
 * The operation's request schema with each text property narrowed to what its success answers
 * take too (a draft's pattern on Category.name, none on NewCategory.name): a body generated from
 * it is one a server can store and answer with. The schema itself where the answers narrow none.
 */
export function answerNarrowedSchema(operation: SpecOperation): unknown {
  const raw = operation.requestSchema;
  if (raw === undefined || narrowedSchemas.has(operation)) return narrowedSchemas.get(operation) ?? raw;
  const schema = flatten(raw);
  let narrowed = false;
  const properties = Object.entries<Json>(schema.properties ?? {}).map(([name, property]): [string, unknown] => {
    const text = flatten(property);
    const list = text.type === 'array' ? answerNarrowedList(text, answeredSchemas(operation, name)) : undefined;
    if (list !== undefined) {
      narrowed = true;
      return [name, list];
    }
    const answered = answeredSchemas(operation, name).filter(
      (answer) => answer.type === undefined || answer.type === 'string',
    );
    if (text.type !== 'string' || answered.every((answer) => narrowsNothing(text, answer))) return [name, property];
    narrowed = true;
    const { minLength, maxLength, pattern, enum: listed, format } = answered.reduce(bothTexts, text);
    // Only what a text is: the answer's other keywords (a readOnly, a description) are not the request's.
    return [
      name,
      {
        ...text,
        minLength,
        ...(maxLength === undefined ? {} : { maxLength }),
        ...(pattern === undefined ? {} : { pattern }),
        ...(listed === undefined ? {} : { enum: listed }),
        ...(format === undefined ? {} : { format }),
      },
    ];
  });
  // Made once per operation: generated values are cached by their schema's identity.
  const made = withAnswersType(
    operation,
    withKeyNamed(operation, narrowed ? { ...schema, properties: Object.fromEntries(properties) } : raw),
  );
  narrowedSchemas.set(operation, made);
  return made;
}

/** `schema` with the record it sends (inside its envelope, where it has one) as `change` makes it. */
function inRecord(operation: SpecOperation, schema: unknown, change: (record: Schema) => Schema): unknown {
  const envelope = shapeOf(operation.operationId)?.envelope?.request;
  const body = flatten(schema);
  const record = envelope === undefined ? body : flatten(body.properties?.[envelope] ?? {});
  const changed = change(record);
  if (changed === record) return schema;
  return envelope === undefined ? changed : { ...body, properties: { ...body.properties, [envelope]: changed } };
}

/**
 * A create's body schema with the record's key, where the body sends it as text, at least one
 * character long: a path names the record by it, and no path segment is empty (Lago's tax code,
 * drawn as "", read back at GET /taxes/, the list).
 */
function withKeyNamed(operation: SpecOperation, schema: unknown): unknown {
  const shape = shapeOf(operation.operationId);
  if (shape?.kind !== 'create') return schema;
  const key = shape.resource.collection.keyField;
  return inRecord(operation, schema, (record) => {
    const sent = record.properties?.[key];
    const text = sent === undefined ? undefined : flatten(sent);
    if (text === undefined || text.type !== 'string' || (text.minLength ?? 0) > 0) return record;
    return { ...record, properties: { ...record.properties, [key]: { ...text, minLength: 1 } } };
  });
}

/**
 * A field the request takes of several types and the answers of one (Lago's event timestamp: an
 * integer or a text sent, a date-time answered), drawn as the answers hold it: the mock refuses
 * the others (answer-narrowing.ts), as must any server that answers what it stores.
 */
function withAnswersType(operation: SpecOperation, schema: unknown): unknown {
  const narrowing = answersNarrowing(operation);
  if (narrowing.size === 0) return schema;
  return inRecord(operation, schema, (record) => {
    const taken: Array<[string, Schema]> = [];
    for (const [name, answers] of narrowing) {
      const sent = record.properties?.[name];
      const answer = sent === undefined || typeof flatten(sent).type === 'string' ? undefined : answersOwn(answers);
      if (answer !== undefined) taken.push([name, answer]);
    }
    if (taken.length === 0) return record;
    return { ...record, properties: { ...record.properties, ...Object.fromEntries(taken) } };
  });
}

/**
 * `body` with each text its answers narrow (answerNarrowedSchema) drawn afresh: a text drawn
 * before met one the server holds (a 409). `body` itself where no text of it is drawn.
 */
export function textsDrawnAgain(operation: SpecOperation, body: Record<string, unknown>): Record<string, unknown> {
  const narrowed = answerNarrowedSchema(operation);
  if (narrowed === operation.requestSchema) return body;
  const properties = flatten(narrowed).properties ?? {};
  const drawn = Object.entries(body).map(([name, value]): [string, unknown] =>
    typeof value === 'string' && properties[name]?.pattern !== undefined
      ? [name, fittedText(properties[name], uniqueText(`contract-${name}`))]
      : [name, value],
  );
  return drawn.every(([name, value]) => body[name] === value) ? body : Object.fromEntries(drawn);
}

/** Whether an answer's text schema takes every text the request's does (by lengths and pattern). */
function narrowsNothing(request: Schema, answer: Schema): boolean {
  return (
    (answer.minLength ?? 0) <= (request.minLength ?? 0) &&
    (answer.maxLength === undefined || answer.maxLength >= (request.maxLength ?? Number.POSITIVE_INFINITY)) &&
    (answer.pattern === undefined || answer.pattern === request.pattern) &&
    (answer.format === undefined || answer.format === request.format) &&
    (!Array.isArray(answer.enum) ||
      (Array.isArray(request.enum) && request.enum.every((value: unknown) => answer.enum?.includes(value))))
  );
}

/**
 * A list schema with what its answers add to it (Clerk's default_scopes: `uniqueItems` answered,
 * not sent); undefined where they add nothing.
 */
function answerNarrowedList(list: Schema, answered: readonly Schema[]): Schema | undefined {
  const lists = answered.filter((answer) => answer.type === 'array');
  const unique = list.uniqueItems !== true && lists.some((answer) => answer.uniqueItems === true);
  const lowest = lists.reduce((most, answer) => Math.max(most, answer.minItems ?? 0), list.minItems ?? 0);
  const highest = lists.reduce(
    (least, answer) => Math.min(least, answer.maxItems ?? Number.POSITIVE_INFINITY),
    list.maxItems ?? Number.POSITIVE_INFINITY,
  );
  const items = flatten(list.items ?? {});
  const answeredItems = lists
    .map((answer) => flatten(answer.items ?? {}))
    .filter((item) => item.type === undefined || item.type === 'string');
  const narrowedItems =
    items.type === 'string' && answeredItems.some((item) => !narrowsNothing(items, item))
      ? answeredItems.reduce(bothTexts, items)
      : undefined;
  if (
    !unique &&
    narrowedItems === undefined &&
    lowest === (list.minItems ?? 0) &&
    highest === (list.maxItems ?? Number.POSITIVE_INFINITY)
  )
    return undefined;
  return {
    ...list,
    ...(narrowedItems === undefined ? {} : { items: narrowedItems }),
    ...(unique ? { uniqueItems: true } : {}),
    minItems: lowest,
    ...(Number.isFinite(highest) ? { maxItems: highest } : {}),
  };
}

/**
 * A list made to fit what its answers take: its texts fitted to the items they answer (Clerk's
 * domains_enrollment_modes: an enum), each once where an answer holds each item once.
 */
function fittedList(propertySchema: unknown, value: readonly unknown[], answered: readonly Schema[]): unknown {
  const lists = answered.filter((answer) => answer.type === 'array');
  if (lists.length === 0) return value;
  const itemSchema = flatten(flatten(propertySchema ?? {}).items ?? {});
  const answeredItems = lists.map((answer) => flatten(answer.items ?? {}));
  const fitted = value.map((item) => fittedValue(itemSchema, item, answeredItems));
  const unique = lists.some((answer) => answer.uniqueItems === true);
  const kept = unique ? [...new Map(fitted.map((item) => [JSON.stringify(item), item])).values()] : fitted;
  return kept.length === value.length && kept.every((item, at) => item === value[at]) ? value : kept;
}

/** The values two enums both list, where either lists some. */
function listedByBoth(one: unknown, other: unknown): { enum?: unknown[] } {
  if (!Array.isArray(one)) return Array.isArray(other) ? { enum: other } : {};
  return Array.isArray(other) ? { enum: one.filter((value) => other.includes(value)) } : { enum: one };
}

/** A text schema of what both `one` and `other` take, where they say it by lengths, one pattern and their enums. */
function bothTexts(one: Schema, other: Schema): Schema {
  const lowest = Math.max(one.minLength ?? 0, other.minLength ?? 0);
  const highest = Math.min(one.maxLength ?? Number.POSITIVE_INFINITY, other.maxLength ?? Number.POSITIVE_INFINITY);
  return {
    ...one,
    ...other,
    minLength: lowest,
    ...(Number.isFinite(highest) ? { maxLength: highest } : {}),
    ...(typeof (other.pattern ?? one.pattern) === 'string' ? { pattern: other.pattern ?? one.pattern } : {}),
    ...listedByBoth(one.enum, other.enum),
  };
}

/**
 * `value` if it is no text or its schema (and its answers') take it; else the text made to fit
 * them, or (where `draw` is false, to ask without drawing) undefined.
 */
function fittedValue(propertySchema: unknown, value: unknown, answered: readonly Schema[] = [], draw = true): unknown {
  if (Array.isArray(value)) return fittedList(propertySchema, value, answered);
  if (typeof value !== 'string' || typeof propertySchema !== 'object' || propertySchema === null) return value;
  const schema = flatten(propertySchema);
  if (schema.type !== undefined && schema.type !== 'string') return value;
  const texts = answered.filter((answer) => answer.type === undefined || answer.type === 'string');
  const takenByAll = (text: string) => textFits(schema, text) && texts.every((answer) => textFits(answer, text));
  if (takenByAll(value)) return value;
  if (!draw) return undefined;
  const fitted = textFits(schema, value) ? value : fittedText(schema, value);
  if (takenByAll(fitted)) return fitted;
  const both = fittedText(texts.reduce(bothTexts, schema), value);
  // Where no text is taken by both, the request's own is sent: a server then refuses it, rightly.
  return takenByAll(both) ? both : fitted;
}
