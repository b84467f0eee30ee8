// Scopes over HTTP: X-Mock-Scope gives each test a world of its own on one mock (spec/control.yaml,
// "Scopes"), made by its first request, listed and dropped through the control API, bounded in
// number and in idle time, and never written to the data file.

import { describe, expect, it } from '@jest/globals';
import { readStoredData } from '../../src/store/create-store.js';
import { errorShape, useTestMock } from '../support/mock.js';
import { sendRaw } from '../support/raw-http.js';

const START = '2026-11-21T10:00:05Z';
const SCOPE = 'X-Mock-Scope';

describe('two scopes side by side', () => {
  const mock = useTestMock({ clockStart: START, clockFrozen: true }, 'reset');
  const get = (key: string, path: string, scope?: string) => {
    const call = mock.http.get(path).set('X-API-Key', key);
    return scope === undefined ? call : call.set(SCOPE, scope);
  };
  const control = (scope: string) => ({
    get: (path: string) => mock.http.get(`/__mock${path}`).set(SCOPE, scope),
    post: (path: string, body: object = {}) => mock.http.post(`/__mock${path}`).set(SCOPE, scope).send(body),
    put: (path: string, body: object) => mock.http.put(`/__mock${path}`).set(SCOPE, scope).send(body),
  });

  it('each has its own data, limits, ban, storm and clock, and the default scope is untouched', async () => {
    const dataBefore = JSON.stringify(mock.server.store.data);
    const created = await Promise.all(
      ['alpha', 'beta'].map((scope) =>
        mock.http
          .post('/v1/pets')
          .set('X-API-Key', 'demo-pro')
          .set(SCOPE, scope)
          .send({ name: `Pet of ${scope}`, categoryId: 1 }),
      ),
    );
    // Both start from the same fixtures: the same next id, each its own pet under it.
    expect(created.map((res) => res.status)).toEqual([201, 201]);
    const id = created[0]?.body.id;
    expect(created[1]?.body.id).toBe(id);
    expect((await get('demo-pro', `/v1/pets/by-id/${id}`, 'alpha')).body.name).toBe('Pet of alpha');
    expect((await get('demo-pro', `/v1/pets/by-id/${id}`, 'beta')).body.name).toBe('Pet of beta');
    expect((await get('demo-pro', `/v1/pets/by-id/${id}`)).body).toEqual(errorShape(404, 'PET_NOT_FOUND'));

    // Keys and limits: a key put in alpha is unknown elsewhere.
    await control('alpha').put('/keys/tight', { plan: 'free', limits: { perMinute: 2, perDay: 100 } });
    // A scope's clock runs at real time: held, so that no minute's end falls between the three.
    await control('alpha').post('/clock', { frozen: true });
    const tight = [];
    for (let sent = 0; sent < 3; sent += 1) tight.push((await get('tight', '/v1/categories', 'alpha')).status);
    expect(tight).toEqual([200, 200, 429]);
    expect((await get('tight', '/v1/categories', 'beta')).body).toEqual(errorShape(401, 'API_KEY_INVALID'));

    // A ban in alpha, a storm in beta.
    expect((await control('alpha').post('/keys/demo-free/ban', { seconds: 60 })).status).toBe(200);
    expect((await control('beta').post('/storms', { keys: ['demo-pro'] })).status).toBe(201);
    expect((await get('demo-free', '/v1/categories', 'alpha')).status).toBe(403);
    expect((await get('demo-free', '/v1/categories', 'beta')).status).toBe(200);
    expect((await get('demo-pro', '/v1/categories', 'beta')).status).toBe(429);
    expect((await get('demo-pro', '/v1/categories', 'alpha')).status).toBe(200);

    // The clock: alpha's moved and frozen, beta's at real time, the default's where the mock started it.
    await control('alpha').post('/clock', { now: '2030-01-01T00:00:00Z', frozen: true });
    expect((await control('alpha').get('/clock')).body).toEqual({ now: '2030-01-01T00:00:00.000Z', frozen: true });
    const beta = (await control('beta').get('/clock')).body;
    expect(beta.frozen).toBe(false);
    expect(Math.abs(Date.parse(beta.now) - Date.now())).toBeLessThan(60_000);
    // Alpha's ban ran out at its clock's new time, and its answers are dated by that clock.
    const alphaAnswer = await get('demo-free', '/v1/categories', 'alpha');
    expect(alphaAnswer.status).toBe(200);
    expect(alphaAnswer.headers.date).toBe('Tue, 01 Jan 2030 00:00:00 GMT');

    // Settings, the request record and its compliance report are the scope's own too.
    await mock.http
      .patch('/__mock/settings')
      .set(SCOPE, 'beta')
      .send({ ban: { seconds: 99 } });
    expect((await control('beta').get('/state')).body.settings.ban.seconds).toBe(99);
    expect((await control('alpha').get('/state')).body.settings.ban.seconds).toBe(600);
    expect((await control('alpha').get('/keys/tight/compliance')).body).toMatchObject({ requests: 3, refused: 1 });
    expect((await control('beta').get('/keys/tight/compliance')).body).toEqual(errorShape(404, 'KEY_NOT_FOUND'));

    // The state of a scope says which it is; the default scope saw none of this.
    const alphaState = (await control('alpha').get('/state')).body;
    expect(alphaState.scope).toBe('alpha');
    expect(alphaState.keys.map((key: { key: string }) => key.key)).toContain('tight');
    const defaultState = (await mock.http.get('/__mock/state')).body;
    expect(defaultState.scope).toBeUndefined();
    expect(defaultState.clock).toEqual({ now: '2026-11-21T10:00:05.000Z', frozen: true });
    expect(defaultState.storms).toEqual([]);
    expect(defaultState.keys.map((key: { key: string }) => key.key)).not.toContain('tight');
    expect(defaultState.keys.every((key: { banned: boolean }) => !key.banned)).toBe(true);
    expect(defaultState.settings.ban.seconds).toBe(600);
    // Its record holds the one request sent to it without the header.
    const defaultRecord = (await mock.http.get('/__mock/keys/demo-pro/requests')).body;
    expect(defaultRecord.map((entry: { status: number }) => entry.status)).toEqual([404]);
    expect(JSON.stringify(mock.server.store.data)).toBe(dataBefore);
    expect(mock.logLines.some((line) => /^POST \/v1\/pets 201 .* key=demo-pro scope=alpha$/.test(line))).toBe(true);
  });

  it('reset brings back only the addressed scope', async () => {
    await control('alpha').post('/keys/demo-free/ban');
    await control('beta').post('/keys/demo-free/ban');
    await mock.http.post('/__mock/keys/demo-free/ban');
    expect((await control('alpha').post('/reset')).status).toBe(204);
    expect((await get('demo-free', '/v1/categories', 'alpha')).status).toBe(200);
    expect((await get('demo-free', '/v1/categories', 'beta')).status).toBe(403);
    expect((await get('demo-free', '/v1/categories')).status).toBe(403);
  });

  it('the programmatic handle gives the headers, control and clock of a scope', async () => {
    const scope = mock.server.scope('handle');
    expect(scope.headers).toEqual({ 'X-Mock-Scope': 'handle' });
    await scope.control.ban('demo-free', 30);
    const inScope = await fetch(`${mock.server.url}/pets`, { headers: { ...scope.headers, 'X-API-Key': 'demo-free' } });
    expect(inScope.status).toBe(403);
    expect((await get('demo-free', '/v1/pets')).status).toBe(200);
    scope.clock.advance(31);
    expect((await get('demo-free', '/v1/pets', 'handle')).status).toBe(200);
    expect(mock.server.clock.now().toISOString()).toBe('2026-11-21T10:00:05.000Z');
    // Dropped and made anew: the handle acts in the new world.
    await scope.control.ban('demo-free');
    expect((await mock.http.delete('/__mock/scopes/handle')).status).toBe(204);
    expect((await scope.control.key('demo-free')).banned).toBe(false);
    expect(() => mock.server.scope('no spaces')).toThrow('X-Mock-Scope must be a scope name');
  });
});

