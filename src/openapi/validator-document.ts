// The contract as express-openapi-validator is given it: without the headers of its responses (a
// media type without a schema given the one OpenAPI means, any value),
// with every operation named, and served at the root. The validator never checks an answer's
// headers (response-contract.ts does, from the whole contract), yet it would dereference, walk
// and copy every one of them at load; its match names an operation by its operationId, which
// generated documents often leave out ("GET /calendar" then names it, as everywhere in the mock);
// and it turns each server's path into a route with path-to-regexp, which refuses the `+` or `(`
// of a real API's base path (/rest/Train+Travel+API/1.0.0): the pipeline matches the path below
// the base path instead (contract-pipeline.ts), so the servers are no concern of the validator.
// A request body that leaves `required` out says so (optionalSaid); a union whose branches a
// discriminator tells apart has each branch say its tag (discriminated-view.ts).
import { discriminatorsAsTags } from './discriminated-view.js';
import { examplesLeftOut } from './examples-left-out.js';
import { schemaRefsHoisted } from './hoisted-schema-refs.js';
import { asObject, type JsonObject, resolveLocalRef } from './json-pointer.js';
import { HTTP_METHODS, operationName } from './load-contract.js';
import { componentParametersForValidator, parametersForValidator } from './parameter-read-only.js';
import { routeOfPath, suffixedLast } from './path-route.js';
import { withReadOnlyRequiredInParts } from './read-only-required.js';
import { schemasRewritten } from './schemas-rewritten.js';
import { followedByValidator } from './validator-refs.js';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Media types of an answer that give no schema (an example alone) with the schema OpenAPI then
 * means, any value: the validator found none and threw "no schema defined for status code".
 */
function contentWithSchemas(content: unknown): unknown {
  if (!isObject(content) || Object.values(content).every((media) => !isObject(media) || 'schema' in media))
    return content;
  return mapValues(content, (media) => (isObject(media) && !('schema' in media) ? { ...media, schema: {} } : media));
}

/**
 * An answer for the validator: without its headers, each of its media types with a schema; a $ref
 * it cannot follow given as the answer it names (validator-refs.ts).
 */
const responseForValidator = (document: JsonObject, response: unknown): unknown => {
  if (!isObject(response)) return response;
  if ('$ref' in response) {
    const named = followedByValidator(response, 'responses') ? response : resolveLocalRef(document, response);
    return '$ref' in named ? named : responseForValidator(document, named);
  }
  const { headers: _dropped, ...rest } = response;
  return rest.content === undefined ? rest : { ...rest, content: contentWithSchemas(rest.content) };
};

const mapValues = (object: JsonObject, map: (value: unknown, key: string) => unknown): JsonObject =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value, key)]));

/**
 * A request body that does not say it is required, said not to be: OpenAPI's default, which the
 * validator reads only when written (`required === false`): an optional body left out was a 415
 * (cdimascio/express-openapi-validator#397, #646).
 */
function optionalSaid(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || '$ref' in body || 'required' in body) return body;
  return { ...body, required: false };
}

function operationForValidator(document: JsonObject, operation: JsonObject, name: string): JsonObject {
  const named: JsonObject = { ...operation, operationId: name };
  if (named.parameters !== undefined) named.parameters = parametersForValidator(document, named.parameters);
  if (named.requestBody !== undefined) named.requestBody = optionalSaid(named.requestBody);
  delete named.servers;
  // OpenAPI 3.1 lets `responses` out; the validator reads every operation's (and threw on none).
  return named.responses === undefined
    ? { ...named, responses: ANY_ANSWER }
    : {
        ...named,
        responses: mapValues(asObject(named.responses), (response) => responseForValidator(document, response)),
      };
}

/** The answers of an operation that declares none: any status, any body. */
const ANY_ANSWER: JsonObject = {
  default: { description: 'Any answer: the operation declares none.', content: { '*/*': { schema: {} } } },
};

