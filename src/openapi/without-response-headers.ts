// The contract as express-openapi-validator is given it: without the headers of its responses.
// The validator never checks an answer's headers (response-contract.ts does, from the whole
// contract), yet it would dereference, walk and copy every one of them at load.
import { asObject, type JsonObject } from './json-pointer.js';
import { HTTP_METHODS } from './load-contract.js';

const withoutHeaders = (response: unknown): unknown => {
  if (typeof response !== 'object' || response === null || !('headers' in response)) return response;
  const { headers: _dropped, ...rest } = response as JsonObject;
  return rest;
};

const mapValues = (object: JsonObject, map: (value: unknown) => unknown): JsonObject =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));

function operationWithoutResponseHeaders(operation: JsonObject): JsonObject {
  return operation.responses === undefined
    ? operation
    : { ...operation, responses: mapValues(asObject(operation.responses), withoutHeaders) };
}

function pathItemWithoutResponseHeaders(item: unknown): unknown {
  const pathItem = asObject(item);
  const copy: JsonObject = { ...pathItem };
  for (const method of HTTP_METHODS) {
    if (method in pathItem) copy[method] = operationWithoutResponseHeaders(asObject(pathItem[method]));
  }
  return copy;
}

/**
 * A copy of `document` whose responses (in paths and components.responses) declare no headers;
 * only the objects on the way to them are copied, so `document` itself is left whole.
 */
export function withoutResponseHeaders(document: JsonObject): JsonObject {
  const copy: JsonObject = { ...document };
  if (document.paths !== undefined) copy.paths = mapValues(asObject(document.paths), pathItemWithoutResponseHeaders);
  const components = asObject(document.components);
  if (components.responses !== undefined) {
    copy.components = { ...components, responses: mapValues(asObject(components.responses), withoutHeaders) };
  }
  return copy;
}
