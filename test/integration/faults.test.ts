// Faults beyond 429 through the control API (POST /__mock/faults), over real connections: a
// reset after the request was carried out, an answer cut short of its Content-Length, a stall
// of the head then silence, a 503 with Retry-After; each covering keys, operations, counts and
// shares as a storm does, in the request record, and stopped or reset by hand.
import { describe, expect, it } from '@jest/globals';
import { exchange } from '../support/exchange.js';
import { errorShape, useTestMock } from '../support/mock.js';

const KEY = { 'X-API-Key': 'demo-pro' };

describe('faults beyond 429 (/__mock/faults)', () => {
  const mock = useTestMock({ data: ':memory:' }, 'each');
  const startFault = (spec: Record<string, unknown>) => mock.http.post('/__mock/faults').send(spec);
  const url = (path: string) => `${mock.server.url}${path}`;

  it('resets the connection of a create after the pet was stored: the client sees ECONNRESET, the pet is there', async () => {
    const started = await startFault({ kind: 'reset', requests: 1, operations: ['createPet'] });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ kind: 'reset', requestLimit: 1, covered: 0, failed: 0, running: true });
    const create = await exchange(url('/pets'), {
      method: 'POST',
      headers: KEY,
      body: '{"name":"Lost","categoryId":1}',
    });
    expect(create).toMatchObject({ error: 'ECONNRESET', body: '' });
    expect(create.status).toBeUndefined();
    const found = await mock.http.get('/v1/pets?name=Lost').set(KEY);
    expect(found.body).toEqual([expect.objectContaining({ name: 'Lost', categoryId: 1 })]);
    const [recorded] = (await mock.http.get('/__mock/keys/demo-pro/requests')).body;
    expect(recorded).toMatchObject({ method: 'POST', status: 201, operationId: 'createPet', fault: 'reset' });
    // The next create is answered: the fault covered one request.
    expect((await mock.http.post('/v1/pets').set(KEY).send({ name: 'Kept', categoryId: 1 })).status).toBe(201);
  });

  it('cuts an answer short of its Content-Length: the head and half the body, then the connection closes', async () => {
    await startFault({ kind: 'cut', requests: 1 });
    const cut = await exchange(url('/pets?limit=10'), { headers: KEY });
    expect(cut.status).toBe(200);
    const length = Number(cut.headers?.['content-length']);
    expect(length).toBeGreaterThan(100);
    expect(Buffer.byteLength(cut.body)).toBe(Math.floor(length / 2));
    expect(cut.complete).toBe(false);
    expect(() => JSON.parse(cut.body)).toThrow();
    const whole = await exchange(url('/pets?limit=10'), { headers: KEY });
    expect(whole).toMatchObject({ status: 200, complete: true });
    expect(JSON.parse(whole.body)).toHaveLength(10);
  });

  it('stalls: the head comes, then nothing for stallSeconds, then the connection closes without the body', async () => {
    await startFault({ kind: 'stall', requests: 2, stallSeconds: 2 });
    // A client with a timeout on the body gives up on it, however late a busy machine let the head come ...
    const timedOut = await exchange(url('/pets?limit=1'), { headers: KEY, bodyTimeoutMs: 300 });
    expect(timedOut).toMatchObject({ status: 200, body: '', error: 'TIMEOUT' });
    // ... one without waits the whole silence, and gets no body.
    const waited = await exchange(url('/pets?limit=1'), { headers: KEY });
    expect(waited).toMatchObject({ status: 200, body: '', complete: false });
    expect(waited.ms).toBeGreaterThanOrEqual(1_900);
    expect(waited.ms).toBeLessThan(8_000);
    const faults = (await mock.http.get('/__mock/state')).body.faults;
    expect(faults).toEqual([
      expect.objectContaining({ kind: 'stall', stallSeconds: 2, covered: 2, failed: 2, running: false }),
    ]);
  });

  it('a stop of the mock ends a stall at once instead of waiting out its silence', async () => {
    await startFault({ kind: 'stall' });
    const stalled = exchange(url('/pets?limit=1'), { headers: KEY });
    // Wait until the head has come (the answer is under way), then stop.
    for (let tries = 0; tries < 50 && (await mock.server.control.faults())[0]?.covered === 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const stopping = Date.now();
    await mock.server.close();
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(await stalled).toMatchObject({ status: 200, body: '', complete: false });
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, the Error object and the limit headers, doing nothing', async () => {
    await startFault({ kind: 'unavailable', requests: 1, retryAfterSeconds: 4 });
    const refused = await mock.http.post('/v1/pets').set(KEY).send({ name: 'Never', categoryId: 1 });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual(errorShape(503, 'SERVICE_UNAVAILABLE'));
    expect(refused.headers).toMatchObject({ 'retry-after': '4', 'x-ratelimit-limit': '300' });
    expect((await mock.http.get('/v1/pets?name=Never').set(KEY)).body).toEqual([]);
    // The 503's Retry-After is judged as a 429's: a retry before it is too early.
    await mock.http.get('/v1/pets?limit=1').set(KEY);
    const report = (await mock.http.get('/__mock/keys/demo-pro/compliance')).body;
    expect(report.violations).toEqual([expect.objectContaining({ kind: 'retried-too-early', requiredSeconds: 4 })]);
    const timeline = (await mock.http.get('/__mock/keys/demo-pro/timeline')).body;
    expect(timeline.counts).toMatchObject({ fault: 1, answered: 2 });
  });

  it('covers the keys, operations and share given, as a storm does; a storm and a fault keep to their own lists', async () => {
    await mock.http.post('/__mock/storms').send({ keys: ['demo-free'] });
    const fault = (
      await startFault({ kind: 'unavailable', fraction: 0.5, keys: ['demo-pro'], operations: ['listPets'] })
    ).body;
    const statuses = [];
    for (let sent = 0; sent < 4; sent += 1) statuses.push((await mock.http.get('/v1/pets').set(KEY)).status);
    expect(statuses).toEqual([200, 503, 200, 503]);
    expect((await mock.http.get('/v1/categories').set(KEY)).status).toBe(200);
    expect((await mock.http.get('/v1/pets').set('X-API-Key', 'demo-business')).status).toBe(200);

    const state = (await mock.http.get('/__mock/state')).body;
    expect(state.faults).toEqual([
      expect.objectContaining({ id: fault.id, kind: 'unavailable', covered: 4, failed: 2 }),
    ]);
    expect(state.storms).toHaveLength(1);
    expect((await mock.http.get('/__mock/faults')).body).toHaveLength(1);
    expect((await mock.http.delete(`/__mock/storms/${fault.id}`)).body).toEqual(errorShape(404, 'STORM_NOT_FOUND'));
    expect((await mock.http.delete(`/__mock/faults/${state.storms[0].id}`)).body).toEqual(
      errorShape(404, 'FAULT_NOT_FOUND'),
    );
    expect((await mock.http.delete('/__mock/faults')).status).toBe(204);
    const after = (await mock.http.get('/__mock/state')).body;
    expect([after.faults, after.storms.length]).toEqual([[], 1]);
    expect((await startFault({ kind: 'timeout' })).body).toEqual(errorShape(400, 'INVALID_BODY'));
    expect((await startFault({ fraction: 0.5 })).body).toEqual(errorShape(400, 'INVALID_BODY'));
    await startFault({ kind: 'reset' });
    expect((await mock.http.post('/__mock/reset')).status).toBe(204);
    expect((await mock.http.get('/__mock/faults')).body).toEqual([]);
  });

  it('PUT /keys/{key}/counters puts a key at its limit for 3 s without a request or a move of the clock', async () => {
    const set = await mock.http
      .put('/__mock/keys/demo-free/counters')
      .send({ minute: { used: 60, resetsInSeconds: 3 } });
    expect(set.status).toBe(200);
    expect(set.body.minute).toMatchObject({ limit: 60, used: 60, remaining: 0 });
    const resetsInMs = Date.parse(set.body.minute.resetsAt) - Date.now();
    expect(resetsInMs).toBeGreaterThan(1_000);
    expect(resetsInMs).toBeLessThanOrEqual(3_000);
    const refused = await mock.http.get('/v1/pets').set('X-API-Key', 'demo-free');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3);
    expect(Number(refused.headers['x-ratelimit-reset']) * 1000).toBe(Date.parse(set.body.minute.resetsAt));
    expect((await mock.http.put('/__mock/keys/nobody/counters').send({ day: { used: 1 } })).body).toEqual(
      errorShape(404, 'KEY_NOT_FOUND'),
    );
    expect(
      (await mock.http.put('/__mock/keys/demo-free/counters').send({ minute: { resetsInSeconds: 61 } })).body,
    ).toEqual(errorShape(400, 'INVALID_BODY'));
    expect((await mock.http.put('/__mock/keys/demo-free/counters').send({})).body).toEqual(
      errorShape(400, 'INVALID_BODY'),
    );
  });
});
