// The two most common changes a draft makes to how an API speaks: its errors moved to RFC 9457
// problem details, and its API key moved to bearer tokens. The mock answers in the draft's words:
// every error a problem details object of application/problem+json, the demo keys taken as bearer
// tokens, and the plans, limits and bans following the token; every exchange judged against the
// draft by a validator other than the mock's.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response, Test } from 'supertest';
import { bearerTokens, problemDetails, writeDraft } from '../support/drafts.js';
import { startTestMock, type TestMock } from '../support/mock.js';
import { createOutsideJudge, type OutsideJudge } from '../support/outside-judge.js';

let mock: TestMock;
let judge: OutsideJudge;

beforeAll(async () => {
  mock = await startTestMock({
    data: ':memory:',
    contract: await writeDraft(problemDetails, bearerTokens),
    lintContract: false,
  });
  judge = createOutsideJudge(mock.server.contractDraft?.document ?? {});
});
afterAll(async () => {
  expect(mock.contractBugs()).toEqual([]);
  await mock.server.close();
});

/** Sends a request, and has the outside judge check the exchange. */
async function judged(method: string, path: string, request: Test): Promise<Response> {
  const res = await request;
  expect(judge.faults({ method, path, status: res.status, headers: res.headers, body: res.body })).toEqual([]);
  return res;
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

describe('a draft whose errors are problem details', () => {
  it('answers a record that is not there with a problem details object, and its code where the answer lists one', async () => {
    const res = await judged(
      'GET',
      '/v1/pets/by-id/99999',
      mock.http.get('/v1/pets/by-id/99999').set(bearer('demo-free')),
    );
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: expect.stringContaining('No pet has id 99999'),
      instance: '/v1/pets/by-id/99999',
      // The draft's answer still lists its code (an extension member, RFC 9457 section 3.2).
      code: 'PET_NOT_FOUND',
    });
  });

  it('answers a body that breaks the schema with a 400 naming the field', async () => {
    const res = await judged(
      'POST',
      '/v1/pets',
      mock.http.post('/v1/pets').set(bearer('demo-free')).send({ name: 7, categoryId: 1 }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
    expect(res.body.detail).toMatch(/name/);
  });
});

describe('a draft whose credentials are bearer tokens', () => {
  it('takes the demo keys as bearer tokens', async () => {
    const res = await judged('GET', '/v1/pets', mock.http.get('/v1/pets?limit=2').set(bearer('demo-pro')));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
  });

  it('answers a request without a token 401, with the challenge and the scheme the draft declares', async () => {
    const res = await judged('GET', '/v1/pets', mock.http.get('/v1/pets').set('X-API-Key', 'demo-pro'));
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="petstore-mock"');
    expect(res.body).toMatchObject({ title: 'Unauthorized', status: 401 });
    expect(res.body.detail).toContain('Authorization: Bearer <key>');
    expect(res.body.detail).not.toContain('X-API-Key');
  });

  it('answers a token it does not know 401', async () => {
    const res = await judged('GET', '/v1/pets', mock.http.get('/v1/pets').set(bearer('nobody-knows-me')));
    expect(res.status).toBe(401);
    expect(res.body.detail).toContain('The bearer token in Authorization is not known');
  });

  it("counts the token's requests in its plan's windows, refuses the one past the limit, and bans it", async () => {
    // The clock stands still: a minute's window cannot end between the requests, however slow the machine.
    await mock.http.post('/__mock/clock').send({ frozen: true }).expect(200);
    await mock.http
      .put('/__mock/keys/tiny-token')
      .send({ plan: 'free', limits: { perMinute: 2, perDay: 100 } })
      .expect(200);
    const statuses: number[] = [];
    for (let sent = 0; sent < 3; sent += 1) {
      const res = await judged('GET', '/v1/categories', mock.http.get('/v1/categories').set(bearer('tiny-token')));
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.body).toMatchObject({ title: 'Too Many Requests', status: 429 });
      }
    }
    expect(statuses).toEqual([200, 200, 429]);
    const others = await mock.http.get('/v1/categories').set(bearer('demo-free'));
    expect(others.status).toBe(200);

    await mock.http.post('/__mock/keys/tiny-token/ban').send({ seconds: 30 }).expect(200);
    const banned = await judged('GET', '/v1/categories', mock.http.get('/v1/categories').set(bearer('tiny-token')));
    expect(banned.status).toBe(403);
    expect(banned.body).toMatchObject({ title: 'Forbidden', status: 403 });
    const state = await mock.http.get('/__mock/state');
    const key = state.body.keys.find((entry: { key: string }) => entry.key === 'tiny-token');
    expect(key.minute.used).toBe(2);
  });
});
