// What a write must answer and keep: every field sent, as sent (date-times as the same instant),
// a default where a field with one was left out, nothing of fields the schema does not have,
// and for a replacement (PUT) nothing of optional fields left out. A read of the resource
// afterwards (its GET, and the Location a create names) gives the same.
import { type JsonSchema, propertiesOf, schemaOf } from '../generation/json-schema.js';
import { listOperations, resolve, type SpecOperation } from './contract-spec.js';
import type { Exchange } from './exchange.js';
import { contractTarget } from './target.js';

type Fields = Record<string, unknown>;

function sameValue(schema: JsonSchema, sent: unknown, answered: unknown): boolean {
  if (schema.format === 'date-time' && typeof sent === 'string' && typeof answered === 'string')
    return Date.parse(sent) === Date.parse(answered);
  return JSON.stringify(sent) === JSON.stringify(answered);
}

/** Problems of a write's answer against the body that was sent. */
export function writtenFieldProblems(operation: SpecOperation, sent: unknown, answered: unknown): string[] {
  if (!operation.requestSchema || typeof sent !== 'object' || sent === null || Array.isArray(sent)) return [];
  if (typeof answered !== 'object' || answered === null) return [];
  const schema = schemaOf(operation.requestSchema);
  const body = sent as Fields;
  const answer = answered as Fields;
  const problems: string[] = [];
  const fields = new Map(propertiesOf(schema));
  for (const [field, property] of fields) {
    if (field in body) {
      if (!sameValue(property, body[field], answer[field]))
        problems.push(`${field} is ${JSON.stringify(answer[field])}; ${JSON.stringify(body[field])} was sent`);
    } else if (property.default !== undefined) {
      if (!sameValue(property, property.default, answer[field]))
        problems.push(
          `${field} is ${JSON.stringify(answer[field])}; left out, it takes its default ${JSON.stringify(property.default)}`,
        );
    } else if (operation.method === 'put' && field in answer && !(schema.required ?? []).includes(field)) {
      problems.push(`${field} is ${JSON.stringify(answer[field])}; left out of a replacement (PUT), it is removed`);
    }
  }
  for (const field of Object.keys(body)) {
    if (!fields.has(field) && field in answer)
      problems.push(`${field}, which the schema does not have, was kept (${JSON.stringify(answer[field])})`);
  }
  return problems;
}

const schemaRef = (operation: SpecOperation, status: string): string | undefined => {
  const schema = resolve(operation.raw.responses?.[status])?.content?.['application/json']?.schema;
  return typeof schema?.$ref === 'string' ? schema.$ref : undefined;
};

const pathParameterNames = (operation: SpecOperation) =>
  (operation.parameters as Array<{ name: string; in: string }>)
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => parameter.name);

/**
 * The GET that reads what `operation` wrote: the record's ids in its path (a parent's, its own),
 * answering the same schema (a deleted resource: the GET of the same path), the successor of a
 * deprecated one.
 */
export function readOperationFor(operation: SpecOperation): SpecOperation | undefined {
  const operations = listOperations();
  const successorOf = (candidate: SpecOperation | undefined) => {
    const successor = candidate?.deprecated ? candidate.raw['x-deprecation']?.successor : undefined;
    return successor ? operations.find((other) => other.operationId === successor) : candidate;
  };
  if (operation.method === 'delete')
    return successorOf(operations.find((other) => other.method === 'get' && other.path === operation.path));
  const status = operation.declaredStatuses.find(
    (candidate) => /^2/.test(candidate) && schemaRef(operation, candidate),
  );
  const ref = status ? schemaRef(operation, status) : undefined;
  if (!ref) return undefined;
  return operations.find(
    (other) =>
      other.method === 'get' &&
      !other.deprecated &&
      // The record's own path: a create's, with one more id; a replace's or merge's, the same ids.
      pathParameterNames(other).length ===
        pathParameterNames(operation).length + (operation.method === 'post' ? 1 : 0) &&
      schemaRef(other, '200') === ref,
  );
}

/** The path of the read, from the write's own path id or, for a create, the id it answered. */
export function readPath(read: SpecOperation, writePathIds: Record<string, string>, answered: unknown): string {
  // The write's own ids (a parent's, the record's), and for the record a create made, the id it answered.
  const names = pathParameterNames(read);
  const answer = (answered ?? {}) as Fields;
  return read.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const id = writePathIds[name] ?? (name === names.at(-1) ? answer.id : undefined) ?? answer[name];
    return encodeURIComponent(String(id));
  });
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
