import { describe, expect, it } from '@jest/globals';
import { DEMO_KEY, errorShape, useTestMock } from '../support/mock.js';

describe('orders and inventory over HTTP', () => {
  const mock = useTestMock({ clockStart: '2026-11-21T12:00:00Z', clockFrozen: true });
  const call = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, body?: object) => {
    const req = mock.http[method](`/v1${path}`).set('X-API-Key', DEMO_KEY);
    return body === undefined ? req : req.send(body);
  };
  async function petWithStock(quantity: number): Promise<number> {
    const pet = await call('post', '/pets', { name: 'Stocked', categoryId: 1 });
    await call('put', `/store/inventory/${pet.body.id}`, { quantity });
    return pet.body.id as number;
  }

  it('sets and reads a pet stock with PUT and GET /store/inventory/{petId} (beta, says so)', async () => {
    const petId = await petWithStock(7);
    const res = await call('get', `/store/inventory/${petId}`);
    expect(res.body).toEqual({ petId, quantity: 7, status: 'available' });
    expect(res.headers['x-api-stability']).toBe('beta');
    expect((await call('put', '/store/inventory/987654', { quantity: 1 })).body).toEqual(
      errorShape(404, 'INVENTORY_ITEM_NOT_FOUND'),
    );
    // The contract declares X-API-Stability on 2xx answers only.
    const missing = await call('get', '/store/inventory/987654');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-api-stability']).toBeUndefined();
  });

  it('lists the inventory filtered by status', async () => {
    const res = await call('get', '/store/inventory?status=sold&limit=100');
    expect(res.status).toBe(200);
    for (const item of res.body) expect(item.status).toBe('sold');
    expect(res.body.length).toBe(mock.server.store.data.inventory.filter((item) => item.status === 'sold').length);
  });

  it('places an order that takes stock, ships in three days by default, and reads back', async () => {
    const petId = await petWithStock(5);
    const placed = await call('post', '/store/orders', { petId, quantity: 2 });
    expect(placed.status).toBe(201);
    expect(placed.body).toEqual({
      id: expect.any(Number),
      petId,
      quantity: 2,
      shipDate: '2026-11-24T12:00:00.000Z',
      complete: false,
    });
    expect(placed.headers.location).toBe(`/v1/store/orders/${placed.body.id}`);
    expect((await call('get', `/store/orders/${placed.body.id}`)).body).toEqual(placed.body);
    expect((await call('get', `/store/inventory/${petId}`)).body.quantity).toBe(3);
  });

  it('refuses orders for unknown pets (422), unavailable pets and short stock (409)', async () => {
    expect((await call('post', '/store/orders', { petId: 987654, quantity: 1 })).body).toEqual(
      errorShape(422, 'UNKNOWN_PET'),
    );
    const sold = mock.server.store.data.pets.find((pet) => pet.status === 'sold');
    expect((await call('post', '/store/orders', { petId: sold?.id, quantity: 1 })).body).toEqual(
      errorShape(409, 'PET_NOT_AVAILABLE'),
    );
    const petId = await petWithStock(1);
    expect((await call('post', '/store/orders', { petId, quantity: 2 })).body).toEqual(
      errorShape(409, 'INSUFFICIENT_STOCK'),
    );
  });

  it('filters orders by pet, completeness and a half-open ship-date range', async () => {
    const petId = await petWithStock(10);
    await call('post', '/store/orders', { petId, quantity: 1, shipDate: '2027-01-10T00:00:00Z' });
    await call('post', '/store/orders', { petId, quantity: 1, shipDate: '2027-01-20T00:00:00Z' });
    const byPet = await call('get', `/store/orders?petId=${petId}`);
    expect(byPet.body).toHaveLength(2);
    const ranged = await call(
      'get',
      `/store/orders?petId=${petId}&shipDateFrom=2027-01-10T00:00:00Z&shipDateTo=2027-01-20T00:00:00Z`,
    );
    expect(ranged.body).toEqual([expect.objectContaining({ shipDate: '2027-01-10T00:00:00Z' })]);
    const open = await call('get', '/store/orders?complete=false&limit=100');
    for (const order of open.body) expect(order.complete).toBe(false);
  });

  it('completes an order with PATCH (experimental), after which it no longer changes or cancels', async () => {
    const petId = await petWithStock(3);
    const placed = await call('post', '/store/orders', { petId, quantity: 1 });
    const done = await call('patch', `/store/orders/${placed.body.id}`, { complete: true });
    expect(done.status).toBe(200);
    expect(done.headers['x-api-stability']).toBe('experimental');
    expect(done.body.complete).toBe(true);
    const refused = await call('patch', `/store/orders/${placed.body.id}`, { shipDate: '2027-01-01T00:00:00Z' });
    expect(refused.body).toEqual(errorShape(409, 'ORDER_COMPLETED'));
    expect(refused.headers['x-api-stability']).toBeUndefined();
    expect((await call('delete', `/store/orders/${placed.body.id}`)).status).toBe(409);
  });

  it('cancels an open order, putting its units back; the order is then gone', async () => {
    const petId = await petWithStock(4);
    const placed = await call('post', '/store/orders', { petId, quantity: 3 });
    expect((await call('delete', `/store/orders/${placed.body.id}`)).status).toBe(204);
    expect((await call('get', `/store/inventory/${petId}`)).body.quantity).toBe(4);
    expect((await call('get', `/store/orders/${placed.body.id}`)).body).toEqual(errorShape(404, 'ORDER_NOT_FOUND'));
  });
});