describe('the scopes of a mock', () => {
  const mock = useTestMock({}, 'reset');
  const touch = (scope: string) => mock.http.get('/v1/categories').set('X-API-Key', 'demo-free').set(SCOPE, scope);

  it('are listed oldest first with their times and requests, and dropped on demand', async () => {
    await touch('first');
    await touch('second');
    await touch('second');
    await mock.http.get('/__mock/state').set(SCOPE, 'second');
    const { body } = await mock.http.get('/__mock/scopes');
    expect(body).toMatchObject({ maxScopes: 1000, idleSeconds: 1800 });
    expect(body.scopes.map((scope: { name: string; requests: number }) => [scope.name, scope.requests])).toEqual([
      ['first', 1],
      ['second', 3],
    ]);
    const [first] = body.scopes;
    expect(Date.parse(first.expiresAt) - Date.parse(first.lastUsedAt)).toBe(1_800_000);
    expect(Date.parse(first.createdAt)).toBeLessThanOrEqual(Date.parse(first.lastUsedAt));

    expect((await mock.http.delete('/__mock/scopes/first')).status).toBe(204);
    expect((await mock.http.delete('/__mock/scopes/first')).body).toEqual(errorShape(404, 'SCOPE_NOT_FOUND'));
    const names = (await mock.http.get('/__mock/scopes')).body.scopes.map((scope: { name: string }) => scope.name);
    expect(names).toEqual(['second']);
    // Listing and dropping do not make the scope they are sent in.
    await mock.http.get('/__mock/scopes').set(SCOPE, 'onlooker');
    expect((await mock.http.get('/__mock/scopes')).body.scopes).toHaveLength(1);
  });

  it('refuse a header that is not a scope name, on the API and the control API alike', async () => {
    for (const value of ['', 'has space', 'x'.repeat(65), 'a/b', 'two, names', 'ünïcode']) {
      const api = await sendRaw(mock.server.origin, {
        method: 'GET',
        path: '/v1/pets',
        headers: { 'X-API-Key': 'demo-free', [SCOPE]: value },
      });
      expect({ value, status: api.status, body: JSON.parse(api.text) }).toEqual({
        value,
        status: 400,
        body: errorShape(400, 'INVALID_SCOPE'),
      });
      expect(api.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      const control = await sendRaw(mock.server.origin, {
        method: 'GET',
        path: '/__mock/scopes',
        headers: { [SCOPE]: value },
      });
      expect(JSON.parse(control.text)).toEqual(errorShape(400, 'INVALID_SCOPE'));
    }
    for (const value of ['a'.repeat(64), 'A.b_c-9']) expect((await touch(value)).status).toBe(200);
    expect((await mock.http.get('/__mock/scopes')).body.scopes).toHaveLength(2);
  });

  it('keep scoped writes out of the data file', async () => {
    // What is stored: the data file with its journal (where writes go first).
    const stored = () => readStoredData(mock.server.store.location);
    const before = await stored();
    const scoped = (request: ReturnType<typeof mock.http.get>) => request.set(SCOPE, 'in-memory');
    expect(
      (await scoped(mock.http.post('/v1/pets').set('X-API-Key', 'demo-free')).send({ name: 'Kept', categoryId: 1 }))
        .status,
    ).toBe(201);
    expect((await scoped(mock.http.put('/__mock/keys/scoped-key')).send({ plan: 'pro' })).status).toBe(200);
    expect((await scoped(mock.http.delete('/v1/pets/60').set('X-API-Key', 'demo-free'))).status).toBe(204);
    expect((await scoped(mock.http.post('/__mock/reset'))).status).toBe(204);
    expect((await scoped(mock.http.delete('/v1/categories/6').set('X-API-Key', 'demo-free'))).status).toBe(409);
    expect(await stored()).toEqual(before);
    // The same write without the header is stored: the comparison above can fail.
    await mock.http.put('/__mock/keys/default-key').send({ plan: 'pro' });
    expect(await stored()).not.toEqual(before);
  });

  it('count each scope exactly when 20 of them are hammered at once', async () => {
    const scopes = Array.from({ length: 20 }, (_, index) => `hammer-${index}`);
    for (const scope of scopes) {
      await mock.http
        .put('/__mock/keys/hammer')
        .set(SCOPE, scope)
        .send({ plan: 'free', limits: { perMinute: 15, perDay: 1000 } });
      await mock.http.post('/__mock/clock').set(SCOPE, scope).send({ frozen: true });
    }
    // 25 requests per scope, interleaved, 32 at a time: 15 within the limit, 10 refused, none banned.
    const queue = Array.from({ length: 25 }, () => scopes).flat();
    const statuses = new Map<string, number[]>(scopes.map((scope) => [scope, []]));
    const worker = async () => {
      for (let scope = queue.pop(); scope !== undefined; scope = queue.pop()) {
        const res = await sendRaw(mock.server.origin, {
          method: 'GET',
          path: '/v1/categories',
          headers: { 'X-API-Key': 'hammer', [SCOPE]: scope },
        });
        statuses.get(scope)?.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    for (const scope of scopes) {
      const answers = statuses.get(scope) ?? [];
      const count = (wanted: number) => answers.filter((status) => status === wanted).length;
      expect({ scope, ok: count(200), limited: count(429) }).toEqual({ scope, ok: 15, limited: 10 });
    }
    const states = await Promise.all(
      scopes.map(async (scope) => (await mock.http.get('/__mock/state').set(SCOPE, scope)).body),
    );
    for (const state of states) {
      const hammer = state.keys.find((key: { key: string }) => key.key === 'hammer');
      // The first refusal starts the limit; the nine after it count toward a ban (of 10).
      expect(hammer).toMatchObject({ minute: { used: 15 }, limited: true, requestsWhileLimited: 9, banned: false });
    }
    expect((await mock.http.get('/__mock/keys/hammer/requests')).body).toEqual(errorShape(404, 'KEY_NOT_FOUND'));
  });
});

describe('idle scopes', () => {
  const mock = useTestMock({ scopeIdleSeconds: 1 });

  it('are dropped once unused for the idle time, and a later request starts the scope afresh', async () => {
    const sentAt = Date.now();
    const create = await mock.http
      .post('/v1/pets')
      .set('X-API-Key', 'demo-free')
      .set(SCOPE, 'brief')
      .send({ name: 'Brief', categoryId: 1 });
    expect(create.status).toBe(201);
    // Never dropped before its idle time: listed until then, with its expiry one idle time after
    // its last use (a machine too busy to ask within the second finds it gone, and rightly so).
    const listed = (await mock.http.get('/__mock/scopes')).body.scopes;
    if (listed.length === 0) expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1_000);
    else {
      expect(listed.map((scope: { name: string }) => scope.name)).toEqual(['brief']);
      expect(Date.parse(listed[0].expiresAt) - Date.parse(listed[0].lastUsedAt)).toBe(1_000);
    }
    // Idle time is real time (a scope's own clock may stand still): wait it out, bounded.
    const deadline = Date.now() + 5_000;
    while ((await mock.http.get('/__mock/scopes')).body.scopes.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await mock.http.get('/__mock/scopes')).body.scopes).toEqual([]);
    const again = await mock.http
      .get(`/v1/pets/by-id/${create.body.id}`)
      .set('X-API-Key', 'demo-free')
      .set(SCOPE, 'brief');
    expect(again.body).toEqual(errorShape(404, 'PET_NOT_FOUND'));
  });
});

describe('the limit on scopes', () => {
  const mock = useTestMock({ maxScopes: 2 });
  const touch = (scope: string) => mock.http.get('/v1/categories').set('X-API-Key', 'demo-free').set(SCOPE, scope);

  it('refuses a scope more with an Error naming the limit and the option, until one is dropped', async () => {
    expect((await touch('one')).status).toBe(200);
    expect((await touch('two')).status).toBe(200);
    const refused = await touch('three');
    expect(refused.body).toEqual(errorShape(503, 'TOO_MANY_SCOPES'));
    expect(refused.body.message).toContain('holds 2 scopes, its limit (--max-scopes 2)');
    expect(refused.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    expect((await mock.http.get('/__mock/state').set(SCOPE, 'three')).body).toEqual(errorShape(503, 'TOO_MANY_SCOPES'));
    expect(() => mock.server.scope('three').clock.now()).toThrow('--max-scopes');
    // The scopes it holds still work, and the default scope is no scope.
    expect((await touch('one')).status).toBe(200);
    expect((await mock.http.get('/v1/categories').set('X-API-Key', 'demo-free')).status).toBe(200);
    await mock.http.delete('/__mock/scopes/one');
    expect((await touch('three')).status).toBe(200);
  });
});
