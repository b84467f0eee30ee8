import { describe, expect, it } from '@jest/globals';
import express, { type ErrorRequestHandler, json, type Request } from 'express';
import request from 'supertest';
import type { HttpError } from '../errors.js';
import { parseContract } from './load-contract.js';
import { createOperationMatcher, rememberOperationMatch } from './match-operation.js';
import { createRequestChecker, createRequestValidation } from './request-validation.js';

// A contract with what the Pet Store's does not use (a header parameter, an array in the query,
// a path-level parameter overridden, an optional body, a wildcard media type), beside what it does.
const CONTRACT = parseContract(
  `
openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /things/{thingId}:
    parameters:
      - { name: thingId, in: path, required: true, schema: { type: integer, minimum: 1 } }
      - { name: tag, in: query, schema: { type: string } }
    get:
      operationId: getThing
      parameters:
        - { name: tag, in: query, schema: { type: array, items: { type: string, maxLength: 3 } } }
        - { name: limit, in: query, schema: { $ref: '#/components/schemas/Limit' } }
        - { name: flag, in: query, allowEmptyValue: true, schema: { type: string } }
        - { name: X-Trace, in: header, required: true, schema: { type: string, pattern: '^t-' } }
      responses: { '200': { description: ok } }
    put:
      operationId: putThing
      requestBody:
        content:
          application/json: { schema: { $ref: '#/components/schemas/Thing' } }
          text/*: { schema: { type: string } }
      responses: { '200': { description: ok } }
    post:
      operationId: postThing
      requestBody:
        required: true
        content:
          application/json: { schema: { $ref: '#/components/schemas/Thing' } }
      responses: { '200': { description: ok } }
components:
  schemas:
    Limit: { type: integer, minimum: 1, maximum: 100 }
    Thing:
      type: object
      required: [name]
      properties: { name: { type: string }, size: { type: integer } }
`,
  'test.yaml',
);

/** The check between the operation match and a handler that echoes what it received. */
function appCheckingRequests() {
  const app = express();
  const match = createOperationMatcher('', CONTRACT.operations);
  app.use((req, res, next) => {
    rememberOperationMatch(res, match(req.method, req.path));
    next();
  });
  app.use(json(), express.text());
  app.use(createRequestValidation(createRequestChecker(CONTRACT)));
  app.use((req, res) => {
    res.json({ query: req.query, body: req.body ?? null });
  });
  const answerError: ErrorRequestHandler = (error, _req, res, _next) => {
    const httpError = error as HttpError;
    res.status(httpError.status).json(httpError.toBody());
  };
  app.use(answerError);
  return request(app);
}

describe('the check of requests against the contract', () => {
  const http = appCheckingRequests();
  const getThing = (query: string) => http.get(`/things/7${query}`).set('X-Trace', 't-1');

  it('hands the handler the query typed as the contract says, and only what was sent', async () => {
    const res = await getThing('?limit=5&tag=ab&tag=cd');
    expect(res.status).toBe(200);
    expect(res.body.query).toEqual({ limit: 5, tag: ['ab', 'cd'] });
    // One value of an array parameter is an array of one; the operation's own tag wins.
    expect((await getThing('?tag=ab')).body.query).toEqual({ tag: ['ab'] });
    expect((await getThing('')).body.query).toEqual({});
  });

  it('names each parameter that breaks its schema, and every unknown or empty one, in one answer', async () => {
    const res = await getThing('?limit=500&tag=long&colour=red&flag=');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_PARAMETER');
    expect(res.body.message).toContain(
      "query colour: Unknown query parameter 'colour' (this operation takes tag, limit, flag)",
    );
    expect(res.body.message).toContain('query limit: must be <= 100');
    expect(res.body.message).toContain('query tag/0: must NOT have more than 3 characters');
    expect(res.body.message).not.toContain('query flag'); // allowEmptyValue
    const empty = await getThing('?limit=');
    expect(empty.body.message).toContain("Empty value found for query parameter 'limit'");
    const repeated = await getThing('?limit=1&limit=2');
    expect(repeated.body.message).toContain('query limit: must be integer');
  });

  it('reads path parameters by their type and checks header parameters', async () => {
    expect((await http.get('/things/0').set('X-Trace', 't-1')).body.message).toContain('path thingId: must be >= 1');
    expect((await http.get('/things/x').set('X-Trace', 't-1')).body.message).toContain('path thingId: must be integer');
    expect((await http.get('/things/7')).body.message).toContain(
      "headers x-trace: must have required property 'x-trace'",
    );
    expect((await http.get('/things/7').set('X-Trace', 'no')).body.message).toContain('headers x-trace: must match');
  });

  it('checks a body by its media type, without coercing its values', async () => {
    const wrongType = await http.post('/things/7').send({ name: 'a', size: '3' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({
      code: 'INVALID_BODY',
      message: 'Invalid body: body size: must be integer.',
    });
    const ok = await http.post('/things/7').send({ name: 'a', size: 3 });
    expect(ok.body.body).toEqual({ name: 'a', size: 3 });
    const text = await http.put('/things/7').set('Content-Type', 'text/plain').send('hello');
    expect(text.body.body).toBe('hello');
  });

  it('answers 415 for a media type the operation does not take, or none, and 400 for a required body missing', async () => {
    const xml = await http.post('/things/7').set('Content-Type', 'application/xml').send('<a/>');
    expect(xml.status).toBe(415);
    expect(xml.body.message).toBe(
      'The body must be application/json, not application/xml. Set Content-Type: application/json.',
    );
    const none = await http.post('/things/7');
    expect(none.status).toBe(415);
    expect(none.body.message).toContain('no Content-Type was sent');
    // A request that says JSON and sends no body at all (no Content-Length, no chunks) has none to parse.
    const check = createRequestChecker(CONTRACT);
    const postThing = CONTRACT.operations.find((operation) => operation.operationId === 'postThing');
    const bodiless = { headers: { 'content-type': 'application/json' }, query: {}, body: undefined } as Request;
    expect(postThing && check(postThing, bodiless, { thingId: '7' })?.toBody()).toEqual({
      code: 'INVALID_BODY',
      message: 'Invalid body: body: is required: send one as application/json.',
      status: 400,
    });
    // An optional body may be left out.
    expect((await http.put('/things/7')).status).toBe(200);
  });
});

describe('a contract the check cannot read', () => {
  it('stops at start, naming the parameter', () => {
    const withCookie = parseContract(
      `
openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /a:
    get:
      operationId: getA
      parameters: [{ name: session, in: cookie, schema: { type: string } }]
      responses: { '200': { description: ok } }
`,
      'cookie.yaml',
    );
    expect(() => createRequestChecker(withCookie)).toThrow(/getA: parameter session \(in: cookie\)/);
  });
});
