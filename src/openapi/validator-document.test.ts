import { describe, expect, it } from '@jest/globals';
import { COMPILED_PETSTORE_SPEC_FILE, PETSTORE_SPEC_FILE } from '../package-root.js';
import { examplesLeftOut } from './examples-left-out.js';
import { asObject, type JsonObject } from './json-pointer.js';
import { describeContract, loadContract } from './load-contract.js';
import { validatorDocument } from './validator-document.js';

const contract = loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE);

/** Every response object of the document: each operation's, and the components'. */
function responsesOf(document: JsonObject): JsonObject[] {
  const ofOperations = Object.values(asObject(document.paths)).flatMap((item) =>
    Object.values(asObject(item)).flatMap((operation) => Object.values(asObject(asObject(operation).responses))),
  );
  return [...ofOperations, ...Object.values(asObject(asObject(document.components).responses))].map(asObject);
}

/**
 * The document with every response's headers, its extensions and its examples set aside,
 * served at the root: what both copies must agree on.
 */
function withHeadersRemoved(document: JsonObject): JsonObject {
  const copy = structuredClone(document);
  for (const response of responsesOf(copy)) delete response.headers;
  for (const key of Object.keys(copy)) if (key.startsWith('x-')) delete copy[key];
  copy.servers = [{ url: '/' }];
  return examplesLeftOut(copy);
}

describe('the contract given to express-openapi-validator', () => {
  it('declares no response headers, in operations or in components', () => {
    expect(responsesOf(contract.document).some((response) => response.headers !== undefined)).toBe(true);
    expect(responsesOf(validatorDocument(contract.document)).filter((response) => response.headers)).toEqual([]);
  });

  it('keeps everything else: parameters, request bodies, response bodies, schemas', () => {
    expect(validatorDocument(contract.document)).toEqual(withHeadersRemoved(contract.document));
  });

  it("leaves out the document's own extensions and every example, which only cost the validator", () => {
    const given = validatorDocument(contract.document);
    expect(Object.keys(contract.document).filter((key) => key.startsWith('x-')).length).toBeGreaterThan(0);
    expect(Object.keys(given).filter((key) => key.startsWith('x-'))).toEqual([]);
    expect(JSON.stringify(contract.document)).toMatch(/"examples?":/);
    // A property named example is a name, not an example: kept.
    const named = validatorDocument({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {},
      components: { schemas: { Note: { type: 'object', properties: { example: { type: 'string', example: 'x' } } } } },
    });
    expect(asObject(asObject(asObject(named.components).schemas).Note)).toEqual({
      type: 'object',
      properties: { example: { type: 'string' } },
    });
    expect(JSON.stringify(given.components)).not.toMatch(/"example":"/);
  });

  it('leaves out extensions at every level, but names, data and what a $ref points into', () => {
    const big = [0, 0, 0];
    const given = validatorDocument({
      openapi: '3.1.0',
      info: { title: 'T', version: '1', 'x-logo': big },
      'x-shared': { Code: { type: 'string' } },
      paths: {
        '/notes': {
          'x-path-note': big,
          get: {
            'x-big': big,
            parameters: [{ name: 'x-trace', in: 'header', schema: { type: 'string', 'x-big': big } }],
            security: [{ 'x-key': [] }],
            responses: { '200': { description: 'ok', 'x-big': big } },
          },
        },
      },
      components: {
        securitySchemes: { 'x-key': { type: 'apiKey', in: 'header', name: 'X-Key' } },
        schemas: {
          'x-Named': { type: 'string', 'x-big': big },
          Note: {
            type: 'object',
            'x-big': big,
            properties: {
              'x-color': { type: 'string', description: 'a property named x-color', 'x-big': big },
              code: { $ref: '#/x-shared/Code' },
              meta: { type: 'object', default: { 'x-kept': big }, enum: [{ 'x-kept': 1 }] },
            },
          },
        },
      },
    });
    expect(JSON.stringify(given)).not.toMatch(/"x-(big|logo|path-note)"/);
    const schemas = asObject(asObject(given.components).schemas);
    expect(Object.keys(schemas)).toEqual(['x-Named', 'Note']);
    expect(asObject(schemas.Note).properties).toEqual({
      'x-color': { type: 'string', description: 'a property named x-color' },
      code: { $ref: '#/x-shared/Code' },
      meta: { type: 'object', default: { 'x-kept': big }, enum: [{ 'x-kept': 1 }] },
    });
    expect(given['x-shared']).toEqual({ Code: { type: 'string' } });
    const get = asObject(asObject(asObject(given.paths)['/notes']).get);
    // Its default style said outright (parameter-styles.ts).
    expect(get.parameters).toEqual([
      { name: 'x-trace', in: 'header', schema: { type: 'string' }, style: 'simple', explode: false },
    ]);
    expect(get.security).toEqual([{ 'x-key': [] }]);
  });

  it('leaves the contract itself whole', () => {
    const before = structuredClone(contract.document);
    validatorDocument(contract.document);
    expect(contract.document).toEqual(before);
  });

  it('names an operation without an operationId by its method and path, as the mock names it', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Calendar', version: '1' },
      paths: {
        '/calendar': {
          get: { responses: { '200': { description: 'The calendar.' } } },
          post: { operationId: 'addEntry', responses: { '201': { description: 'Added.' } } },
        },
      },
    };
    const given = asObject(asObject(validatorDocument(document).paths)['/calendar']);
    expect([asObject(given.get).operationId, asObject(given.post).operationId]).toEqual(['GET /calendar', 'addEntry']);
    expect(
      describeContract(document, '', 'calendar.yaml').operations.map((operation) => operation.operationId),
    ).toEqual(['GET /calendar', 'addEntry']);
    expect(document.paths['/calendar'].get).not.toHaveProperty('operationId');
  });
});

describe('a media type of an answer without a schema', () => {
  it('is given the one OpenAPI means, any value, where the validator found none', () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Examples', version: '1' },
      paths: {
        '/example': {
          get: {
            responses: {
              '200': { description: 'OK', content: { 'application/json': { example: { id: 1 } } } },
              '404': { $ref: '#/components/responses/Missing' },
            },
          },
        },
      },
      components: { responses: { Missing: { description: 'No', content: { 'text/plain': {} } } } },
    };
    const given = validatorDocument(document);
    const responses = asObject(asObject(asObject(asObject(given.paths)['/example']).get).responses);
    expect(asObject(responses['200']).content).toEqual({ 'application/json': { schema: {} } });
    expect(responses['404']).toEqual({ $ref: '#/components/responses/Missing' });
    expect(asObject(asObject(given.components).responses).Missing).toEqual({
      description: 'No',
      content: { 'text/plain': { schema: {} } },
    });
  });
});
