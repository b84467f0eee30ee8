// The operation a request of the suite goes to: the one its operationId names, else the one whose
// method and path template match it. Read once per run: every request asks (its credentials and
// its Accept follow the operation).
import { listOperations, type SpecOperation } from './contract-spec.js';

type Matcher = { operation: SpecOperation; path: RegExp };

let byId: Map<string, SpecOperation> | undefined;
let matchers: Matcher[] | undefined;

/** A path template as a pattern of paths after the base URL, with or without a query. */
const templatePattern = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/?]+')}(\\?|$)`);

export function operationOfRequest(method: string, path: string, operationId?: string): SpecOperation | undefined {
  byId ??= new Map(listOperations().map((operation) => [operation.operationId, operation]));
  const named = operationId === undefined ? undefined : byId.get(operationId);
  if (named) return named;
  matchers ??= listOperations().map((operation) => ({ operation, path: templatePattern(operation.path) }));
  const lower = method.toLowerCase();
  // A template without parameters first: /pets/mine before /pets/{petId}.
  const matching = matchers.filter((matcher) => matcher.operation.method === lower && matcher.path.test(path));
  return matching.find((matcher) => !matcher.operation.path.includes('{'))?.operation ?? matching[0]?.operation;
}
