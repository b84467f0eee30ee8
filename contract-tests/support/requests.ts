// A fixed valid request built from the contract's schemas, for the checks that need one
// request per operation (generated ones are in generation/).

import fc from 'fast-check';
import { textsMatching } from '../../src/fixtures/pattern-writer.js';
import { unionDiscriminator } from '../../src/openapi/discriminator-tags.js';
import { isMultipleOf, multipleAt, multipleCounts } from '../../src/openapi/multiple-of.js';
import { matcherOf } from '../../src/openapi/patterns/pattern-matchers.js';
import { formatAccepts, formattedSample } from '../generation/formats.js';
import {
  drawnSchemaOf,
  flatten,
  foldedFits,
  requiredInRequest,
  taggedBranch,
  withBranch,
  writablePropertiesOf,
} from '../generation/json-schema.js';
import { type NumberBounds, numberBounds } from '../generation/number-bounds.js';

/** Where the fixed values' modules have long found it; it lives beside schemaOf() now. */
export { flatten };

import { schemaFactsOf } from '../../src/openapi/schema-analysis/schema-facts.js';
import { DEEPEST } from '../generation/valid-values.js';
import { branchesMet, listOperations, SPEC, type SpecOperation } from './contract-spec.js';
import {
  clientKeyOf,
  givenPathValues,
  idOf,
  keyParameterOf,
  pathIdsOf,
  recordKeyOf,
  shapeOf,
  whyNoRecord,
} from './resources.js';
import { CheckSkipped } from './scheduler.js';
import { whyUnmade } from './unmade-records.js';

// biome-ignore lint/suspicious/noExplicitAny: schemas are arbitrary JSON
type Schema = any;

/** Ids of existing resources, by the name of the field or parameter that refers to them. */
export type References = Record<string, number | string>;

let counter = 0;
/** This run's own mark: two runs started in the same millisecond still name things apart. */
const RUN_MARK = Math.floor(Math.random() * 36 ** 3)
  .toString(36)
  .padStart(3, '0');
