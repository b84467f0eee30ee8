// A draft field that may be null: a null sent is stored and answered where the schema allows it,
// and a merge (RFC 7396) that sends null removes the field, at the top of the record as below.
import { describe, expect, it } from '@jest/globals';
import { ownerCityNullable, owners, writeDraft } from '../support/drafts.js';
import { DEMO_KEY, useTestMock } from '../support/mock.js';

const mock = useTestMock(async () => ({ contract: await writeDraft(owners, ownerCityNullable), lintContract: false }));

const send = (method: 'post' | 'put' | 'patch', path: string, body: object) =>
  mock.http[method](`/v1${path}`).set('X-API-Key', DEMO_KEY).send(body);
const read = async (id: number) => (await mock.http.get(`/v1/owners/${id}`).set('X-API-Key', DEMO_KEY)).body;

describe('a field that may be null', () => {
  it('is stored as null when a create or a replacement sends null', async () => {
    const made = await send('post', '/owners', { name: 'Nil', email: 'nil@example.com', city: null });
    expect(made.status).toBe(201);
    expect(made.body.city).toBeNull();
    expect((await read(made.body.id)).city).toBeNull();
    const replaced = await send('put', `/owners/${made.body.id}`, { name: 'Nil', email: 'n@example.com', city: null });
    expect(replaced.body.city).toBeNull();
  });

  it('is removed by a merge that sends null, the other fields kept or changed', async () => {
    const made = await send('post', '/owners', { name: 'Town', email: 'town@example.com', city: 'Oslo' });
    const merged = await send('patch', `/owners/${made.body.id}`, { city: null, name: 'Moved' });
    expect(merged.status).toBe(200);
    expect(merged.body).not.toHaveProperty('city');
    expect(merged.body).toMatchObject({ name: 'Moved', email: 'town@example.com' });
    expect(await read(made.body.id)).toEqual(merged.body);
  });
});
