// The control API's inputs have bounds declared in spec/control.yaml, and every date the mock
// holds is one a Date can: bodies past 32 KiB get 413, a leap second or a clock outside 1970 to
// 8999 gets 400 and changes nothing, and the API keeps answering.
import { describe, expect, it } from '@jest/globals';
import { loadContract } from '../../src/openapi/load-contract.js';
import { CONTROL_SPEC_FILE } from '../../src/package-root.js';
import { resolveConfig } from '../../src/server/config.js';
import { DEMO_KEY, errorShape, useTestMock } from '../support/mock.js';

const OVERSIZE = JSON.stringify({ padding: 'x'.repeat(33 * 1024) });

describe('control-API bodies past 32 KiB', () => {
  const mock = useTestMock();
  const withBodies = loadContract(CONTROL_SPEC_FILE).operations.filter((operation) => operation.hasRequestBody);

  it.each(withBodies.map((operation) => [operation.operationId, operation] as const))(
    '%s answers 413 PAYLOAD_TOO_LARGE with the Error object, as its contract declares',
    async (_id, operation) => {
      expect(operation.responses.has('413')).toBe(true);
      const path = `/__mock${operation.path.replace(/\{[^}]+\}/g, 'demo-free')}`;
      const res = await mock.http[operation.method as 'put' | 'post' | 'patch'](path)
        .set('Content-Type', 'application/json')
        .send(OVERSIZE);
      expect(res.status).toBe(413);
      expect(res.body).toEqual(errorShape(413, 'PAYLOAD_TOO_LARGE'));
    },
  );
});

describe("the clock's bounds and leap seconds", () => {
  const mock = useTestMock({ clockStart: '2026-12-31T12:00:00Z', clockFrozen: true });
  const moveClock = (body: object) => mock.http.post('/__mock/clock').send(body);

  it.each([
    [{ now: '2026-12-31T23:59:60Z' }, 'INVALID_BODY', /now.*date-time/],
    [{ now: '0001-01-01T00:00:00Z' }, 'INVALID_BODY', /1970-01-01T00:00:00.000Z through 8999-12-31/],
    [{ now: '1969-12-31T23:59:59Z' }, 'INVALID_BODY', /1970-01-01/],
    [{ now: '9999-12-31T23:59:59Z' }, 'INVALID_BODY', /8999-12-31T23:59:59.999Z/],
    [{ now: '8999-12-31T00:00:00Z', advanceSeconds: 31_536_000_000 }, 'INVALID_BODY', /advance less/],
  ])('refuses %j with 400, the clock and every answer unchanged', async (body, code, message) => {
    const res = await moveClock(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorShape(400, code));
    expect(res.body.message).toMatch(message);
    expect((await mock.http.get('/__mock/clock')).body).toEqual({ now: '2026-12-31T12:00:00.000Z', frozen: true });
    expect((await mock.http.get('/__mock/state')).status).toBe(200);
    const api = await mock.http.get('/v1/pets?limit=1').set('X-API-Key', DEMO_KEY);
    expect(api.status).toBe(200);
    expect(Number(api.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
  });

  it('goes to its latest instant and back, every answer still valid there', async () => {
    expect((await moveClock({ now: '8999-12-31T23:59:59Z' })).status).toBe(200);
    expect((await mock.http.post('/__mock/keys/demo-pro/ban').send({ seconds: 31_536_000 })).status).toBe(200);
    for (const path of ['/__mock/clock', '/__mock/state', '/__mock/keys/demo-pro/compliance']) {
      expect([path, (await mock.http.get(path)).status]).toEqual([path, 200]);
    }
    const order = await mock.http.post('/v1/store/orders').set('X-API-Key', DEMO_KEY).send({ petId: 1, quantity: 1 });
    expect([201, 409]).toContain(order.status);
    expect((await moveClock({ now: '2026-12-31T12:00:00Z' })).status).toBe(200);
  });

  it('refuses a --clock-start outside its bounds when the server starts', () => {
    expect(() => resolveConfig({ clockStart: '0001-01-01T00:00:00Z' })).toThrow(/--clock-start .* 1970-01-01/);
  });
});

describe('date-times of the API', () => {
  const mock = useTestMock();

  it('refuses an order whose shipDate is a leap second, so that nothing is stored that lists differ on', async () => {
    const before = await mock.http.get('/v1/store/orders?limit=1').set('X-API-Key', DEMO_KEY);
    const res = await mock.http
      .post('/v1/store/orders')
      .set('X-API-Key', DEMO_KEY)
      .send({ petId: 1, quantity: 1, shipDate: '2026-12-31T23:59:60Z' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorShape(400, 'INVALID_BODY'));
    expect(res.body.message).toMatch(/shipDate.*date-time/);
    const after = await mock.http.get('/v1/store/orders?limit=1').set('X-API-Key', DEMO_KEY);
    expect(after.headers['x-total-count']).toBe(before.headers['x-total-count']);
    const query = await mock.http.get('/v1/store/orders?shipDateFrom=2026-12-31T23:59:60Z').set('X-API-Key', DEMO_KEY);
    expect(query.status).toBe(400);
  });
});
