// What a valid OpenAPI document must also be for the mock to serve it: no two operations of one
// name (the mock's rules, its storms and its records go by it: an operationId, or for an
// operation without one, its method and path), and an API base path (the first server's,
// variables at their defaults) that the mock's own routes do not take. Its patterns are judged
// in check-patterns.ts. The headers its answers declare must have names a header can have, and
// the error codes of its catalogue (x-error-codes) statuses an error can have.
import { asObject, escapePointerSegment, type JsonObject } from '../json-pointer.js';
import { HTTP_METHODS, isErrorStatus, operationName, serverBasePath } from '../load-contract.js';
import { differingKinds, sameKind } from '../path-value-fit.js';
import { alikePathKey } from '../resource-paths.js';
import type { OpenApiFault } from './check-openapi.js';

/** The mock's own routes, answered before the API: a contract's path may not start with one. */
const MOCK_ROUTES = ['/__mock', '/docs', '/openapi.'];

function checkOperationIds(document: JsonObject): OpenApiFault[] {
  const faults: OpenApiFault[] = [];
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(asObject(document.paths))) {
    for (const method of HTTP_METHODS) {
      const operation = asObject(item)[method];
      if (operation === undefined) continue;
      const declared = asObject(operation).operationId;
      const id = operationName(method, path, declared);
      const name = `${method.toUpperCase()} ${path}`;
      const first = seen.get(id);
      if (first) {
        faults.push({
          pointer: `/paths/${escapePointerSegment(path)}/${method}${declared === undefined ? '' : '/operationId'}`,
          message: `operationId "${id}" is also ${first}'s. Each operation needs its own: rename one.`,
        });
      } else {
        seen.set(id, name);
      }
    }
  }
  return faults;
}

/** The API's base path (the first servers entry's), or a fault when the mock's own routes take it. */
function checkServers(document: JsonObject): { basePath: string; faults: OpenApiFault[] } {
  const basePath = serverBasePath((Array.isArray(document.servers) ? document.servers : [])[0]);
  const taken = MOCK_ROUTES.find((route) => basePath !== '' && basePath.startsWith(route));
  return {
    basePath,
    faults: taken
      ? [
          {
            pointer: '/servers/0/url',
            message: `the API's base path ${basePath} is under the mock's own ${taken}: choose another (e.g. /v1).`,
          },
        ]
      : [],
  };
}

function checkPathsClear(document: JsonObject, basePath: string): OpenApiFault[] {
  return Object.keys(asObject(document.paths)).flatMap((path) => {
    const full = `${basePath}${path}`;
    const taken = MOCK_ROUTES.find((route) => full.startsWith(route));
    return taken
      ? [
          {
            pointer: `/paths/${escapePointerSegment(path)}`,
            message: `${full} is under the mock's own ${taken} (the control API, the reference and the contract live there): ${basePath === '' ? 'give the API a base path in servers (e.g. url: /v1)' : 'choose another path'}.`,
          },
        ]
      : [];
  });
}

/**
 * Two paths that differ only in their parameters' names (/pets/{id} and /pets/{petId}) with a
 * method in common, and no parameter whose schema tells its values apart from the other's: a
 * request names both, and the mock would answer it by one of them, breaking the other's every
 * check. OpenAPI forbids such paths ("identical"); the second one met is named. Where a schema
 * tells them apart (Xero's {ContactID}, a UUID, and {ContactNumber}), both are served
 * (path-value-fit.ts).
 */
function checkSameRoutes(document: JsonObject): OpenApiFault[] {
  const faults: OpenApiFault[] = [];
  const seen = new Map<string, { path: string; methods: readonly string[] }>();
  for (const [path, item] of Object.entries(asObject(document.paths))) {
    const route = alikePathKey(path);
    const methods = HTTP_METHODS.filter((method) => asObject(item)[method] !== undefined);
    const first = seen.get(route);
    const shared = first
      ? methods.filter(
          (method) =>
            first.methods.includes(method) &&
            differingKinds(document, path, first.path, method).every(([, one, other]) => sameKind(one, other)),
        )
      : [];
    if (first && shared.length > 0) {
      faults.push({
        pointer: `/paths/${escapePointerSegment(path)}`,
        message: `${path} is the same route as ${first.path} (only the parameters' names differ), and both take ${shared.map((method) => method.toUpperCase()).join(', ')} with parameters of alike schemas: a request could not tell which operation it names. Merge the two paths, tell them apart by a literal segment, or give a parameter a schema its values are told by (a format such as uuid, an integer, a pattern).`,
      });
    } else if (!first) seen.set(route, { path, methods });
  }
  return faults;
}

/**
 * A path naming one parameter twice (/pets/{petId}/{petId}): OpenAPI requires a path parameter's
 * name to be unique, and a request's two segments cannot both be its one value.
 */
function checkRepeatedParameters(document: JsonObject): OpenApiFault[] {
  return Object.keys(asObject(document.paths)).flatMap((path) => {
    const names = [...path.matchAll(/\{([^}]*)\}/g)].map(([, name]) => name);
    const repeated = names.find((name, index) => names.indexOf(name) !== index);
    return repeated === undefined
      ? []
      : [
          {
            pointer: `/paths/${escapePointerSegment(path)}`,
            message: `${path} names the path parameter {${repeated}} more than once: each parameter of a path has a name of its own (OpenAPI), and one value cannot fill two segments. Give the others names of their own.`,
          },
        ];
  });
}