/** A unique text for names, so that runs (even at once) and repeated creates never collide. */
export function uniqueText(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${RUN_MARK}-${counter}`;
}

/**
 * A valid text: of the schema's format where the suite knows it (unique where it leaves room),
 * else unique; one its pattern takes, when the unique text does not match it.
 */
function sampleString(schema: Schema, name: string): string {
  return fittedText(schema, uniqueText(`contract-${name}`), 100);
}

/**
 * `text` made to fit a string schema: of its format where the suite knows it, cut from its start
 * (its unique end kept) to `longest` or the schema's maxLength, padded to its minLength, and
 * drawn from its pattern where the pattern refuses it.
 */
export function fittedText(schema: Schema, text: string, longest = Number.POSITIVE_INFINITY): string {
  // One of the few it lists, where the text is not (an answer's enum the request lacks).
  const listed = Array.isArray(schema.enum) ? schema.enum.filter((value: unknown) => typeof value === 'string') : [];
  if (listed.length > 0 && !listed.includes(text)) return listed[0] as string;
  const formatted = formattedSample(schema.format, text, schema);
  if (formatted !== undefined) return formatted;
  const max = schema.maxLength ?? longest;
  const fitted = text.length > max ? text.slice(text.length - max) : text.padEnd(schema.minLength ?? 0, 'x');
  return typeof schema.pattern === 'string' ? (ofPattern(schema.pattern, fitted, schema) ?? fitted) : fitted;
}

/** Whether a string schema takes `text` as it stands: its lengths, pattern and format. */
export function textFits(schema: Schema, text: string): boolean {
  if (Array.isArray(schema.enum) && !schema.enum.includes(text)) return false;
  const length = [...text].length;
  if (length < (schema.minLength ?? 0) || length > (schema.maxLength ?? Number.POSITIVE_INFINITY)) return false;
  if (typeof schema.format === 'string' && !formatAccepts(schema.format, text)) return false;
  if (typeof schema.pattern !== 'string') return true;
  try {
    return matcherOf(schema.pattern).test(text);
  } catch {
    return true;
  }
}

/** How many texts are drawn, in turn, to find one not drawn before. */
const FRESH_DRAWS = [20, 200, 2000];

/** The texts drawn from each pattern this run: a key of a narrow pattern (three capitals) is not drawn twice. */
const drawnOf = new Map<string, Set<string>>();

/**
 * `text` if `pattern` takes it, else a text drawn from the pattern within the schema's lengths,
 * one this run has not drawn before where the pattern leaves room.
 */
function ofPattern(pattern: string, text: string, schema: Schema): string | undefined {
  let matcher: { test(text: string): boolean };
  try {
    // Read and matched as the mock reads it: in linear time, without the u flag where only that reading takes it.
    matcher = matcherOf(pattern);
  } catch {
    return undefined;
  }
  if (matcher.test(text)) return text;
  const [min, max] = [schema.minLength ?? 0, schema.maxLength ?? Number.POSITIVE_INFINITY];
  try {
    const drawn = textsMatching(pattern, min, max);
    if (!drawn) return undefined;
    const seen = drawnOf.get(pattern) ?? new Set<string>();
    drawnOf.set(pattern, seen);
    let samples: string[] = [];
    let fresh: string | undefined;
    // More draws where the first meet texts drawn before: a pattern's short texts, drawn most
    // often, run out long before its longer ones do (^(x+x+)+y$).
    for (const runs of FRESH_DRAWS) {
      samples = fc.sample(drawn, { numRuns: runs });
      fresh = samples.find((candidate) => !seen.has(candidate));
      if (fresh !== undefined) break;
    }
    fresh ??= samples[0];
    if (fresh !== undefined) seen.add(fresh);
    return fresh;
  } catch {
    return undefined;
  }
}

/** Where this run's keys start: far from the ids a server numbers, and from another run's. */
const KEY_OFFSET = Math.floor(Math.random() * 2 ** 40);
let keysGiven = 0;

/** A whole number within the schema's bounds that this run has not sent before. */
function unusedInteger(schema: Schema): number {
  const low =
    typeof schema.exclusiveMinimum === 'number'
      ? Math.floor(schema.exclusiveMinimum) + 1
      : Math.ceil(schema.minimum ?? 1) + (schema.exclusiveMinimum === true ? 1 : 0);
  const high =
    typeof schema.exclusiveMaximum === 'number'
      ? Math.ceil(schema.exclusiveMaximum) - 1
      : Math.floor(schema.maximum ?? Number.MAX_SAFE_INTEGER) - (schema.exclusiveMaximum === true ? 1 : 0);
  keysGiven += 1;
  return low + ((KEY_OFFSET + keysGiven) % Math.max(1, high - low + 1));
}

/** A small whole number within the bounds: 5 where they take it, else the nearest bound to it (1 at least, where they allow). */
function smallNumber(bounds: NumberBounds): number {
  return Math.max(bounds.min ?? Math.min(1, bounds.max ?? 1), Math.min(bounds.max ?? 5, 5));
}

/** `value`, or where the schema steps its numbers, the first multiple from it within the bounds (a step of 0.25 from 0.1: 0.25). */
function stepped(schema: Schema, value: number, bounds: NumberBounds): number {
  const step = schema.multipleOf;
  if (typeof step !== 'number' || !(step > 0) || isMultipleOf(value, step)) return value;
  const counts = multipleCounts(value, bounds.max ?? Number.POSITIVE_INFINITY, step);
  return counts === undefined ? value : multipleAt(counts.low, step);
}

let clientKeys: ReadonlySet<string> | undefined;
/** Whether creates name their records by a field of this name that the client chooses (clientKeyOf). */
function isClientKey(name: string): boolean {
  clientKeys ??= new Set(listOperations().flatMap((operation) => clientKeyOf(operation) ?? []));
  return clientKeys.has(name);
}

/**
 * The branch of a oneOf or anyOf that a value of `raw` is made of, or undefined where it has
 * none: the smallest value's (one that ends, for a recursive schema), with the keywords beside
 * the branches (`type: object`), which a value meets too.
 */
export function madeBranchOf(raw: Schema): Schema | undefined {
  const schema = flatten(raw);
  const branches = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  // The branch of the smallest value (one that ends, for a recursive schema), its tag said.
  const branch = taggedBranch(raw, branches[schemaFactsOf(SPEC).smallest(raw)?.choice.branch ?? 0]);
  // Keywords beside the branches (`type: object`) hold too: a value of both.
  const only = schema.type === undefined && schema.properties === undefined;
  return only ? branch : withBranch(raw, branch);
}

/**
 * The schema a whole body is written by: the branch a value is made of, down through a oneOf of
 * oneOfs; `raw` itself where it has none. A body with the fields of two branches breaks a oneOf.
 */
export function madeSchemaOf(raw: Schema): Schema {
  let schema = raw;
  for (let depth = 0; depth < 8; depth += 1) {
    const branch = madeBranchOf(schema);
    if (branch === undefined) break;
    schema = branch;
  }
  return schema;
}

/**
 * `value`, made of `branch` of a oneOf, with as many of the branch's optional fields as it takes
 * to meet that branch alone: InfluxDB's variable arguments are a query's, a constant's or a
 * map's, none requiring its `type`, so that `{}` meets all three and the oneOf refuses it; with
 * `type: query` it is a query's. Itself where it meets one branch already, or where no field tells.
 */
function aloneInOneOf(
  branches: readonly unknown[],
  branch: Schema,
  value: unknown,
  references: References,
  depth: number,
): unknown {
  const met = branchesMet(branches);
  if (!met || met(value) <= 1) return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw overlapping();
  let current = value as Record<string, unknown>;
  for (const [field, fieldSchema] of writablePropertiesOf(drawnSchemaOf(branch))) {
    if (Object.hasOwn(current, field)) continue;
    const candidate = { ...current, [field]: validValue(fieldSchema, field, references, depth + 1) };
    const count = met(candidate);
    if (count === 1) return candidate;
    // A field that takes the value out of every branch is left out; one that tells none apart is kept.
    if (count > 1) current = candidate;
  }
  // Open branches that take each other's values: no value the suite makes is valid.
  throw overlapping();
}

const overlapping = () =>
  new CheckSkipped(
    'its value meets more than one branch of a oneOf whatever it holds: the branches overlap, and a server that validates refuses it (make it an anyOf, or make the branches exclude each other)',
  );

/**
 * A valid value of an optional field, or undefined where none can be made (no value fits it, its
 * oneOf's branches overlap): a body leaves such a field out.
 */
export function optionalValue(raw: Schema, name: string, references: References): unknown {
  try {
    return validValue(raw, name, references);
  } catch (error) {
    if (error instanceof CheckSkipped) return undefined;
    throw error;
  }
}

/**
 * A valid value for a schema; fields that refer to resources take their ids from `references`.
 * A key a client chooses is one no earlier body sent (text is unique, or drawn afresh from its
 * pattern), so that two creates never ask for one record.
 */
export function validValue(raw: Schema, name: string, references: References, depth = 0): unknown {
  if (depth > DEEPEST) {
    throw new CheckSkipped(`a valid value of ${name} nests more than ${DEEPEST} deep, deeper than the suite makes`);
  }
  // The contract's own fault (the mock names it at start): no request with this value is valid.
  if (depth === 0 && !foldedFits(schemaFactsOf(SPEC), raw)) {
    throw new CheckSkipped(
      `no value fits the schema of ${name} (its bounds or parts exclude each other), so no valid request can be sent`,
    );
  }
  const schema = drawnSchemaOf(raw);
  if (Object.hasOwn(references, name)) return references[name];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const branch = madeBranchOf(raw);
  if (branch !== undefined) {
    const value = validValue(branch, name, references, depth);
    // A discriminated union is told apart by its tag, which the branch made carries.
    return Array.isArray(schema.oneOf) &&
      schema.discriminator === undefined &&
      unionDiscriminator(SPEC, raw) === undefined
      ? aloneInOneOf(schema.oneOf, branch, value, references, depth)
      : value;
  }
  // OpenAPI 3.1's several types (`[string, number]`): a value of the first.
  if (Array.isArray(schema.type) && schema.type.length > 0)
    return validValue({ ...schema, type: schema.type[0] }, name, references, depth);
  switch (schema.type) {
    case 'null':
      return null;
    case 'string':
      return sampleString(schema, name);
    case 'integer':
      if (isClientKey(name)) return unusedInteger(schema);
      return stepped(schema, smallNumber(numberBounds(schema, true)), numberBounds(schema, true));
    case 'number': {
      const bounds = numberBounds(schema, false);
      return stepped(schema, bounds.min ?? Math.min(1, bounds.max ?? 1), bounds);
    }
    case 'boolean':
      return false;
    case 'array': {
      // One item near the top, to show what an item is; as few as minItems asks below, or of
      // items no finite value fits (an array of the schema that holds it).
      const items = schema.items ?? {};
      const count = Math.max(schema.minItems ?? 0, depth < 2 && schemaFactsOf(SPEC).fits(items) ? 1 : 0);
      return Array.from({ length: count }, () => validValue(items, name, references, depth + 1));
    }
    default: {
      // What the server sets (readOnly) is never sent.
      const properties = writablePropertiesOf(schema);
      const required = new Set<string>(requiredInRequest(schema));
      // Required fields, or the first few when none is required but some are needed.
      const chosen =
        required.size > 0
          ? properties.filter(([field]) => required.has(field))
          : properties.slice(0, schema.minProperties ?? 0);
      return Object.fromEntries(
        chosen.map(([field, fieldSchema]) => [field, validValue(fieldSchema, field, references, depth + 1)]),
      );
    }
  }
}

/** A read's path parameter the suite made nothing for: 1, or a valid value of its schema where it takes no number (a UUID). */
function anyValueOf(operation: SpecOperation, name: string): unknown {
  const parameter = operation.parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
  const type = parameter?.schema?.type;
  return parameter?.schema === undefined || type === 'integer' || type === 'number'
    ? 1
    : validValue(parameter.schema, name, {});
}

/** The operation's path with its parameters filled from `references`. */
export function pathOf(
  operation: SpecOperation,
  references: References,
  override: Record<string, string> = {},
): string {
  const filled = pathIdsOf(operation.path, references);
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const id = idOf(override, name) ?? idOf(filled, name);
    // An id given for the request (an invalid one a negative check sends), or by the user
    // (--set-path), is sent as it is: the server's answer says what it makes of it.
    if (id !== undefined && idOf(override, name) === undefined && idOf(givenPathValues(), name) !== id)
      requireKeyTaken(operation, name, id);
    // A write goes only to what the suite made: never to a record of someone else's, by a guess.
    if (id === undefined && operation.method !== 'get')
      throw new CheckSkipped(
        `the suite has no {${name}} of its own for ${operation.operationId} to change: ${whyNoRecord(operation.path, name) ?? `the contract has no operation that makes one (give one with --set-path ${name}=VALUE)`}`,
      );
    return encodeURIComponent(String(id ?? anyValueOf(operation, name)));
  });
}

/**
 * Skips a request whose path would name a record of the suite's by a key its parameter does not
 * take: Swagger's petstore makes orders numbered on, and reads only orders 1 to 10.
 */
export function requireKeyTaken(operation: SpecOperation, name: string, id: string | number): void {
  const parameter = operation.parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
  const schema = flatten(parameter?.schema ?? {});
  const number = Number(id);
  const integer = schema.type === 'integer';
  const { min, max } = numberBounds(schema, integer);
  const taken =
    integer || schema.type === 'number'
      ? Number.isFinite(number) && (min === undefined || number >= min) && (max === undefined || number <= max)
      : schema.type !== 'string' || textFits(schema, String(id));
  if (!taken)
    throw new CheckSkipped(
      `the suite's {${name}}, ${id}, of a record it made, is not one ${operation.operationId} takes (${describeBounds(schema)}): the contract makes records its path cannot name`,
    );
}