function pathItemForValidator(document: JsonObject, item: unknown, path: string): unknown {
  const pathItem = asObject(item);
  const copy: JsonObject = { ...pathItem };
  delete copy.servers;
  if (copy.parameters !== undefined) copy.parameters = parametersForValidator(document, copy.parameters);
  for (const method of HTTP_METHODS) {
    if (!(method in pathItem)) continue;
    const operation = asObject(pathItem[method]);
    copy[method] = operationForValidator(document, operation, operationName(method, path, operation.operationId));
  }
  return copy;
}

/**
 * The document's paths for the validator, each under its route: a path key with a query or a
 * fragment, which no request's path holds, is served at the path before it. Where several come
 * to one route, each method is answered by the first operation that has it, the key without a
 * suffix first; one whose path item has parameters of its own, unlike the first's, stays apart.
 */
function pathsByRoute(document: JsonObject, paths: JsonObject): JsonObject {
  const plainFirst = suffixedLast(Object.entries(paths), ([path]) => path);
  const routes: JsonObject = {};
  const itemParameters = new Map<string, string>();
  for (const [path, item] of plainFirst) {
    const route = routeOfPath(path);
    const copy = asObject(pathItemForValidator(document, item, path));
    const parameters = JSON.stringify(asObject(item).parameters ?? []);
    const held = routes[route];
    if (held === undefined) {
      routes[route] = copy;
      itemParameters.set(route, parameters);
    } else if (itemParameters.get(route) === parameters) {
      const merged = asObject(held);
      for (const method of HTTP_METHODS) if (method in copy && !(method in merged)) merged[method] = copy[method];
    } else routes[path] = copy;
  }
  return routes;
}

/**
 * `document` with no default on a readOnly property. The validator writes a request's missing
 * fields' defaults into it, and then refuses the readOnly field it wrote: every create of
 * ReadMe's petstore (`id: {readOnly: true, default: 40}`) was 400. A server's field has no default
 * a client sends.
 */
const readOnlyDefaultsLeftOut = (document: JsonObject): JsonObject =>
  schemasRewritten(document, (schema) => {
    if (schema.readOnly !== true || !('default' in schema)) return schema;
    const { default: _default, ...rest } = schema;
    return rest;
  }) as JsonObject;

/**
 * A copy of `contract` (its readOnly requirements beside an allOf moved into their parts,
 * read-only-required.ts; its parameters' schemas without readOnly, parameter-read-only.ts) whose responses (in paths and components.responses) declare no headers,
 * whose operations all have an operationId and responses, and whose one server is the root; only the objects on the way to them are copied, so
 * `contract` itself is left whole.
 */
export function validatorDocument(contract: JsonObject): JsonObject {
  const document = withReadOnlyRequiredInParts(readOnlyDefaultsLeftOut(discriminatorsAsTags(contract)));
  const copy: JsonObject = { ...document, servers: [{ url: '/' }] };
  if (document.paths !== undefined) copy.paths = pathsByRoute(document, asObject(document.paths));
  const components = asObject(document.components);
  if (components.responses !== undefined || components.requestBodies !== undefined || components.parameters) {
    copy.components = {
      ...components,
      ...(components.parameters === undefined
        ? {}
        : { parameters: componentParametersForValidator(document, components.parameters) }),
      ...(components.responses === undefined
        ? {}
        : {
            responses: mapValues(asObject(components.responses), (response) =>
              responseForValidator(document, response),
            ),
          }),
      ...(components.requestBodies === undefined
        ? {}
        : { requestBodies: mapValues(asObject(components.requestBodies), optionalSaid) }),
    };
  }
  // Examples and extensions (x-error-codes, x-deprecation: the mock's to read, from the contract)
  // are no concern of the validator, and cost its Ajv (examples-left-out.ts).
  return examplesLeftOut(schemaRefsHoisted(copy, document));
}