/**
 * A path with two parameters side by side (/tiles/{x}{y}): no text between them says where one
 * value ends, so no request names one route, and the validator's router refuses to build it.
 */
function checkAdjacentParameters(document: JsonObject): OpenApiFault[] {
  return Object.keys(asObject(document.paths)).flatMap((path) => {
    const side = /\{([^}]*)\}\{([^}]*)\}/.exec(path);
    return side === null
      ? []
      : [
          {
            pointer: `/paths/${escapePointerSegment(path)}`,
            message: `${path} puts the path parameters {${side[1]}} and {${side[2]}} side by side: nothing in a request's path says where one ends and the next begins. Put a literal between them (e.g. {${side[1]}}-{${side[2]}}) or make them one parameter.`,
          },
        ];
  });
}

/** An RFC 9110 token (§5.6.2): what a header's name is made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * A header an answer declares under a name that is no HTTP token ("Bad Header", a name with a
 * colon or a CR): no answer can carry it, and Node refuses to set it. The answers of operations
 * and of components.responses (where a $ref to a response leads) are read.
 */
function checkResponseHeaderNames(document: JsonObject): OpenApiFault[] {
  const responses: Array<[string, unknown]> = [];
  for (const [path, item] of Object.entries(asObject(document.paths))) {
    for (const method of HTTP_METHODS) {
      const pointer = `/paths/${escapePointerSegment(path)}/${method}/responses`;
      for (const [status, response] of Object.entries(asObject(asObject(asObject(item)[method]).responses)))
        responses.push([`${pointer}/${escapePointerSegment(status)}`, response]);
    }
  }
  for (const [name, response] of Object.entries(asObject(asObject(document.components).responses)))
    responses.push([`/components/responses/${escapePointerSegment(name)}`, response]);
  return responses.flatMap(([pointer, response]) =>
    Object.keys(asObject(asObject(response).headers))
      .filter((name) => !TOKEN.test(name))
      .map((name) => ({
        pointer: `${pointer}/headers/${escapePointerSegment(name)}`,
        message: `${JSON.stringify(name)} is no header name: a name is letters, digits and !#$%&'*+-.^_\`|~ only (RFC 9110, a token), so no answer can carry it. Rename it (e.g. ${JSON.stringify(name.replace(/[^!#$%&'*+\-.^_`|~0-9A-Za-z]+/g, '-').replace(/^-+|-+$/g, '') || 'X-Header')}).`,
      })),
  );
}

/**
 * An API key declared under a name no request can carry it by: an empty one, or a header's or a
 * cookie's that is no token (a name with a space or a CR). Every request of its operations would
 * be refused, and reading such a header throws.
 */
function checkApiKeyNames(document: JsonObject): OpenApiFault[] {
  return Object.entries(asObject(asObject(document.components).securitySchemes)).flatMap(([scheme, value]) => {
    const { type, in: place, name } = asObject(value);
    if (type !== 'apiKey' || typeof name !== 'string') return [];
    const sendable = place === 'query' ? name.length > 0 : TOKEN.test(name);
    if (sendable) return [];
    return [
      {
        pointer: `/components/securitySchemes/${escapePointerSegment(scheme)}/name`,
        message: `${JSON.stringify(name)} is no name an API key can be sent under in the ${String(place)}: ${place === 'query' ? 'a query parameter needs a name' : "a header's or a cookie's name is letters, digits and !#$%&'*+-.^_`|~ only (RFC 9110, a token)"}, so no request could carry the key. Rename it (e.g. "X-API-Key").`,
      },
    ];
  });
}

/**
 * An error code of the catalogue (`x-error-codes`) given a status no error has (1000, 200, 101,
 * 304): its answer would be refused by Node, or sent as a success or an interim answer.
 */
function checkErrorCodeStatuses(document: JsonObject): OpenApiFault[] {
  return Object.entries(asObject(document['x-error-codes'])).flatMap(([code, entry]) => {
    const status = asObject(entry).status;
    return typeof status !== 'number' || isErrorStatus(status)
      ? []
      : [
          {
            pointer: `/x-error-codes/${escapePointerSegment(code)}/status`,
            message: `the error code ${code} has the status ${status}, which no error has: an error's status is 400 to 599. Give it one (e.g. ${code.endsWith('NOT_FOUND') ? 404 : 400}).`,
          },
        ];
  });
}

export function checkServable(document: JsonObject): OpenApiFault[] {
  const servers = checkServers(document);
  return [
    ...checkOperationIds(document),
    ...checkSameRoutes(document),
    ...checkRepeatedParameters(document),
    ...checkAdjacentParameters(document),
    ...checkResponseHeaderNames(document),
    ...checkApiKeyNames(document),
    ...checkErrorCodeStatuses(document),
    ...servers.faults,
    ...checkPathsClear(document, servers.basePath),
  ];
}