const describeBounds = (schema: Schema) =>
  [
    typeof schema.minimum === 'number' ? `at least ${schema.minimum}` : '',
    typeof schema.maximum === 'number' ? `at most ${schema.maximum}` : '',
    typeof schema.pattern === 'string' ? `the pattern ${schema.pattern}` : '',
    typeof schema.format === 'string' ? `the format ${schema.format}` : '',
  ]
    .filter(Boolean)
    .join(', ') || 'its schema';

/**
 * Skips a read whose path names a record the suite has none of (a profile, where the contract
 * makes none the suite can name): any id would be a guess, and a 404 no fault.
 */
export function requireRecordsToRead(operation: SpecOperation, ids: Readonly<Record<string, string | number>>): void {
  const missing = missingRecordOf(operation, ids);
  if (operation.method === 'get' && missing)
    throw new CheckSkipped(
      `the suite has no record for {${missing}} of ${operation.path} to read: ${whyNoRecord(operation.path, missing) ?? `it makes none it can name so (give one with --set-path ${missing}=VALUE)`}`,
    );
}

/** The first path parameter of `operation` that `ids` hold no record for (pathIdsOf), if any. */
export function missingRecordOf(
  operation: SpecOperation,
  ids: Readonly<Record<string, string | number>>,
): string | undefined {
  const filled = pathIdsOf(operation.path, ids);
  return pathParameters(operation)
    .map((parameter) => String(parameter.name))
    .find((name) => !Object.hasOwn(filled, name) || filled[name] === undefined);
}

