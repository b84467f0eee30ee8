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
import { flatten, validValue } from './requests.js';
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

/** A hand-written body for `operation`, with the properties a draft requires and it lacks. */
export function completedBody(operation: SpecOperation | undefined, json: unknown): unknown {
  if (!CHECKING_A_DRAFT || !operation?.requestSchema || !BUILT_IN_OPERATION_IDS.has(operation.operationId)) return json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const schema = flatten(operation.requestSchema);
  const missing = ((schema.required ?? []) as string[]).filter((name) => !Object.hasOwn(json, name));
  if (missing.length === 0) return json;
  const added = missing.map((name) => [name, validValue(schema.properties?.[name] ?? {}, name, {})]);
  return { ...json, ...Object.fromEntries(added) };
}
