// Bodies the suite writes by hand for the operations it was written for, sent to a draft that asks
// more of them: each required property a hand-written body lacks takes a valid value drawn from the
// draft's schema, so that a check keeps its purpose when a draft adds a required field.

import { matcherOf } from '../../src/openapi/patterns/pattern-matchers.js';
import {
  BUILT_IN_OPERATION_IDS,
  CHECKING_A_DRAFT,
  CHECKING_PET_STORE_DRAFT,
  listOperations,
  NOT_THE_PET_STORE,
  type SpecOperation,
} from './contract-spec.js';
import { fittedText, flatten, textFits, validValue } from './requests.js';
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
  const fitted = Object.entries(json).map(([name, value]): [string, unknown] => [
    name,
    fittedValue(schema.properties?.[name], value),
  ]);
  if (added.length === 0 && fitted.every(([name, value]) => (json as Record<string, unknown>)[name] === value))
    return json;
  return Object.fromEntries([...fitted, ...added]);
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

/** `value` if it is no text or its schema takes it; else the text made to fit the schema. */
function fittedValue(propertySchema: unknown, value: unknown): unknown {
  if (typeof value !== 'string' || typeof propertySchema !== 'object' || propertySchema === null) return value;
  const schema = flatten(propertySchema);
  if (schema.type !== undefined && schema.type !== 'string') return value;
  return textFits(schema, value) ? value : fittedText(schema, value);
}
