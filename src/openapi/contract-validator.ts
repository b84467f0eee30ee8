// express-openapi-validator, set to check every request against the contract. Its errors go to
// the error middleware, which writes the Error object. The mock's own responses are checked by
// response-validation.ts, which also checks the headers the contract declares.
import type { RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types.js';
import { type JsonObject, resolveLocalRef } from './json-pointer.js';
import type { Contract } from './load-contract.js';
import { applyValidatorShims } from './validator-shims.js';

/** Parameters written out in full, their schemas too: the validator resolves those on every request. */
function inlineParameters(document: JsonObject, parameters: unknown): unknown {
  if (!Array.isArray(parameters)) return parameters;
  return parameters.map((reference) => {
    const parameter = structuredClone(resolveLocalRef(document, reference));
    if (parameter.schema !== undefined) parameter.schema = structuredClone(resolveLocalRef(document, parameter.schema));
    return parameter;
  });
}

/**
 * The contract as the request validator needs it, as its own copy (it resolves $refs in place):
 * - every operation's responses are cut to a placeholder, and the shared response components
 *   removed: the validator bundles and walks the whole document on its first request, the
 *   responses are most of it, and response-validation.ts checks them instead;
 * - parameters are written out in full: the validator looks up a $ref parameter and its schema
 *   again on every request (a lookup in Ajv's schema table for each).
 */
export function requestSideOf(document: JsonObject): JsonObject {
  const copy = structuredClone(document);
  for (const item of Object.values((copy.paths ?? {}) as Record<string, JsonObject>)) {
    if ('parameters' in item) item.parameters = inlineParameters(document, item.parameters);
    for (const operation of Object.values(item)) {
      if (typeof operation === 'object' && operation !== null && 'responses' in operation) {
        const entry = operation as JsonObject;
        entry.responses = { default: { description: 'Checked by the response validation.' } };
        if ('parameters' in entry) entry.parameters = inlineParameters(document, entry.parameters);
      }
    }
  }
  const components = (copy.components ?? {}) as JsonObject;
  delete components.responses;
  delete components.headers;
  delete components.examples;
  return copy;
}

export function createRequestValidator(contract: Contract): RequestHandler[] {
  applyValidatorShims();
  const apiSpec = requestSideOf(contract.document) as unknown as OpenAPIV3.DocumentV3_1;
  const middleware = OpenApiValidator.middleware({
    apiSpec,
    // A JSON body is typed: coercing 42 to "42" would hide a client bug. Path and query values
    // are still parsed from their schemas (petId arrives as a number).
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
    validateResponses: false,
    // Authentication and limits are the rate-limit middleware's: it must answer 401 and 429
    // with the X-RateLimit-* headers, in the order the spec describes.
    validateSecurity: false,
    ignoreUndocumented: false,
    // The spec ships with the package and is validated in npm test (Spectral and a second,
    // independent validator), not at every start (see validator-shims.ts).
    validateApiSpec: false,
    // The API takes JSON only: no multipart step (multer) on every request.
    fileUploader: false,
  });
  return Array.isArray(middleware) ? (middleware as RequestHandler[]) : [middleware as RequestHandler];
}
