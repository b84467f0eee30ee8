// Where what a write left is read back: the GET of the resource it made, changed or deleted
// (the successor of a deprecated one), at the path of the write's own ids or of the id it answered.
import { linearExec } from '../../src/openapi/patterns/pattern-matchers.js';
import { listOperations, resolve, type SpecOperation } from './contract-spec.js';
import type { Exchange } from './exchange.js';
import { isList } from './list-semantics.js';
import { requireKeyTaken } from './requests.js';
import { idOf, recordIn, shapeOf, writesRecord } from './resources.js';
import { contractTarget } from './target.js';

type Fields = Record<string, unknown>;

const schemaRef = (operation: SpecOperation, status: string): string | undefined => {
  const schema = resolve(operation.raw.responses?.[status])?.content?.['application/json']?.schema;
  return typeof schema?.$ref === 'string' ? schema.$ref : undefined;
};

const pathParameterNames = (operation: SpecOperation) =>
  (operation.parameters as Array<{ name: string; in: string }>)
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => parameter.name);

/**
 * The GET that reads what `operation` wrote, answering the same schema: the record's own path,
 * its parents' ids among the write's and its own last (a create's: one id more than the write's;
 * a replace's or merge's: as many), a delete's (and a change's that answers no record) the GET
 * of the same path; the successor of a deprecated one. None for a write the contract's model
 * reads as no write of a record (Qdrant's PUT /quotas answers a receipt, its DELETE /issues
 * clears a report): what it changed, the contract does not say.
 */
export function readOperationFor(operation: SpecOperation): SpecOperation | undefined {
  if (!writesRecord(operation.operationId) && shapeOf(operation.operationId)?.kind !== 'delete') return undefined;
  const operations = listOperations();
  const successorOf = (candidate: SpecOperation | undefined) => {
    const successor = candidate?.deprecated ? candidate.raw['x-deprecation']?.successor : undefined;
    return successor ? operations.find((other) => other.operationId === successor) : candidate;
  };
  const samePath = () =>
    successorOf(operations.find((other) => other.method === 'get' && other.path === operation.path));
  const listsItems = (read: SpecOperation | undefined) =>
    read !== undefined && (isList(read) || shapeOf(read.operationId)?.kind === 'list');
  // A delete of a list's path (DELETE /me/tracks?ids=) removes some of its items: the list stays.
  if (operation.method === 'delete') {
    const read = samePath();
    // A delete that names no record (Listmonk's DELETE /import/subscribers stops the import) leaves
    // its path readable, unless the read says it may be gone (a 404).
    const mayBeGone = read?.declaredStatuses.some((status) => ['404', '4XX', 'default'].includes(status));
    const namesNone = !operation.path.includes('{');
    return listsItems(read) || (namesNone && !mayBeGone) ? undefined : read;
  }
  const status = operation.declaredStatuses.find(
    (candidate) => /^2/.test(candidate) && schemaRef(operation, candidate),
  );
  const ref = status ? schemaRef(operation, status) : undefined;
  // A change that answers no record (204) is read back where it wrote, as a delete is; not a
  // change of a whole list (Overseerr's PUT /user, Coolify's PATCH /security/keys): which of its
  // items it changed, the answer does not say.
  if (!ref) {
    const read = operation.method === 'put' || operation.method === 'patch' ? samePath() : undefined;
    return listsItems(read) ? undefined : read;
  }
  const own = pathParameterNames(operation);
  const parents = new Set(own);
  return operations.find((other) => {
    if (other.method !== 'get' || other.deprecated || schemaRef(other, '200') !== ref) return false;
    const names = pathParameterNames(other);
    // A create's record is read below its own path (POST /pets, GET /pets/{petId}): an action
    // that answers a record of the kind (Overseerr's POST /auth/local, a User) made none there.
    // Or where the mock's model of the contract reads both as one resource's (Docker's POST
    // /containers/create, GET /containers/{id}/json).
    const made = shapeOf(operation.operationId);
    const below =
      operation.method !== 'post' ||
      other.path.startsWith(`${operation.path}/`) ||
      (made?.kind === 'create' && made.resource === shapeOf(other.operationId)?.resource);
    return (
      below &&
      names.length === own.length + (operation.method === 'post' ? 1 : 0) &&
      names.slice(0, -1).every((name) => parents.has(name))
    );
  });
}

/** The values of a path template's parameters in `path` (under the base URL), by name; undefined when it does not match. */
export function templateValues(template: string, path: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template.replace(/\{([^}]+)\}|[^{]+/g, (part, name?: string) => {
    if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name);
    return '([^/]+)';
  });
  // Matched in linear time: a template with adjacent parameters ({a}{b}) would make V8 backtrack.
  const match = linearExec(`^${pattern}$`).exec(path.replace(/[?#].*$/, ''));
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]));
}

/** The values of `operation`'s path parameters in a URL sent to it, by name; {} when it does not match. */
export function pathIdsSent(operation: SpecOperation, url: string): Record<string, string> {
  const path = pathUnderBase(url);
  return (path === undefined ? undefined : templateValues(operation.path, path)) ?? {};
}

/**
 * The path of the read of what `write` left, answered by `written`: each of the read's parameters
 * as the write's path had it, by name; the item's own (the read's last), whatever its name, from
 * the write's item (a change or a delete of it) or from the id the write answered (a create).
 */
export function readPath(read: SpecOperation, write: SpecOperation, written: Exchange): string {
  const sent = pathIdsSent(write, written.url);
  const writeNames = pathParameterNames(write);
  const readNames = pathParameterNames(read);
  const item = readNames.at(-1);
  // The record itself, inside the envelope its write answers it in (Dropbox Sign's {fax, warnings}).
  const inner = recordIn(write.operationId, written.body);
  const answer = (typeof inner === 'object' && inner !== null ? inner : (written.body ?? {})) as Fields;
  const itemId =
    writeNames.length === readNames.length
      ? idOf(sent, writeNames.at(-1) ?? '')
      : (answer[shapeOf(write.operationId)?.resource.collection.keyField ?? 'id'] ??
        answer.id ??
        (item === undefined ? undefined : answer[item]));
  // By name in a Map: a parameter named __proto__ is a name like any other.
  const ids = new Map(readNames.map((name) => [name, idOf(sent, name) ?? (name === item ? itemId : undefined)]));
  for (const [name, id] of ids) if (typeof id === 'string' || typeof id === 'number') requireKeyTaken(read, name, id);
  return read.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(String(ids.get(name))));
}

/** A Location header as a path after the base URL, or undefined when it points elsewhere. */
export function locationPath(exchange: Exchange): string | undefined {
  const location = exchange.headers.location;
  return location === undefined ? undefined : pathUnderBase(location);
}

/** A URL (absolute, or relative to the base URL) as a path after the base URL, or undefined when it points elsewhere. */
export function pathUnderBase(url: string): string | undefined {
  const base = new URL(`${contractTarget().baseUrl}/`);
  const resolved = new URL(url, base);
  if (resolved.origin !== base.origin || !resolved.pathname.startsWith(base.pathname)) return undefined;
  return `/${resolved.pathname.slice(base.pathname.length)}${resolved.search}`;
}
