// A draft whose create lets the client choose a numbered record's id: an id left out is the
// mock's to give, one sent is kept unless taken (409), and the next id the mock gives is past it.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { breeds, type DraftEdit, ownerIdsByClient, owners, writeDraft } from '../support/drafts.js';
import { DEMO_KEY, errorShape, startTestMock, type TestMock, useTestMock } from '../support/mock.js';

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

  it('lists records in ascending order of id, whatever order they were made in', async () => {
    expect((await create({ id: 100, name: 'Lower', email: 'lower@example.com' })).status).toBe(201);
    const listed = await mock.http.get('/v1/owners?limit=100').set('X-API-Key', DEMO_KEY);
    const ids = listed.body.map((owner: { id: number }) => owner.id);
    expect(ids).toEqual([...ids].sort((one, other) => one - other));
    expect(ids.slice(-4)).toEqual([13, 100, 500, 501]);
    const page = await mock.http.get('/v1/owners?limit=2&offset=13').set('X-API-Key', DEMO_KEY);
    expect(page.body.map((owner: { id: number }) => owner.id)).toEqual([100, 500]);
  });

  it('refuses an id a record has with the 409 the draft lists, and changes nothing', async () => {
    const taken = await create({ id: 500, name: 'Again', email: 'again@example.com' });
    expect(taken.body).toEqual(errorShape(409, 'OWNER_ID_TAKEN'));
    expect(taken.body.message).toMatch(/already has id 500/);
    const kept = await mock.http.get('/v1/owners/500').set('X-API-Key', DEMO_KEY);
    expect(kept.body.name).toBe('Chosen');
  });
});

describe('a create that answers 200 and declares no Location', () => {
  const answersOk: DraftEdit = (document) => {
    const responses = document.paths['/owners'].post.responses;
    responses['200'] = { ...responses['201'], headers: { ...responses['201'].headers } };
    delete responses['200'].headers.Location;
    delete responses['201'];
  };
  const served = useTestMock(async () => ({ contract: await writeDraft(owners, answersOk), lintContract: false }));

  it('answers the record without a Location header', async () => {
    const made = await served.http
      .post('/v1/owners')
      .set('X-API-Key', DEMO_KEY)
      .send({ name: 'Ok', email: 'o@example.com' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id: 13, name: 'Ok' });
    expect(made.headers.location).toBeUndefined();
  });
});

describe('an id as large as the draft allows', () => {
  it('is kept, the counter stays a whole number, and the data file starts again', async () => {
    const data = join(await mkdtemp(join(tmpdir(), 'petstore-client-keys-')), 'db.json');
    const contract = await writeDraft(owners, ownerIdsByClient);
    const first = await startTestMock({ data, contract });
    const send = (target: TestMock, body: object) =>
      target.http.post('/v1/owners').set('X-API-Key', DEMO_KEY).send(body);
    const largest = await send(first, { id: Number.MAX_SAFE_INTEGER, name: 'Largest', email: 'l@example.com' });
    expect(largest.status).toBe(201);
    expect(largest.body.id).toBe(Number.MAX_SAFE_INTEGER);
    // A counter moved past it would leave the whole numbers JSON holds: it stays where it was.
    expect((await send(first, { name: 'Next', email: 'next@example.com' })).body.id).toBe(13);
    const firstBugs = first.contractBugs();
    await first.server.close();
    expect(JSON.parse(await readFile(data, 'utf8')).nextId.owner).toBe(14);

    const again = await startTestMock({ data, contract });
    expect((await send(again, { name: 'After', email: 'after@example.com' })).body.id).toBe(14);
    const read = await again.http.get(`/v1/owners/${Number.MAX_SAFE_INTEGER}`).set('X-API-Key', DEMO_KEY);
    expect(read.body.name).toBe('Largest');
    const bugs = [...firstBugs, ...again.contractBugs()];
    await again.server.close();
    expect(bugs).toEqual([]);
  });
});

describe('a collection the contract makes numbered, its records stored before', () => {
  it('numbers new records past every stored id, and keeps the counter in the file', async () => {
    const data = join(await mkdtemp(join(tmpdir(), 'petstore-client-keys-')), 'db.json');
    // First served by a draft whose create must send the id: owners stored, no counter for them.
    const idRequired: DraftEdit = (document) => {
      document.components.schemas.NewOwner.required.push('id');
    };
    const before = await startTestMock({ data, contract: await writeDraft(owners, ownerIdsByClient, idRequired) });
    expect((await before.http.get('/v1/owners/12').set('X-API-Key', DEMO_KEY)).status).toBe(200);
    await before.server.close();
    expect(JSON.parse(await readFile(data, 'utf8')).nextId.owner).toBeUndefined();

    const after = await startTestMock({ data, contract: await writeDraft(owners, ownerIdsByClient) });
    const made = await after.http
      .post('/v1/owners')
      .set('X-API-Key', DEMO_KEY)
      .send({ name: 'Numbered', email: 'numbered@example.com' });
    expect(made.status).toBe(201);
    expect(made.body.id).toBe(13);
    const bugs = [...before.contractBugs(), ...after.contractBugs()];
    await after.server.close();
    expect(bugs).toEqual([]);
    expect(JSON.parse(await readFile(data, 'utf8')).nextId.owner).toBe(14);
  });
});

describe('a resource named by a code the client chooses: {breedCode}', () => {
  const served = useTestMock(async () => ({ contract: await writeDraft(breeds), lintContract: false }));

  it('stores it under its code, reads it there, and refuses the code twice', async () => {
    const send = (body: object) => served.http.post('/v1/breeds').set('X-API-Key', DEMO_KEY).send(body);
    const made = await send({ code: 'ABC', label: 'Abyssinian' });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ code: 'ABC', label: 'Abyssinian' });
    expect(made.headers.location).toBe('/v1/breeds/ABC');
    expect((await served.http.get('/v1/breeds/ABC').set('X-API-Key', DEMO_KEY)).body).toEqual(made.body);
    const again = await send({ code: 'ABC', label: 'Another' });
    expect(again.body).toEqual(errorShape(409, 'BREED_CODE_TAKEN'));
    const missing = await served.http.get('/v1/breeds/ZZZ').set('X-API-Key', DEMO_KEY);
    expect(missing.body).toMatchObject({ code: 'BREED_NOT_FOUND', message: expect.stringContaining('"ZZZ"') });
  });
});
