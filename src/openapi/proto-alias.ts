// A property named __proto__, validated like any other. Ajv never checks a property of that name
// (it leaves "__proto__" out of a schema's properties, so that its code never touches an
// object's prototype): such a property took any value. The validator is given the contract and
// the values with the property renamed to an alias no contract writes, and every name is turned
// back before a handler, a client or a message sees it.
import { someObject } from './each-object.js';
import { withoutPrototypes } from './inherited-names.js';
import type { JsonObject } from './json-pointer.js';

const PROTO = '__proto__';
/** What the validator knows a property named __proto__ by: a private-use character makes it no contract's. */
export const PROTO_ALIAS = `${PROTO}\uE000`;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Values, not schemas or parameters: a name in them is not one the document gives. */
const VALUES = new Set(['example', 'examples', 'default', 'enum', 'const']);

const isProtoParameter = (object: JsonObject) => object.name === PROTO && typeof object.in === 'string';

/** Whether a schema of the document has a property named __proto__ (declared or required). */
export function namesProtoProperty(document: JsonObject): boolean {
  return someObject(
    document,
    (object) =>
      (isObject(object.properties) && Object.hasOwn(object.properties, PROTO)) ||
      (Array.isArray(object.required) && object.required.includes(PROTO)),
  );
}

/**
 * A copy of the document where a property named __proto__ is named PROTO_ALIAS, in `properties`,
 * `required` and a discriminator's `propertyName`.
 */
export function withProtoAliased(document: JsonObject): JsonObject {
  // A plain copy (the validator's code expects objects with Object's methods), its keys as they are.
  const copy = JSON.parse(JSON.stringify(document)) as JsonObject;
  someObject(copy, (object) => {
    if (isObject(object.properties) && Object.hasOwn(object.properties, PROTO)) {
      object.properties = Object.fromEntries(
        Object.entries(object.properties).map(([name, schema]) => [name === PROTO ? PROTO_ALIAS : name, schema]),
      );
    }
    if (Array.isArray(object.required)) {
      object.required = object.required.map((name) => (name === PROTO ? PROTO_ALIAS : name));
    }
    // A union told apart by that property is held to its tags under the alias too (discriminated-view.ts).
    if (isObject(object.discriminator) && object.discriminator.propertyName === PROTO) {
      object.discriminator = { ...object.discriminator, propertyName: PROTO_ALIAS };
    }
    return false;
  });
  return copy;
}

/** Whether the document has a parameter named __proto__ (express-openapi-validator then never knows it: 400). */
export function namesProtoParameter(document: JsonObject): boolean {
  return someObject(document, isProtoParameter, (key) => !VALUES.has(key));
}

/**
 * A copy of the document where a parameter named __proto__ is named PROTO_ALIAS: the validator
 * files each parameter by assigning `properties[name]`, which for that name sets a prototype.
 */
export function withProtoParametersAliased(document: JsonObject): JsonObject {
  const copy = JSON.parse(JSON.stringify(document)) as JsonObject;
  someObject(
    copy,
    (object) => {
      if (isProtoParameter(object)) object.name = PROTO_ALIAS;
      return false;
    },
    (key) => !VALUES.has(key),
  );
  return copy;
}

/** A request's query as the validator is to see it: its parameter named __proto__ under the alias, when it has one. */
export function aliasQuery(req: { query?: unknown }): boolean {
  const query = req.query;
  if (!isObject(query) || !Object.hasOwn(query, PROTO)) return false;
  setQuery(req, aliased(query));
  return true;
}

/** The request's query with its parameter named __proto__ again, after the validator (which may add defaults). */
export function unaliasQuery(req: { query?: unknown }): void {
  setQuery(req, unaliased(req.query));
}

/**
 * A request's header named __proto__, which Node leaves out of req.headers (the name sets a
 * prototype there), given to the validator under the alias from the raw headers; whether it had one.
 */
export function aliasHeader(req: { headers: object; rawHeaders: readonly string[] }): boolean {
  const values: string[] = [];
  for (let at = 0; at + 1 < req.rawHeaders.length; at += 2)
    if (req.rawHeaders[at]?.toLowerCase() === PROTO) values.push(req.rawHeaders[at + 1] as string);
  if (values.length === 0) return false;
  Object.defineProperty(req.headers, PROTO_ALIAS, {
    value: values.join(', '),
    writable: true,
    configurable: true,
    enumerable: true,
  });
  return true;
}

/** A request's path parameter named __proto__, given to the validator under the alias too; whether it had one. */
export function aliasPathParameter(req: { params?: unknown }): boolean {
  const params = req.params;
  if (!isObject(params) || !Object.hasOwn(params, PROTO)) return false;
  Object.defineProperty(params, PROTO_ALIAS, {
    value: params[PROTO],
    writable: true,
    configurable: true,
    enumerable: true,
  });
  return true;
}

/** The request's path parameters without the alias, once the validator has seen them. */
export function unaliasPathParameter(req: { params?: unknown }): void {
  if (isObject(req.params)) delete req.params[PROTO_ALIAS];
}

/** The request's headers as Node read them, the alias gone once the validator has seen it. */
export function unaliasHeader(req: { headers: object }): void {
  delete (req.headers as Record<string, unknown>)[PROTO_ALIAS];
}

// Express 5 parses the query at each read of a getter: an own property of the request replaces it.
const setQuery = (req: { query?: unknown }, query: unknown) =>
  Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });

/** A value as the validator is to see it: no prototypes, its __proto__ properties renamed. */
export const aliased = (value: unknown) => withoutPrototypes(value, { from: PROTO, to: PROTO_ALIAS });

/** A value as it was: its renamed properties named __proto__ again. */
export const unaliased = (value: unknown) => withoutPrototypes(value, { from: PROTO_ALIAS, to: PROTO });

/** A message of the validator's, with the property's own name. */
export const unaliasedText = (text: string) => text.replaceAll(PROTO_ALIAS, PROTO);

/** An error of the validator's, its message and each finding with the property's own name. */
export function unaliasedError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const found = error as { message?: unknown; errors?: unknown };
  if (typeof found.message === 'string') found.message = unaliasedText(found.message);
  if (Array.isArray(found.errors)) {
    for (const item of found.errors as Array<Record<string, unknown>>) {
      for (const field of ['path', 'message'] as const) {
        if (typeof item[field] === 'string') item[field] = unaliasedText(item[field] as string);
      }
    }
  }
  return error;
}
