// An operation that declares no success at all (a redirect, a teapot, a status-code reference like
// readme's http-status-codes document) is answered with what it declares: its lowest 3xx, else
// its lowest 4xx or 5xx, with the body its schema gives; never a 200 it does not declare (a 500).
// One that declares only a 1xx, which ends no exchange, or no answer at all (OpenAPI 3.1 allows
// it), gets a 200 marked as the contract's gap.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';
import { NO_SUCCESS_DOCUMENT } from '../support/no-success-document.js';

const mock = useTestMock(() => servingDocument(NO_SUCCESS_DOCUMENT));

describe('an operation that declares no success', () => {
  it('answers its lowest 3xx before any error', async () => {
    expect((await mock.http.get('/old-home')).status).toBe(301);
  });

  it('answers its lowest 4xx or 5xx, with a body of its schema', async () => {
    const res = await mock.http.get('/teapot');
    expect(res.status).toBe(418);
    expect(typeof res.body.message).toBe('string');
    expect((await mock.http.delete('/gone')).status).toBe(410);
  });

  it('answers 200 where `default` stands for its success, and says how in its description', async () => {
    expect((await mock.http.get('/default-only')).status).toBe(200);
    const operations = (await mock.http.get('/__mock/operations')).body.operations as Array<{
      operationId: string;
      how: string;
    }>;
    expect(operations.find((operation) => operation.operationId === 'brewCoffee')?.how).toMatch(/^answers 418 /);
  });

  it('answers one that declares only a 1xx with a 200, marked as a gap and kept in the violation log, never a 500', async () => {
    const res = await mock.http.get('/status/100');
    expect(res.status).toBe(200);
    expect(res.headers['x-mock-contract-gap']).toBe(
      'keepGoing declares only informational answers (100), which end no exchange: answered 200',
    );
    const { violations } = (await mock.http.get('/__mock/violations')).body as {
      violations: Array<{ operationId: string; location: string; message: string }>;
    };
    expect(violations).toContainEqual(
      expect.objectContaining({
        operationId: 'keepGoing',
        location: 'contract',
        message: expect.stringMatching(
          /only informational answers .*Declare the final answer \(a 2xx\) in the contract\.$/,
        ),
      }),
    );
  });

  it('answers one that declares no answer at all with a 200, marked as a gap, never a 500', async () => {
    const res = await mock.http.post('/sketch').send({});
    expect(res.status).toBe(200);
    expect(res.headers['x-mock-contract-gap']).toBe('sketchOnly declares no answer at all: answered 200');
    const { violations } = (await mock.http.get('/__mock/violations')).body as {
      violations: Array<{ operationId: string; message: string }>;
    };
    expect(violations).toContainEqual(
      expect.objectContaining({ operationId: 'sketchOnly', message: expect.stringMatching(/Declare its answers/) }),
    );
  });
});
