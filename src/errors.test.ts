import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { createLastWordHandler, HttpError, invalidRequest, toHttpError } from './errors.js';
import { StorageError } from './store/storage-error.js';

const codeOf = (error: unknown) => toHttpError(error, '/v1/pets').code;

describe("the error middleware's mapping to the catalogue", () => {
  it("turns Express's body parser's refusals into the client's errors", () => {
    expect(codeOf({ type: 'entity.parse.failed', message: 'Unexpected end' })).toBe('MALFORMED_JSON');
    expect(codeOf({ type: 'request.size.invalid' })).toBe('MALFORMED_JSON');
    expect(codeOf({ type: 'request.aborted' })).toBe('MALFORMED_JSON');
    expect(codeOf({ type: 'entity.too.large' })).toBe('PAYLOAD_TOO_LARGE');
    expect(codeOf({ type: 'charset.unsupported' })).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(codeOf(new URIError('URI malformed'))).toBe('INVALID_PARAMETER');
  });

  it('says what the storage refused without the file path, and keeps its own errors as they are', () => {
    const refused = toHttpError(
      new StorageError('/srv/data/db.json', 'ENOSPC: no space left on device', 'ENOSPC'),
      '/v1/pets',
    );
    expect(refused.code).toBe('STORAGE_FAILED');
    expect(refused.message).not.toContain('/srv/data');
    const own = new HttpError('PET_NOT_FOUND', 'No pet 9.');
    expect(toHttpError(own, '/v1/pets/by-id/9')).toBe(own);
  });

  it('calls anything else an internal error, whose message points at the log', () => {
    const unknown = toHttpError(new TypeError('x is undefined'), '/v1/pets');
    expect(unknown.toBody()).toEqual({
      code: 'INTERNAL_ERROR',
      status: 500,
      message: 'The mock failed unexpectedly; its log says why.',
    });
  });
});

describe('a request the contract refuses', () => {
  it('names each field and its rule, a rule listing thousands of values cut short', () => {
    const values = Array.from({ length: 5000 }, (_, index) => `v${index}`).join(', ');
    const error = invalidRequest([
      { path: '/path/v', message: `must be equal to one of the allowed values: ${values}` },
      { path: '/query/limit', message: 'must be <= 100' },
    ]);
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.message).toMatch(
      /^Invalid request: path v: must be equal to one of the allowed values: v0, v1, .*, …; query limit: must be <= 100\.$/,
    );
    expect(error.message.length).toBeLessThan(400);
  });
});

describe('the last word on a failure of the error answer itself', () => {
  it("is the Error object in JSON, never Express's HTML page", async () => {
    const app = express();
    const logged: string[] = [];
    app.get('/x', () => {
      throw new HttpError('INVALID_PARAMETER', 'Bad.');
    });
    // The error answer failing in express-openapi-validator's hook on res.json, which hands what
    // it throws to next: past the error middleware.
    app.use((_error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
      res.status(400);
      next(new TypeError('Cannot convert undefined or null to object'));
    });
    app.use(createLastWordHandler((line) => logged.push(line)));
    const res = await request(app).get('/x');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'The mock failed unexpectedly; its log says why.',
      status: 500,
    });
    expect(logged.join('\n')).toContain('Cannot convert undefined or null to object');
  });
});
