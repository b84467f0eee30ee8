// How each operation is answered (GET /__mock/operations): the Pet Store's rules where it has
// some, else the convention of its shape, read from the built-in contract.
import { describe, expect, it } from '@jest/globals';
import { useTestMock } from '../support/mock.js';

describe('how the mock answers each operation of the built-in contract', () => {
  const mock = useTestMock();

  it('lists every operation of the contract, in its order, with how it is answered', async () => {
    const res = await mock.http.get('/__mock/operations');
    expect(res.status).toBe(200);
    expect(res.body.contract).toEqual({ title: 'Pet Store', version: '1.0.0', source: 'built-in' });
    const ids = mock.server.contract.operations.map((operation) => operation.operationId);
    expect(res.body.operations.map((operation: { operationId: string }) => operation.operationId)).toEqual(ids);
    const byId = new Map<string, { answeredBy: string; how: string; method: string; path: string }>(
      res.body.operations.map((operation: { operationId: string }) => [operation.operationId, operation]),
    );
    expect(byId.get('createPet')).toMatchObject({
      method: 'POST',
      path: '/pets',
      answeredBy: 'rules',
      how: expect.stringContaining('UNKNOWN_CATEGORY'),
    });
    expect(byId.get('listPets')).toMatchObject({
      answeredBy: 'convention',
      how: 'lists pets, filtered by status, categoryId, name (contains), paged by limit and offset',
    });
    expect(byId.get('listOrders')?.how).toContain('shipDateFrom (from shipDate), shipDateTo (before shipDate)');
    expect(byId.get('getPet')).toMatchObject({ answeredBy: 'convention', how: 'reads a pet by petId' });
    const rules = [...byId].filter(([, operation]) => operation.answeredBy === 'rules').map(([id]) => id);
    expect(rules.sort()).toEqual(
      [
        'createPet',
        'updatePet',
        'deletePet',
        'createCategory',
        'updateCategory',
        'deleteCategory',
        'placeOrder',
        'updateOrder',
        'cancelOrder',
        'updateInventory',
      ].sort(),
    );
    expect(mock.server.operations).toEqual(res.body.operations);
  });
});