/** `body` with a key of its own, where `creation` sends the key a client chooses (clientKeyOf). */
export function withOwnClientKey<T>(creation: SpecOperation, body: T): T {
  const key = clientKeyOf(creation);
  if (key === undefined || typeof body !== 'object' || body === null) return body;
  const schema = writablePropertiesOf(flatten(creation.requestSchema ?? {})).find(([field]) => field === key)?.[1];
  return { ...body, [key]: validValue(schema ?? {}, key, {}) };
}

/**
 * `body` naming the record its change is of: the path's, where a replacement's or a merge's body
 * must send the record's key too (its schema requires it); for a change keyed by its body (PUT
 * /pet with the pet's id), the suite's own record of that resource, or none to change: skipped.
 */
export function withPathKey<T>(
  operation: SpecOperation,
  body: T,
  pathIds: Readonly<Record<string, string | number>>,
): T {
  const shape = shapeOf(operation.operationId);
  if (shape?.kind !== 'replace' && shape?.kind !== 'merge') return body;
  const parameter = shape.keyInBody ? keyParameterOf(shape.resource) : shape.keyParam;
  if (parameter === undefined || typeof body !== 'object' || body === null) return body;
  const { keyField } = shape.resource.collection;
  const named = shape.keyInBody
    ? (pathIds[recordKeyOf(shape.resource)] ?? pathIds[parameter])
    : pathIdsOf(operation.path, pathIds)[parameter];
  if (shape.keyInBody && named === undefined)
    throw new CheckSkipped(
      `the suite has no ${shape.resource.noun} of its own for ${operation.operationId} to change (its body names it by ${keyField}): ${whyUnmade(recordKeyOf(shape.resource)) ?? 'the contract has no operation that makes one'}`,
    );
  const required = requiredInRequest(flatten(operation.requestSchema ?? {})).includes(keyField);
  if (named === undefined || !(required || shape.keyInBody)) return body;
  return { ...body, [keyField]: shape.resource.keyType === 'string' ? String(named) : Number(named) };
}

export function pathParameters(operation: SpecOperation): Schema[] {
  return operation.parameters.filter((parameter) => parameter.in === 'path');
}
