// A draft of the contract served without a build: its new fields stored, its new resources and
// sub-collections answered by convention, its report from its example, its removed operation
// routed away; every exchange judged against the draft by a validator other than the mock's.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { writeFullDraft } from '../support/drafts.js';
import { DEMO_KEY, errorShape, startTestMock, type TestMock } from '../support/mock.js';
import { createOutsideJudge, type OutsideJudge } from '../support/outside-judge.js';

let mock: TestMock;
let judge: OutsideJudge;
const judged: string[] = [];

beforeAll(async () => {
  const draft = await writeFullDraft();
  mock = await startTestMock({ contract: draft });
  judge = createOutsideJudge(mock.server.contractDraft?.document ?? {});
});
afterAll(async () => {
  expect(mock.contractBugs()).toEqual([]);
  await mock.server.close();
});

/** Sends a request with the demo key, and has the outside judge check the exchange. */
async function call(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  body?: object,
): Promise<Response> {
  let req = mock.http[method](`/v1${path}`).set('X-API-Key', DEMO_KEY);
  if (body !== undefined) req = req.send(body);
  const res = await req;
  const faults = judge.faults({ method, path: `/v1${path}`, status: res.status, headers: res.headers, body: res.body });
  judged.push(`${method.toUpperCase()} ${path}`);
  expect(faults).toEqual([]);
  return res;
}

describe('fields a draft adds to a resource with rules', () => {
  it('stores and answers every field of the body, with the default of one left out', async () => {
    const created = await call('post', '/pets', {
      name: 'Rex',
      categoryId: 1,
      nickname: 'Rexy',
      tags: ['good', 'small'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Rex',
      categoryId: 1,
      status: 'available',
      nickname: 'Rexy',
      tags: ['good', 'small'],
    });
    expect((await call('get', `/pets/by-id/${created.body.id}`)).body).toEqual(created.body);
    const plain = await call('post', '/pets', { name: 'Tom', categoryId: 2 });
    expect(plain.body).toEqual({ id: expect.any(Number), name: 'Tom', categoryId: 2, status: 'available', tags: [] });
  });

  it('replaces the fields with PUT: one left out is gone, the default back', async () => {
    const created = await call('post', '/pets', { name: 'Rex', categoryId: 1, nickname: 'Rexy', tags: ['good'] });
    const replaced = await call('put', `/pets/${created.body.id}`, { name: 'Rex', categoryId: 1 });
    expect(replaced.body).toEqual({ id: created.body.id, name: 'Rex', categoryId: 1, status: 'available', tags: [] });
  });

  it("takes a new enum value, and the pet's rules follow it (the inventory carries the status)", async () => {
    const created = await call('post', '/pets', { name: 'Kept', categoryId: 1, status: 'reserved' });
    expect(created.body.status).toBe('reserved');
    expect((await call('get', `/store/inventory/${created.body.id}`)).body).toMatchObject({ status: 'reserved' });
    const listed = await call('get', '/pets?status=reserved&limit=100');
    expect(listed.body.map((pet: { id: number }) => pet.id)).toContain(created.body.id);
  });

  it('still refuses what the draft refuses (its bounds), with the Error object', async () => {
    const res = await call('post', '/pets', { name: 'Rex', categoryId: 1, tags: [''] });
    expect(res.body).toEqual(errorShape(400, 'INVALID_BODY'));
  });
});

describe('a resource the draft adds: owners', () => {
  it('starts with believable records drawn from its schema', async () => {
    const res = await call('get', '/owners?limit=100');
    expect(res.body).toHaveLength(12);
    expect(res.headers['x-total-count']).toBe('12');
    // Only the headers the draft declares for the answer: X-Total-Count, not Link.
    expect(res.headers.link).toBeUndefined();
    for (const owner of res.body) {
      expect(owner).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          name: expect.any(String),
          email: expect.stringMatching(/^[^@\s]+@[^@\s]+\.[a-z]+$/),
        }),
      );
    }
  });

  it('round-trips its CRUD: create with Location, read, list with a filter, replace, merge, delete, then 404', async () => {
    const created = await call('post', '/owners', { name: 'Ada Lovelace', email: 'ada@example.com', city: 'London' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: 13,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      city: 'London',
      vip: false,
    });
    expect(created.headers.location).toBe('/v1/owners/13');
    expect((await call('get', '/owners/13')).body).toEqual(created.body);
    const inLondon = await call('get', '/owners?city=London&limit=100');
    expect(inLondon.body.map((owner: { id: number }) => owner.id)).toContain(13);
    expect(inLondon.body.every((owner: { city: string }) => owner.city === 'London')).toBe(true);
    const replaced = await call('put', '/owners/13', { name: 'Ada King', email: 'ada@example.com' });
    expect(replaced.body).toEqual({ id: 13, name: 'Ada King', email: 'ada@example.com', vip: false });
    const merged = await call('patch', '/owners/13', { city: 'Marylebone', vip: true });
    expect(merged.body).toEqual({ id: 13, name: 'Ada King', email: 'ada@example.com', city: 'Marylebone', vip: true });
    // A merge keeps what it does not name, though the change's schema gives vip a default (RFC 7396).
    const renamed = await call('patch', '/owners/13', { name: 'Ada Lovelace' });
    expect(renamed.body).toMatchObject({ name: 'Ada Lovelace', city: 'Marylebone', vip: true });
    const vips = await call('get', '/owners?vip=true&limit=100');
    expect(vips.body.every((owner: { vip: boolean }) => owner.vip === true)).toBe(true);
    expect((await call('delete', '/owners/13')).status).toBe(204);
    for (const method of ['get', 'delete'] as const) {
      expect((await call(method, '/owners/13')).body).toEqual(errorShape(404, 'OWNER_NOT_FOUND'));
    }
    expect((await call('patch', '/owners/13', { vip: false })).body).toEqual(errorShape(404, 'OWNER_NOT_FOUND'));
    expect((await call('put', '/owners/13', { name: 'X', email: 'x@example.com' })).status).toBe(404);
  });

  it('gives a new record the next id after the fixtures, never one used before', async () => {
    const first = await call('post', '/owners', { name: 'One', email: 'one@example.com' });
    const second = await call('post', '/owners', { name: 'Two', email: 'two@example.com' });
    expect(second.body.id).toBe(first.body.id + 1);
    expect(first.body.id).toBeGreaterThan(13);
  });
});

