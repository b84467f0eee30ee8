import { describe, expect, it } from '@jest/globals';
import { DEMO_KEY, errorShape, useTestMock } from '../support/mock.js';

describe('the deprecated GET /pets/{petId}', () => {
  const mock = useTestMock({ clockStart: '2027-06-30T23:59:00Z', clockFrozen: true });
  const legacy = (petId: number | string) => mock.http.get(`/v1/pets/${petId}`).set('X-API-Key', DEMO_KEY);

  it('answers the pet with Deprecation (RFC 9745), Sunset (RFC 8594) and a Link to its successor', async () => {
    const res = await legacy(3);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(3);
    expect(res.headers.deprecation).toBe('@1782864000');
    expect(res.headers.sunset).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
    expect(res.headers.link).toContain('</v1/pets/by-id/3>; rel="successor-version"');
    expect(res.headers.link).toMatch(/rel="deprecation"/);
    const successor = await mock.http.get('/v1/pets/by-id/3').set('X-API-Key', DEMO_KEY);
    expect(successor.body).toEqual(res.body);
    expect(successor.headers.deprecation).toBeUndefined();
  });

  it('answers an unknown id with the 404 alone: the contract declares its headers on 200 and 410', async () => {
    const res = await legacy(987654);
    expect(res.body).toEqual(errorShape(404, 'PET_NOT_FOUND'));
    expect([res.headers.deprecation, res.headers.sunset, res.headers.link]).toEqual([undefined, undefined, undefined]);
  });

  it("answers 410 ENDPOINT_SUNSET from its sunset on, by the mock's clock", async () => {
    mock.server.clock.advance(60);
    const res = await legacy(3);
    expect(res.status).toBe(410);
    expect(res.body).toEqual(errorShape(410, 'ENDPOINT_SUNSET'));
    expect(res.body.message).toContain('/v1/pets/by-id/3');
    expect(res.headers.sunset).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
    expect(res.headers.link).toContain('</v1/pets/by-id/3>; rel="successor-version"');
    expect((await mock.http.get('/v1/pets/by-id/3').set('X-API-Key', DEMO_KEY)).status).toBe(200);
  });
});

describe('the Prefer header (Prism-compatible)', () => {
  const mock = useTestMock();
  const get = (path: string, prefer: string) =>
    mock.http.get(`/v1${path}`).set('X-API-Key', DEMO_KEY).set('Prefer', prefer);

  it('code=404 answers the declared 404 with the Error object, without running the operation', async () => {
    const res = await get('/pets/by-id/1', 'code=404');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorShape(404, 'PET_NOT_FOUND'));
    expect(res.headers['preference-applied']).toBe('code=404');
  });

  it('code=429 answers a 429 with Retry-After, and code=500 a 500', async () => {
    const limited = await get('/pets', 'code=429');
    expect(limited.body).toEqual(errorShape(429, 'RATE_LIMITED'));
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect((await get('/categories', 'code=500')).body).toEqual(errorShape(500, 'INTERNAL_ERROR'));
  });

  it('example=sold answers that named example of the contract', async () => {
    const res = await get('/pets/by-id/1', 'example=sold');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 2, name: 'Tom', categoryId: 2, status: 'sold' });
    expect(res.headers['preference-applied']).toBe('example=sold');
    const empty = await get('/pets', 'example=empty');
    expect(empty.body).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
  });

  it('a forced 204 on DELETE deletes nothing', async () => {
    const res = await mock.http.delete('/v1/pets/5').set('X-API-Key', DEMO_KEY).set('Prefer', 'code=204');
    expect(res.status).toBe(204);
    expect((await mock.http.get('/v1/pets/by-id/5').set('X-API-Key', DEMO_KEY)).status).toBe(200);
  });

  it('a status the operation does not declare, or an unknown example, is a 400 naming what it declares', async () => {
    for (const prefer of ['code=418', 'example=nope', 'example=__proto__', 'example=toString', 'code=constructor']) {
      const res = await get('/pets/by-id/1', prefer);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorShape(400, 'INVALID_PARAMETER'));
      expect(res.body.message).toMatch(/is not declared by getPet\. It declares code=200, .*404/);
      expect(res.headers['preference-applied']).toBeUndefined();
    }
  });

  it('leaves preferences of other names (RFC 7240) to the operation', async () => {
    const res = await get('/pets/by-id/1', 'return=minimal, respond-async');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(1);
  });

  it('still validates the request first: a bad request is a 400 whatever it prefers', async () => {
    expect((await get('/pets/by-id/abc', 'code=404')).status).toBe(400);
  });
});
