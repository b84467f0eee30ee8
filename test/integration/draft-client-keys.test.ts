// A draft whose create lets the client choose a numbered record's id: an id left out is the
// mock's to give, one sent is kept unless taken (409), and the next id the mock gives is past it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ownerIdsByClient, owners, writeDraft } from '../support/drafts.js';
import { DEMO_KEY, errorShape, startTestMock, type TestMock } from '../support/mock.js';

let mock: TestMock;

beforeAll(async () => {
  mock = await startTestMock({ contract: await writeDraft(owners, ownerIdsByClient) });
});
afterAll(async () => {
  const bugs = mock.contractBugs();
  await mock.server.close();
  expect(bugs).toEqual([]);
});

const create = (body: object) => mock.http.post('/v1/owners').set('X-API-Key', DEMO_KEY).send(body);

describe('a create whose body may send the id of a numbered record', () => {
  it('numbers a record sent without its id, after the fixtures', async () => {
    const created = await create({ name: 'No Id', email: 'no-id@example.com' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 13, name: 'No Id' });
    expect(created.headers.location).toBe('/v1/owners/13');
    const read = await mock.http.get('/v1/owners/13').set('X-API-Key', DEMO_KEY);
    expect(read.body).toEqual(created.body);
  });

  it('keeps an id the client chose, and numbers the next record past it', async () => {
    const chosen = await create({ id: 500, name: 'Chosen', email: 'chosen@example.com' });
    expect(chosen.status).toBe(201);
    expect(chosen.body).toMatchObject({ id: 500, name: 'Chosen' });
    const next = await create({ name: 'After', email: 'after@example.com' });
    expect(next.body.id).toBe(501);
  });

  it('refuses an id a record has with the 409 the draft lists, and changes nothing', async () => {
    const taken = await create({ id: 500, name: 'Again', email: 'again@example.com' });
    expect(taken.body).toEqual(errorShape(409, 'OWNER_ID_TAKEN'));
    expect(taken.body.message).toMatch(/already has id 500/);
    const kept = await mock.http.get('/v1/owners/500').set('X-API-Key', DEMO_KEY);
    expect(kept.body.name).toBe('Chosen');
  });
});
