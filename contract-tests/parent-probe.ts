// Before the first check: a parent that no operation of the contract makes (Twilio's
// {AccountSid}: its accounts are not in the document) and no --set-path gives. A value of the
// parameter's own (its example, else one drawn from its schema) is tried on a read under it and,
// where that read is answered 2xx, used as if given: a mock, or a server that takes any such
// value, has its records made and checked under it. One that refuses it leaves those checks
// skipped, each saying to give one with --set-path.
import { listOperations, type SpecOperation } from './support/contract-spec.js';
import { runnerGet } from './support/credentials.js';
import { pathParameters, validValue } from './support/requests.js';
import { resourcesNamedIn } from './support/resources.js';
import type { ContractTarget } from './support/target.js';

export type FoundPathValue = { name: string; value: string; read: string };

/**
 * Path parameters that name a parent of writes (a create, a change or a delete under it) and no
 * resource, on any path, none given: each with a read whose one path parameter it is.
 */
function unnamedParents(
  given: ReadonlySet<string>,
): Map<string, { parameter: Record<string, unknown>; read: SpecOperation }> {
  const named = new Set<string>();
  const parentsOfWrites = new Set<string>();
  const unnamed = new Map<string, { parameter: Record<string, unknown>; read: SpecOperation }>();
  for (const operation of listOperations()) {
    const parameters = pathParameters(operation);
    for (const parameter of parameters) {
      const name = String(parameter.name);
      if (resourcesNamedIn(operation.path).has(name)) named.add(name);
      // Something follows it in a write's path: records are made or changed under it.
      const end = operation.path.indexOf(`{${name}}`) + name.length + 2;
      if (operation.method !== 'get' && end > name.length + 1 && end < operation.path.length) parentsOfWrites.add(name);
      // A list under it (GET /Accounts/{AccountSid}/Calls.json).
      if (!given.has(name) && operation.method === 'get' && parameters.length === 1 && !unnamed.has(name))
        unnamed.set(name, { parameter, read: operation });
    }
  }
  for (const name of [...unnamed.keys()]) if (named.has(name) || !parentsOfWrites.has(name)) unnamed.delete(name);
  return unnamed;
}

/** The values of such parents a read under them was answered 2xx for. */
export async function probeParents(target: ContractTarget): Promise<FoundPathValue[]> {
  const given = new Set((target.pathValues ?? []).map(({ name }) => name));
  const found: FoundPathValue[] = [];
  for (const [name, { parameter, read }] of unnamedParents(given)) {
    const value = String(parameter.example ?? validValue(parameter.schema ?? {}, name, {}));
    const path = read.path.replace(`{${name}}`, encodeURIComponent(value));
    try {
      const answer = await runnerGet(target, read, path, target.apiKey);
      if (answer.status >= 200 && answer.status < 300) found.push({ name, value, read: `GET ${read.path}` });
    } catch {
      // No answer: the checks under it are skipped, saying why.
    }
  }
  return found;
}

/** The run's start note on each value found: what was used, and how to give one's own. */
export const describeFoundPathValues = (found: readonly FoundPathValue[]) =>
  found.map(
    ({ name, value, read }) =>
      `No --set-path ${name}: the suite makes its records under ${name} ${value}, which ${read} answered 2xx (give your own with --set-path ${name}=VALUE).\n`,
  );
