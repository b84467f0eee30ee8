import { describe, expect, it } from '@jest/globals';
import { DEMO_KEY, errorShape, useTestMock } from '../support/mock.js';

describe('pets over HTTP', () => {
  const mock = useTestMock();

  const get = (path: string) => mock.http.get(`/v1${path}`).set('X-API-Key', DEMO_KEY);
  const send = (method: 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = mock.http[method](`/v1${path}`).set('X-API-Key', DEMO_KEY);
    return body === undefined ? req : req.send(body);
  };

  it('lists pets a page at a time, with X-Total-Count and a Link to the next page', async () => {
    const res = await get('/pets?limit=5');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    expect(Number(res.headers['x-total-count'])).toBe(mock.server.store.data.pets.length);
    expect(res.headers.link).toContain('rel="next"');
    const next = await get('/pets?limit=5&offset=5');
    const firstIds = (res.body as Array<{ id: number }>).map((pet) => pet.id);
    for (const pet of next.body as Array<{ id: number }>) expect(firstIds).not.toContain(pet.id);
  });

  it('honours every filter of GET /pets, alone and combined', async () => {
    const byStatus = await get('/pets?status=sold&limit=100');
    expect(byStatus.body.length).toBeGreaterThan(0);
    for (const pet of byStatus.body) expect(pet.status).toBe('sold');
    const byCategory = await get('/pets?categoryId=2&status=available&limit=100');
    for (const pet of byCategory.body) expect(pet).toMatchObject({ categoryId: 2, status: 'available' });
    const expected = mock.server.store.data.pets.filter((pet) => pet.categoryId === 2 && pet.status === 'available');
    expect(byCategory.body).toHaveLength(expected.length);
    const byName = await get('/pets?name=THE&limit=1');
    expect(byName.headers['x-total-count']).toBe(String(mock.server.store.data.pets.length));
  });

  it('creates a pet with status available by default, a Location, and an inventory entry', async () => {
    const res = await send('post', '/pets', { name: 'Biscuit', categoryId: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Biscuit', categoryId: 1, status: 'available' });
    expect(res.headers.location).toBe(`/v1/pets/by-id/${res.body.id}`);
    const read = await get(`/pets/by-id/${res.body.id}`);
    expect(read.body).toEqual(res.body);
    const stock = await get(`/store/inventory/${res.body.id}`);
    expect(stock.body).toEqual({ petId: res.body.id, quantity: 0, status: 'available' });
  });

  it('gives two creates two different ids', async () => {
    const [first, second] = await Promise.all([
      send('post', '/pets', { name: 'Twin A', categoryId: 1 }),
      send('post', '/pets', { name: 'Twin B', categoryId: 1 }),
    ]);
    expect(first?.body.id).not.toBe(second?.body.id);
  });

  it('ignores unknown fields of a body and never stores them', async () => {
    const res = await send('post', '/pets', { name: 'Extra', categoryId: 1, owner: 'me' });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('owner');
    expect(mock.server.store.data.pets.find((pet) => pet.id === res.body.id)).not.toHaveProperty('owner');
  });

  it('answers 422 UNKNOWN_CATEGORY for a pet in a category that does not exist, and stores nothing', async () => {
    const before = mock.server.store.data.pets.length;
    const res = await send('post', '/pets', { name: 'Ghost', categoryId: 9999 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(errorShape(422, 'UNKNOWN_CATEGORY'));
    expect(mock.server.store.data.pets).toHaveLength(before);
  });

  it('replaces a pet with PUT, and the inventory entry follows its status', async () => {
    const created = await send('post', '/pets', { name: 'Before', categoryId: 1 });
    const res = await send('put', `/pets/${created.body.id}`, { name: 'After', categoryId: 2, status: 'pending' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: created.body.id, name: 'After', categoryId: 2, status: 'pending' });
    expect((await get(`/pets/by-id/${created.body.id}`)).body).toEqual(res.body);
    expect((await get(`/store/inventory/${created.body.id}`)).body.status).toBe('pending');
  });

  it('answers 404 PET_NOT_FOUND for unknown ids on read, replace and delete', async () => {
    expect((await get('/pets/by-id/987654')).body).toEqual(errorShape(404, 'PET_NOT_FOUND'));
    const put = await send('put', '/pets/987654', { name: 'Nobody', categoryId: 1 });
    expect(put.status).toBe(404);
    expect((await send('delete', '/pets/987654')).status).toBe(404);
  });

  it('deletes a pet and its inventory entry; a read then gets 404', async () => {
    const created = await send('post', '/pets', { name: 'Short-lived', categoryId: 1 });
    const res = await send('delete', `/pets/${created.body.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await get(`/pets/by-id/${created.body.id}`)).status).toBe(404);
    expect((await get(`/store/inventory/${created.body.id}`)).status).toBe(404);
  });

  it('refuses to delete a pet with open orders (409 PET_HAS_OPEN_ORDERS)', async () => {
    const open = mock.server.store.data.orders.find((order) => !order.complete);
    expect(open).toBeDefined();
    const res = await send('delete', `/pets/${open?.petId}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(errorShape(409, 'PET_HAS_OPEN_ORDERS'));
  });
});
