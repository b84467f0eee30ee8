// The operations of a dereferenced document, and the request a client sends to each: its path
// and query parameters, its headers and cookies, the credential its security asks for (the demo
// key `demo-enterprise`, as an API key, a bearer token or a basic user name), and its body in the
// media type it declares.
import { drawValue, ownValue, type Schema, shapeOf, typesFit } from './draw-value.js';

export const DEMO_KEY = 'demo-enterprise';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** Request media types in the order a client picks them when an operation takes several. */
const MEDIA_PREFERENCE = [/^application\/json$/, /\+json$/, /x-www-form-urlencoded/, /^multipart\//, /json/];

export type Operation = {
  method: string;
  /** The path template, e.g. /pets/{petId}. */
  path: string;
  /** "GET /pets/{petId}": how reports name it (many real documents give no operationId). */
  label: string;
  operation: Schema;
  parameters: Schema[];
};

export type Body = { contentType: string; value: unknown };

export type PlannedRequest = {
  label: string;
  method: string;
  /** The path with its parameters filled in (under the base path, not encoded twice). */
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body?: Body;
};

export function operationsOf(document: Schema): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Schema>)) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      // Operation parameters override the path item's of the same name and place.
      const byKey = new Map<string, Schema>();
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])])
        byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      operations.push({
        method: method.toUpperCase(),
        path,
        label: `${method.toUpperCase()} ${path}`,
        operation,
        parameters: [...byKey.values()],
      });
    }
  }
  return operations;
}

/** A parameter's value: its example, else its schema's. */
export function parameterValue(parameter: Schema): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const examples = Object.values((parameter.examples ?? {}) as Record<string, Schema>);
  if (examples[0]?.value !== undefined) return examples[0].value;
  return drawValue(parameter.schema ?? shapeOf(parameter.content?.['application/json']?.schema));
}

const asText = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/**
 * A query parameter as its style writes it: an array as repeated pairs (form, exploded) or
 * joined by commas; an object as `name[key]=value` (deepObject), `key=value` (form, exploded,
 * the default) or `name=key,value,…` (form, not exploded); JSON when its content says so.
 */
export function queryPairs(parameter: Schema, value: unknown): Array<[string, string]> {
  const name: string = parameter.name;
  if (parameter.content !== undefined || value === null || typeof value !== 'object') return [[name, asText(value)]];
  const style: string = parameter.style ?? 'form';
  const explode: boolean = parameter.explode ?? style === 'form';
  if (Array.isArray(value)) {
    if (style === 'form' && explode) return value.map((item): [string, string] => [name, asText(item)]);
    const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return [[name, value.map(asText).join(separator)]];
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (style === 'deepObject') return entries.map(([key, item]): [string, string] => [`${name}[${key}]`, asText(item)]);
  if (explode) return entries.map(([key, item]): [string, string] => [key, asText(item)]);
  const flat: string[] = [];
  for (const [key, item] of entries) flat.push(key, asText(item));
  return [[name, flat.join(',')]];
}

/** The credential headers and query of the first security requirement that asks for one. */
function credentials(
  document: Schema,
  operation: Schema,
): { headers: Record<string, string>; query: Array<[string, string]> } {
  const requirements: Schema[] = operation.security ?? document.security ?? [];
  const requirement = requirements.find((entry) => Object.keys(entry).length > 0) ?? {};
  const headers: Record<string, string> = {};
  const query: Array<[string, string]> = [];
  const cookies: string[] = [];
  for (const name of Object.keys(requirement)) {
    const scheme: Schema = document.components?.securitySchemes?.[name] ?? {};
    if (scheme.type === 'apiKey') {
      if (scheme.in === 'header') headers[scheme.name.toLowerCase()] = DEMO_KEY;
      else if (scheme.in === 'query') query.push([scheme.name, DEMO_KEY]);
      else if (scheme.in === 'cookie') cookies.push(`${scheme.name}=${DEMO_KEY}`);
    } else if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') {
      headers.authorization = `Basic ${Buffer.from(`${DEMO_KEY}:`).toString('base64')}`;
    } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      headers.authorization = `Bearer ${DEMO_KEY}`;
    }
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  return { headers, query };
}

/** The media type a client picks among those the operation takes. */
export function chosenMediaType(content: Record<string, unknown>): string | undefined {
  const types = Object.keys(content);
  for (const preference of MEDIA_PREFERENCE) {
    const found = types.find((type) => preference.test(type) && !type.includes('*'));
    if (found) return found;
  }
  return types.find((type) => !type.includes('*')) ?? (types.length > 0 ? 'application/json' : undefined);
}

/** The body of an operation's request: the media type's example, else a value of its schema. */
export function bodyOf(operation: Schema): Body | undefined {
  const content: Record<string, Schema> = operation.requestBody?.content ?? {};
  const contentType = chosenMediaType(content);
  if (contentType === undefined) return undefined;
  const media = content[contentType] ?? content[Object.keys(content)[0] ?? ''] ?? {};
  const own =
    ownValue(media) ??
    (media.examples ? { value: Object.values(media.examples as Record<string, Schema>)[0]?.value } : undefined);
  // An example whose types break its schema is refused by a truthful server: a drawn value is sent.
  const fits = own?.value !== undefined && (!/json/.test(contentType) || typesFit(own.value, media.schema));
  const value = fits ? own?.value : drawValue(media.schema);
  return { contentType, value };
}

function pathWith(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
    encodeURIComponent(asText(values[name] ?? 'sample')),
  );
}

/**
 * The request of an operation. `given` overrides parameter values by name (a key a story
 * created), `body` the body.
 */
export function planRequest(
  document: Schema,
  entry: Operation,
  given: Record<string, unknown> = {},
  body?: Body,
): PlannedRequest {
  const auth = credentials(document, entry.operation);
  const pathValues: Record<string, unknown> = {};
  const query: Array<[string, string]> = [...auth.query];
  const headers: Record<string, string> = { ...auth.headers };
  const cookies: string[] = headers.cookie ? [headers.cookie] : [];
  for (const parameter of entry.parameters) {
    const name: string = parameter.name;
    if (parameter.in === 'path') {
      pathValues[name] = given[name] ?? parameterValue(parameter);
      continue;
    }
    if (!parameter.required && given[name] === undefined) continue;
    const value = given[name] ?? parameterValue(parameter);
    if (parameter.in === 'query') {
      for (const pair of queryPairs(parameter, value)) query.push(pair);
    } else if (parameter.in === 'header' && headers[name.toLowerCase()] === undefined)
      headers[name.toLowerCase()] = asText(value);
    else if (parameter.in === 'cookie') cookies.push(`${name}=${encodeURIComponent(asText(value))}`);
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  // A GET or HEAD with a body declared (Listmonk's template preview) cannot be sent with one by fetch.
  const chosen = /^(get|head)$/i.test(entry.method) ? undefined : (body ?? bodyOf(entry.operation));
  return {
    label: entry.label,
    method: entry.method,
    path: pathWith(entry.path, pathValues),
    query,
    headers,
    ...(chosen ? { body: chosen } : {}),
  };
}