describe("a sub-collection the draft adds: a pet's photos", () => {
  it("lists one pet's photos only, and 404s under a pet that is not there", async () => {
    const made = await call('post', '/pets/by-id/3/photos', {
      url: 'https://photos.example.com/3.jpg',
      caption: 'Asleep',
    });
    expect(made.status).toBe(201);
    expect(made.headers.location).toBe(`/v1/pets/by-id/3/photos/${made.body.id}`);
    expect(made.body).toEqual({
      id: made.body.id,
      url: 'https://photos.example.com/3.jpg',
      caption: 'Asleep',
      takenAt: expect.any(String),
      petId: 3,
    });
    const ofThree = await call('get', '/pets/by-id/3/photos?limit=100');
    expect(ofThree.headers['x-total-count']).toBeUndefined();
    expect(ofThree.body.map((photo: { id: number }) => photo.id)).toContain(made.body.id);
    expect(ofThree.body.every((photo: { petId: number }) => photo.petId === 3)).toBe(true);
    const ofFour = await call('get', '/pets/by-id/4/photos?limit=100');
    expect(ofFour.body.map((photo: { id: number }) => photo.id)).not.toContain(made.body.id);
    expect((await call('get', `/pets/by-id/4/photos/${made.body.id}`)).body).toEqual(
      errorShape(404, 'PHOTO_NOT_FOUND'),
    );
    expect((await call('get', '/pets/by-id/999999/photos')).body).toEqual(errorShape(404, 'PET_NOT_FOUND'));
    expect((await call('post', '/pets/by-id/999999/photos', { url: 'https://photos.example.com/x.jpg' })).body).toEqual(
      errorShape(404, 'PET_NOT_FOUND'),
    );
    expect((await call('get', `/pets/by-id/3/photos/${made.body.id}`)).body).toEqual(made.body);
    expect((await call('delete', `/pets/by-id/3/photos/${made.body.id}`)).status).toBe(204);
    expect((await call('get', `/pets/by-id/3/photos/${made.body.id}`)).status).toBe(404);
  });

  it('refuses a readOnly field sent by the client, as the draft says', async () => {
    const res = await call('post', '/pets/by-id/3/photos', {
      url: 'https://photos.example.com/3.jpg',
      takenAt: '2026-01-01T00:00:00Z',
    });
    expect(res.status).toBe(400);
  });
});

describe('other shapes and what the draft removed', () => {
  it('answers an operation that has only an example with it', async () => {
    expect((await call('get', '/store/stats')).body).toEqual({ petsForSale: 42, openOrders: 7 });
  });

  it('routes an operation the draft removed: 405 with Allow', async () => {
    const res = await mock.http.delete('/v1/categories/1').set('X-API-Key', DEMO_KEY);
    expect(res.status).toBe(405);
    expect(res.body).toEqual(errorShape(405, 'METHOD_NOT_ALLOWED'));
    expect(res.headers.allow).toBe('GET, HEAD, PUT');
  });

  it('keeps every rule of the mock for the new operations: the key, the limits, scopes', async () => {
    const keyless = await mock.http.get('/v1/owners');
    expect(keyless.status).toBe(401);
    expect(keyless.headers['x-ratelimit-limit']).toBeDefined();
    const counted = await call('get', '/owners/1');
    expect(Number(counted.headers['x-ratelimit-remaining'])).toBeLessThan(Number(counted.headers['x-ratelimit-limit']));
    const scoped = await mock.http
      .post('/v1/owners')
      .set({ 'X-API-Key': DEMO_KEY, 'X-Mock-Scope': 'draft-test' })
      .send({ name: 'Scoped', email: 's@example.com' });
    expect(scoped.status).toBe(201);
    const outside = await call('get', '/owners?limit=100');
    expect(outside.body.map((owner: { name: string }) => owner.name)).not.toContain('Scoped');
  });

  it('says how each operation is answered', async () => {
    const res = await mock.http.get('/__mock/operations');
    const by = Object.fromEntries(
      res.body.operations.map((operation: { operationId: string; answeredBy: string }) => [
        operation.operationId,
        operation.answeredBy,
      ]),
    );
    expect(by).toMatchObject({
      listOwners: 'convention',
      changeOwner: 'convention',
      listPetPhotos: 'convention',
      getStoreStats: 'examples',
      createPet: 'rules',
    });
    expect(by.deleteCategory).toBeUndefined();
    expect(res.body.contract.source).toBe('openapi.yaml');
    expect(judged.length).toBeGreaterThan(30);
  });
});
