// express-openapi-validator is the mock's validator for both contracts: its request check runs on
// every request that names an operation, and its response check on every JSON answer, of the Pet
// Store API and of the control API alike. Counted by wrapping its own validators' entry points.
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from '@jest/globals';
import { DEMO_KEY, useTestMock } from '../support/mock.js';

type Validate = (this: unknown, ...args: unknown[]) => unknown;
type ValidatorClass = { prototype: Record<string, Validate> };

const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator/package.json'));
const { RequestValidator } = fromValidator('./dist/middlewares/openapi.request.validator.js') as {
  RequestValidator: ValidatorClass;
};
const { ResponseValidator } = fromValidator('./dist/middlewares/openapi.response.validator.js') as {
  ResponseValidator: ValidatorClass;
};

/** Counts the calls of a validator's method, which still does its work. */
function countCalls(target: ValidatorClass, method: string): { calls: string[]; restore(): void } {
  const original = target.prototype[method] as Validate;
  const calls: string[] = [];
  target.prototype[method] = function counted(this: unknown, ...args: unknown[]) {
    const req = args[0] as { method?: string; originalUrl?: string } | undefined;
    calls.push(`${req?.method ?? ''} ${req?.originalUrl ?? ''}`.trim());
    return original.apply(this, args);
  };
  return {
    calls,
    restore: () => {
      target.prototype[method] = original;
    },
  };
}

const requestChecks = countCalls(RequestValidator, 'validate');
// _validate gets the answer's body and status, not the request: counted as calls.
const responseChecks = countCalls(ResponseValidator, '_validate');
afterAll(() => {
  requestChecks.restore();
  responseChecks.restore();
});

describe("express-openapi-validator's own checks", () => {
  const mock = useTestMock();

  it('run on every API and control request, and on every JSON answer', async () => {
    const exchanges = [
      mock.http.get('/v1/pets?limit=2').set('X-API-Key', DEMO_KEY),
      mock.http.get('/v1/pets/by-id/1').set('X-API-Key', DEMO_KEY),
      mock.http.post('/v1/pets').set('X-API-Key', DEMO_KEY).send({ name: 'Kiwi', categoryId: 1 }),
      mock.http.get('/v1/pets?limit=500').set('X-API-Key', DEMO_KEY),
      mock.http.get('/__mock/state'),
      mock.http.get('/__mock/clock'),
      mock.http.put('/__mock/keys/counted').send({ plan: 'pro' }),
    ];
    const statuses = [];
    for (const exchange of exchanges) statuses.push((await exchange).status);
    expect(statuses).toEqual([200, 200, 201, 400, 200, 200, 200]);
    expect(requestChecks.calls).toEqual([
      'GET /v1/pets?limit=2',
      'GET /v1/pets/by-id/1',
      'POST /v1/pets',
      'GET /v1/pets?limit=500',
      'GET /__mock/state',
      'GET /__mock/clock',
      'PUT /__mock/keys/counted',
    ]);
    // Every answer above is JSON, the refusal's Error object included.
    expect(responseChecks.calls).toHaveLength(exchanges.length);
  });
});
