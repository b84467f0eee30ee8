import { describe, expect, it } from '@jest/globals';
import { DEMO_KEY, errorShape, useTestMock } from '../support/mock.js';

describe('categories over HTTP', () => {
  const mock = useTestMock();
  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = mock.http[method](`/v1${path}`).set('X-API-Key', DEMO_KEY);
    return body === undefined ? req : req.send(body);
  };

  it('lists categories filtered by a part of their name, without case', async () => {
    const res = await call('get', '/categories?name=DOG');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ name: 'Dogs' })]);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('creates, reads, replaces and deletes a category', async () => {
    const created = await call('post', '/categories', { name: 'Amphibians', description: 'Frogs and newts.' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/v1/categories/${created.body.id}`);
    expect((await call('get', `/categories/${created.body.id}`)).body).toEqual(created.body);
    const replaced = await call('put', `/categories/${created.body.id}`, { name: 'Frogs' });
    expect(replaced.body).toEqual({ id: created.body.id, name: 'Frogs' });
    expect((await call('get', `/categories/${created.body.id}`)).body).toEqual({ id: created.body.id, name: 'Frogs' });
    expect((await call('delete', `/categories/${created.body.id}`)).status).toBe(204);
    expect((await call('get', `/categories/${created.body.id}`)).body).toEqual(errorShape(404, 'CATEGORY_NOT_FOUND'));
  });

  it('keeps names unique without case (409 CATEGORY_NAME_TAKEN), on create and on replace', async () => {
    expect((await call('post', '/categories', { name: 'cats' })).body).toEqual(errorShape(409, 'CATEGORY_NAME_TAKEN'));
    const other = await call('post', '/categories', { name: 'Insects' });
    expect((await call('put', `/categories/${other.body.id}`, { name: 'DOGS' })).status).toBe(409);
    expect((await call('put', `/categories/${other.body.id}`, { name: 'insects' })).status).toBe(200);
  });

  it('refuses to delete a category that pets belong to (409 CATEGORY_IN_USE)', async () => {
    const res = await call('delete', '/categories/1');
    expect(res.status).toBe(409);
    expect(res.body).toEqual(errorShape(409, 'CATEGORY_IN_USE'));
    expect((await call('get', '/categories/1')).status).toBe(200);
  });
});
