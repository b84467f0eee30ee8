import { describe, expect, it } from '@jest/globals';
import { COMPILED_PETSTORE_SPEC_FILE, PETSTORE_SPEC_FILE } from '../package-root.js';
import { asObject, type JsonObject } from './json-pointer.js';
import { loadContract } from './load-contract.js';
import { withoutResponseHeaders } from './without-response-headers.js';

const contract = loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE);

/** Every response object of the document: each operation's, and the components'. */
function responsesOf(document: JsonObject): JsonObject[] {
  const ofOperations = Object.values(asObject(document.paths)).flatMap((item) =>
    Object.values(asObject(item)).flatMap((operation) => Object.values(asObject(asObject(operation).responses))),
  );
  return [...ofOperations, ...Object.values(asObject(asObject(document.components).responses))].map(asObject);
}

/** The document with every response's headers set aside: what both copies must agree on. */
function withHeadersRemoved(document: JsonObject): JsonObject {
  const copy = structuredClone(document);
  for (const response of responsesOf(copy)) delete response.headers;
  return copy;
}

describe('the contract given to express-openapi-validator', () => {
  it('declares no response headers, in operations or in components', () => {
    expect(responsesOf(contract.document).some((response) => response.headers !== undefined)).toBe(true);
    expect(responsesOf(withoutResponseHeaders(contract.document)).filter((response) => response.headers)).toEqual([]);
  });

  it('keeps everything else: parameters, request bodies, response bodies, schemas', () => {
    expect(withoutResponseHeaders(contract.document)).toEqual(withHeadersRemoved(contract.document));
  });

  it('leaves the contract itself whole', () => {
    const before = structuredClone(contract.document);
    withoutResponseHeaders(contract.document);
    expect(contract.document).toEqual(before);
  });
});
