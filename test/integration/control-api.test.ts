import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { controlAccess, createControlGuard } from '../../src/control/control-access.js';
import { createErrorMiddleware } from '../../src/errors.js';
import { errorShape, startTestMock, useTestMock } from '../support/mock.js';

const START = '2026-11-21T10:00:05Z';

describe('the control API (/__mock)', () => {
  const mock = useTestMock({ clockStart: START, clockFrozen: true }, 'reset');
  const api = (key: string, path = '/v1/categories') => mock.http.get(path).set('X-API-Key', key);

  it('GET /state lists every key with plan, limits, counters and ban, the storms, settings and the clock', async () => {
    await api('demo-free');
    const { body } = await mock.http.get('/__mock/state');
    expect(body.clock).toEqual({ now: '2026-11-21T10:00:05.000Z', frozen: true });
    expect(body.keys.map((key: { key: string }) => key.key)).toEqual([
      'demo-free',
      'demo-pro',
      'demo-business',
      'demo-enterprise',
    ]);
    expect(body.keys[0]).toMatchObject({
      plan: 'free',
      limits: { perMinute: 60, perDay: 1000 },
      minute: { limit: 60, used: 1, remaining: 59, resetsAt: '2026-11-21T10:01:00.000Z' },
      day: { used: 1, resetsAt: '2026-11-22T00:00:00.000Z' },
      banned: false,
    });
    expect(body.settings).toEqual({ retryAfterFormat: 'seconds', ban: { threshold: 10, seconds: 600 } });
    expect(body.storms).toEqual([]);
    expect(body.controlApi).toBe('open');
  });

  it('PUT /keys/{key} creates a key on a plan with its own limits, or custom ones, kept in the data', async () => {
    const created = await mock.http.put('/__mock/keys/sdk-key').send({ plan: 'pro' });
    expect(created.body).toMatchObject({ key: 'sdk-key', plan: 'pro', limits: { perMinute: 300, perDay: 10_000 } });
    expect((await api('sdk-key')).headers['x-ratelimit-limit']).toBe('300');
    const enterprise = await mock.http.put('/__mock/keys/sdk-key').send({ plan: 'enterprise' });
    expect(enterprise.body.limits).toEqual({ perMinute: 10_000, perDay: 1_000_000 });
    const custom = await mock.http
      .put('/__mock/keys/sdk-key')
      .send({ plan: 'enterprise', limits: { perMinute: 7, perDay: 70 } });
    expect(custom.body.limits).toEqual({ perMinute: 7, perDay: 70 });
    expect(mock.server.store.data.apiKeys.at(-1)).toEqual({
      key: 'sdk-key',
      plan: 'enterprise',
      limits: { perMinute: 7, perDay: 70 },
    });
    expect((await mock.http.put('/__mock/keys/x').send({ plan: 'platinum' })).body).toEqual(
      errorShape(400, 'INVALID_BODY'),
    );
  });

  it('DELETE /keys/{key} stops the key at once', async () => {
    await mock.http.put('/__mock/keys/temp').send({ plan: 'free' });
    expect((await mock.http.delete('/__mock/keys/temp')).status).toBe(204);
    expect((await api('temp')).body).toEqual(errorShape(401, 'API_KEY_INVALID'));
    expect((await mock.http.delete('/__mock/keys/temp')).body).toEqual(errorShape(404, 'KEY_NOT_FOUND'));
  });

  it('bans a key for a time or for the configured duration, touching no other key, and lifts a ban', async () => {
    const banned = await mock.http.post('/__mock/keys/demo-pro/ban').send({ seconds: 30 });
    expect(banned.body).toMatchObject({ banned: true, bannedUntil: '2026-11-21T10:00:35.000Z' });
    const refused = await api('demo-pro');
    expect(refused.status).toBe(403);
    expect(refused.headers['retry-after']).toBe('30');
    expect((await api('demo-free')).status).toBe(200);
    expect((await mock.http.delete('/__mock/keys/demo-pro/ban')).body.banned).toBe(false);
    expect((await api('demo-pro')).status).toBe(200);

    await mock.http.patch('/__mock/settings').send({ ban: { seconds: 90 } });
    expect((await mock.http.post('/__mock/keys/demo-free/ban')).body.bannedUntil).toBe('2026-11-21T10:01:35.000Z');
    expect((await mock.http.post('/__mock/keys/nobody/ban').send({ seconds: 5 })).body).toEqual(
      errorShape(404, 'KEY_NOT_FOUND'),
    );
  });

  it('resets a key counters', async () => {
    await api('demo-free');
    await api('demo-free');
    const res = await mock.http.delete('/__mock/keys/demo-free/counters');
    expect(res.body.minute).toMatchObject({ used: 0, remaining: 60 });
  });

  it('reads, advances, sets, freezes and unfreezes the clock', async () => {
    expect((await mock.http.get('/__mock/clock')).body).toEqual({ now: '2026-11-21T10:00:05.000Z', frozen: true });
    expect((await mock.http.post('/__mock/clock').send({ advanceSeconds: 55 })).body.now).toBe(
      '2026-11-21T10:01:00.000Z',
    );
    expect((await mock.http.post('/__mock/clock').send({ now: '2027-07-01T00:00:00Z' })).body.now).toBe(
      '2027-07-01T00:00:00.000Z',
    );
    expect((await api('demo-free', '/v1/pets/1')).status).toBe(410);
    expect((await mock.http.post('/__mock/clock').send({ frozen: false })).body.frozen).toBe(false);
    expect((await mock.http.post('/__mock/clock').send({})).body).toEqual(errorShape(400, 'INVALID_BODY'));
  });

  it('adds latency to the operations named, and removes it', async () => {
    await mock.http.put('/__mock/latency').send({ ms: 150, operations: ['listCategories'] });
    const started = Date.now();
    await api('demo-free');
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    expect((await mock.http.get('/__mock/state')).body.latency).toEqual({ ms: 150, operations: ['listCategories'] });
    expect((await mock.http.put('/__mock/latency').send({ minMs: 50 })).body).toEqual(errorShape(400, 'INVALID_BODY'));
    expect((await mock.http.delete('/__mock/latency')).status).toBe(204);
    expect((await mock.http.get('/__mock/state')).body.latency).toBeUndefined();
  });

  it('records each request of a key with its mock-clock time and answer', async () => {
    await api('demo-free');
    mock.server.clock.advance(2);
    await api('demo-free', '/v1/pets/by-id/99999');
    const { body } = await mock.http.get('/__mock/keys/demo-free/requests');
    expect(body).toEqual([
      {
        index: 1,
        at: '2026-11-21T10:00:05.000Z',
        method: 'GET',
        path: '/v1/categories',
        operationId: 'listCategories',
        status: 200,
      },
      {
        index: 2,
        at: '2026-11-21T10:00:07.000Z',
        method: 'GET',
        path: '/v1/pets/by-id/99999',
        operationId: 'getPet',
        status: 404,
        code: 'PET_NOT_FOUND',
      },
    ]);
  });

  it('reports a well-behaved client compliant: it waited Retry-After and backed off', async () => {
    await mock.http.put('/__mock/keys/good').send({ plan: 'free', limits: { perMinute: 1, perDay: 100 } });
    await api('good');
    let wait = Number((await api('good')).headers['retry-after']);
    for (const extra of [0, 60]) {
      mock.server.clock.advance(wait + extra);
      const res = await api('good');
      if (res.status === 429) wait = Number(res.headers['retry-after']);
    }
    const report = (await mock.http.get('/__mock/keys/good/compliance')).body;
    expect(report).toMatchObject({
      key: 'good',
      compliant: true,
      honouredRetryAfter: true,
      calledDuringBan: false,
      violations: [],
    });
  });

  it('reports a misbehaving client: early retries, calls during the ban, no backoff', async () => {
    await mock.http.put('/__mock/keys/bad').send({ plan: 'free', limits: { perMinute: 1, perDay: 100 } });
    for (let sent = 0; sent < 14; sent += 1) {
      await api('bad');
      mock.server.clock.advance(1);
    }
    const report = (await mock.http.get('/__mock/keys/bad/compliance')).body;
    expect(report.compliant).toBe(false);
    expect(report.honouredRetryAfter).toBe(false);
    expect(report.calledDuringBan).toBe(true);
    expect(report.backedOff).toBe(false);
    const kinds = new Set(report.violations.map((violation: { kind: string }) => violation.kind));
    expect(kinds).toEqual(new Set(['retried-too-early', 'called-while-banned', 'no-backoff']));
  });

  it('GET /keys/{key}/timeline gives the requests by outcome, the waits told, the ban, and the early ones', async () => {
    await mock.http.put('/__mock/keys/hammer').send({ plan: 'free', limits: { perMinute: 2, perDay: 100 } });
    await mock.http.patch('/__mock/settings').send({ ban: { threshold: 3, seconds: 120 } });
    for (let sent = 0; sent < 8; sent += 1) {
      await api('hammer');
      mock.server.clock.advance(1);
    }
    const { body, status } = await mock.http.get('/__mock/keys/hammer/timeline?minutes=5');
    expect(status).toBe(200);
    // Two answered, a 429 and three more too early (the third of them bans), then two while banned.
    expect(body.points.map((point: { outcome: string }) => point.outcome)).toEqual([
      'answered',
      'answered',
      'rate-limited',
      'rate-limited',
      'rate-limited',
      'banned',
      'banned',
      'banned',
    ]);
    expect(body.counts).toEqual({
      answered: 2,
      'rate-limited': 3,
      storm: 0,
      banned: 3,
      fault: 0,
      error: 0,
      tooEarly: 5,
    });
    expect(body.bans).toEqual([
      { from: '2026-11-21T10:00:10.000Z', until: '2026-11-21T10:02:10.000Z', requestIndex: 6 },
    ]);
    expect(body.waits[0]).toEqual({
      from: '2026-11-21T10:00:07.000Z',
      until: '2026-11-21T10:01:00.000Z',
      requestIndex: 3,
      outcome: 'rate-limited',
    });
    expect(body).toMatchObject({ key: 'hammer', perMinute: 2, to: '2026-11-21T10:00:13.000Z' });
    const early = body.points
      .filter((point: { tooEarly: boolean }) => point.tooEarly)
      .map((point: { index: number }) => point.index);
    const report = (await mock.http.get('/__mock/keys/hammer/compliance')).body;
    const reported = report.violations
      .filter((violation: { kind: string }) => violation.kind !== 'no-backoff')
      .map((violation: { requestIndex: number }) => violation.requestIndex);
    expect(early).toEqual(reported);
    expect((await mock.http.get('/__mock/keys/nobody/timeline')).body).toEqual(errorShape(404, 'KEY_NOT_FOUND'));
    expect((await mock.http.get('/__mock/keys/hammer/timeline?minutes=0')).body).toEqual(
      errorShape(400, 'INVALID_PARAMETER'),
    );
  });

  it('POST /reset brings data, counters, bans, storms, latency, settings and the clock back to the start', async () => {
    await mock.http.post('/v1/categories').set('X-API-Key', 'demo-free').send({ name: 'Temporary' });
    await mock.http.post('/__mock/keys/demo-free/ban');
    await mock.http.post('/__mock/storms').send({});
    await mock.http.put('/__mock/latency').send({ ms: 5 });
    await mock.http.patch('/__mock/settings').send({ retryAfterFormat: 'http-date' });
    await mock.http.post('/__mock/clock').send({ advanceSeconds: 86_400 });
    expect((await mock.http.post('/__mock/reset')).status).toBe(204);
    const { body } = await mock.http.get('/__mock/state');
    expect(body).toMatchObject({
      clock: { now: '2026-11-21T10:00:05.000Z' },
      storms: [],
      settings: { retryAfterFormat: 'seconds' },
    });
    expect(body.latency).toBeUndefined();
    expect(body.keys[0]).toMatchObject({ banned: false, minute: { used: 0 } });
    expect(mock.server.store.data.categories.some((category) => category.name === 'Temporary')).toBe(false);
  });
});

