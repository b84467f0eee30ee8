import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import type { HttpError } from '../errors.js';
import { COMPILED_PETSTORE_SPEC_FILE, PETSTORE_SPEC_FILE } from '../package-root.js';
import { loadContract, type OperationInfo, parseContract } from './load-contract.js';
import { createResponseHeaderChecker, guardResponses, type HeaderReader } from './response-contract.js';

const contract = loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE);
const check = createResponseHeaderChecker(contract);
const operation = (id: string) =>
  contract.operations.find((candidate) => candidate.operationId === id) as OperationInfo;

const LIMIT_HEADERS = { 'x-ratelimit-limit': 60, 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': 1795260060 };
const headers =
  (values: Record<string, number | string>): HeaderReader =>
  (name) =>
    values[name.toLowerCase()];

describe("the check of the headers of the mock's own responses", () => {
  it('passes an answer whose headers keep the contract', () => {
    expect(check(operation('getPet'), 200, headers(LIMIT_HEADERS))).toEqual([]);
  });

  it('finds a required header missing, and one whose value breaks its schema', () => {
    const { 'x-ratelimit-reset': _reset, ...withoutReset } = LIMIT_HEADERS;
    expect(check(operation('getPet'), 200, headers(withoutReset))).toEqual(['header X-RateLimit-Reset is required']);
    expect(check(operation('getPet'), 200, headers({ ...LIMIT_HEADERS, 'x-ratelimit-remaining': '-1' }))).toEqual([
      'header X-RateLimit-Remaining "-1" must be >= 0',
    ]);
    expect(check(operation('getPet'), 200, headers({ ...LIMIT_HEADERS, 'x-ratelimit-limit': 'lots' }))).toEqual([
      'header X-RateLimit-Limit "lots" is not an integer',
    ]);
  });

  it('judges each value on its own: one that passed before lets no other through', () => {
    const remaining = (value: string) =>
      check(
        operation('listPets'),
        200,
        headers({ ...LIMIT_HEADERS, 'x-ratelimit-remaining': value, 'x-total-count': 3 }),
      );
    expect(remaining('58')).toEqual([]);
    expect(remaining('-2')).toEqual(['header X-RateLimit-Remaining "-2" must be >= 0']);
    expect(remaining('58')).toEqual([]);
    expect(remaining('5.8')).toEqual(['header X-RateLimit-Remaining "5.8" is not an integer']);
  });

  it('refuses a status the operation does not declare', () => {
    expect(check(operation('getPet'), 404, headers(LIMIT_HEADERS))).toEqual([]);
    expect(check(operation('getPet'), 418, headers(LIMIT_HEADERS))).toEqual(['status 418 is not declared for getPet']);
  });

  it('checks the headers of a deprecated operation (Deprecation, Sunset, Link)', () => {
    const problems = check(operation('getPetLegacy'), 200, headers(LIMIT_HEADERS));
    expect(problems).toEqual(expect.arrayContaining(['header Deprecation is required', 'header Sunset is required']));
  });
});

describe('the check installed on an app', () => {
  /** An app whose one route answers as the deletePet operation, with the headers given. */
  function appAnswering(answer: (res: express.Response) => void) {
    const app = express();
    const reported: HttpError[] = [];
    guardResponses(
      app,
      () => ({ operation: operation('deletePet'), checkHeaders: check }),
      (_res, error) => {
        reported.push(error);
      },
      () => undefined,
    );
    app.delete('/pets/:petId', (_req, res) => answer(res));
    return { app, reported };
  }

  it('checks an answer without a body (204) too, and turns a breach into the 500 Error object', async () => {
    const { app, reported } = appAnswering((res) => {
      res.setHeader('X-RateLimit-Limit', '60');
      res.status(204).end();
    });
    const res = await request(app).delete('/pets/1');
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 'RESPONSE_VALIDATION_FAILED', status: 500 });
    expect(res.body.message).toContain('header X-RateLimit-Remaining is required');
    expect(reported).toHaveLength(1);
  });

  it('checks a JSON answer once, and answers the Error object instead of one that breaks the contract', async () => {
    const app = express();
    const checkedStatuses: number[] = [];
    const counting: typeof check = (answered, status, header) => {
      checkedStatuses.push(status);
      return check(answered, status, header);
    };
    guardResponses(
      app,
      () => ({ operation: operation('getPet'), checkHeaders: counting }),
      () => undefined,
      () => undefined,
    );
    app.get('/kept', (_req, res) => {
      for (const [name, value] of Object.entries(LIMIT_HEADERS)) res.setHeader(name, String(value));
      res.json({ id: 1 });
    });
    app.get('/broken', (_req, res) => {
      res.json({ id: 1 });
    });
    const kept = await request(app).get('/kept');
    expect([kept.status, kept.body]).toEqual([200, { id: 1 }]);
    expect(checkedStatuses).toEqual([200]);
    const broken = await request(app).get('/broken');
    expect(broken.status).toBe(500);
    expect(broken.body).toMatchObject({ code: 'RESPONSE_VALIDATION_FAILED', status: 500 });
    expect(checkedStatuses).toEqual([200, 200]);
  });

  it('lets an answer that keeps the contract through unchanged', async () => {
    const { app, reported } = appAnswering((res) => {
      for (const [name, value] of Object.entries(LIMIT_HEADERS)) res.setHeader(name, String(value));
      res.status(204).end();
    });
    const res = await request(app).delete('/pets/1');
    expect(res.status).toBe(204);
    expect(reported).toEqual([]);
  });
});

describe('headers declared as numbers and booleans', () => {
  // Discord's X-RateLimit-Reset is a number (a Unix time with its fraction): read as one, it passed.
  const declared = {
    openapi: '3.1.0',
    info: { title: 'Limits', version: '1' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          responses: {
            200: {
              description: 'ok',
              headers: {
                'X-RateLimit-Reset': { schema: { type: 'number', minimum: 0 } },
                'X-Global': { schema: { type: 'boolean' } },
              },
            },
          },
        },
      },
    },
  };
  const limits = parseContract(JSON.stringify(declared), 'limits.json');
  const checkThings = (values: Record<string, string>) =>
    createResponseHeaderChecker(limits)(
      limits.operations[0] as OperationInfo,
      200,
      (name) => values[name.toLowerCase()],
    );

  it('reads a number or a boolean written as one, and names one that is not', () => {
    expect(checkThings({ 'x-ratelimit-reset': '1470173023.123', 'x-global': 'false' })).toEqual([]);
    expect(checkThings({ 'x-ratelimit-reset': '1796665200', 'x-global': 'true' })).toEqual([]);
    expect(checkThings({ 'x-ratelimit-reset': 'soon', 'x-global': 'yes' })).toEqual([
      'header X-RateLimit-Reset "soon" is not a number',
      'header X-Global "yes" is not a boolean',
    ]);
    expect(checkThings({ 'x-ratelimit-reset': '-1.5' })).toEqual(['header X-RateLimit-Reset "-1.5" must be >= 0']);
  });
});