describe('the control token', () => {
  it('is required, as a Bearer token, when the server has one; the API itself is unaffected', async () => {
    const mock = await startTestMock({ controlToken: 's3cret-token' });
    try {
      expect((await mock.http.get('/__mock/state')).body).toEqual(errorShape(401, 'CONTROL_TOKEN_REQUIRED'));
      expect((await mock.http.get('/__mock/state').set('Authorization', 'Bearer wrong-token')).status).toBe(401);
      const allowed = await mock.http.get('/__mock/state').set('Authorization', 'Bearer s3cret-token');
      expect(allowed.status).toBe(200);
      expect(allowed.body.controlApi).toBe('token');
      expect((await mock.http.get('/v1/pets').set('X-API-Key', 'demo-free')).status).toBe(200);
    } finally {
      await mock.server.close();
    }
  });

  it('keeps the control API closed beyond loopback without a token', async () => {
    expect(controlAccess('127.0.0.1', undefined)).toBe('open');
    expect(controlAccess('::1', undefined)).toBe('open');
    expect(controlAccess('0.0.0.0', undefined)).toBe('closed');
    expect(controlAccess('192.0.2.10', undefined)).toBe('closed');
    expect(controlAccess('0.0.0.0', 'a-long-token')).toBe('token');
    const app = express();
    app.use(createControlGuard('closed', undefined));
    app.use(createErrorMiddleware(() => undefined));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).get('/__mock/state');
      expect(res.body).toEqual(errorShape(403, 'CONTROL_API_CLOSED'));
      expect(res.body.message).toContain('--control-token');
    } finally {
      server.close();
    }
  });
});
