// The collections a draft adds live where the data lives: in the data file (added to one made
// before the draft, checked against the draft when read, kept across restarts and across a start
// with another contract) and in Redis, shared by every mock on it.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import {
  categoryPhotos,
  type DraftEdit,
  owners,
  ownerVisitNotes,
  petPhotos,
  petVaccinate,
  writeDraft,
} from '../support/drafts.js';
import { DEMO_KEY, startTestMock, useTestMock } from '../support/mock.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';

let draft: string;
beforeAll(async () => {
  draft = await writeDraft(owners, petPhotos);
});

const KEY = { 'X-API-Key': DEMO_KEY };

describe("a draft's new collections in the data file", () => {
  it('are added to a file made before the draft, kept across restarts and across a start with the built-in contract', async () => {
    const data = join(await mkdtemp(join(tmpdir(), 'petstore-draft-data-')), 'db.json');
    const before = await startTestMock({ data });
    await before.server.close();
    expect(JSON.parse(await readFile(data, 'utf8')).owners).toBeUndefined();

    const drafted = await startTestMock({ data, contract: draft });
    expect(drafted.logLines.join('\n')).toMatch(
      /adds collections the data lacked: owners \(12 records\), photos \(\d+ records\)/,
    );
    const made = await drafted.http.post('/v1/owners').set(KEY).send({ name: 'Kept', email: 'kept@example.com' });
    expect(made.status).toBe(201);
    await drafted.server.close();
    const file = JSON.parse(await readFile(data, 'utf8'));
    expect(file.owners.at(-1)).toEqual(made.body);
    expect(file.nextId.owner).toBe(made.body.id + 1);

    // The built-in contract knows no owners: it serves the rest, keeps them in the file, and says so.
    const builtIn = await startTestMock({ data });
    expect(builtIn.logLines.join('\n')).toMatch(
      /The data holds collections the contract does not serve: (owners \(13 records\), photos \(\d+ records\)|photos \(\d+ records\), owners \(13 records\))\. They are kept/,
    );
    expect((await builtIn.http.get('/v1/owners').set(KEY)).status).toBe(404);
    expect((await builtIn.http.post('/v1/pets').set(KEY).send({ name: 'Written', categoryId: 1 })).status).toBe(201);
    await builtIn.server.close();
    expect(JSON.parse(await readFile(data, 'utf8')).owners.at(-1)).toEqual(made.body);

    const again = await startTestMock({ data, contract: draft });
    expect(again.logLines.join('\n')).not.toMatch(/adds collections/);
    expect((await again.http.get(`/v1/owners/${made.body.id}`).set(KEY)).body).toEqual(made.body);
    expect((await again.http.post('/v1/owners').set(KEY).send({ name: 'Next', email: 'n@example.com' })).body.id).toBe(
      made.body.id + 1,
    );
    await again.server.close();
    for (const mock of [before, drafted, builtIn, again]) expect(mock.contractBugs()).toEqual([]);
  });

  it('are checked against the draft when read: a record edited by hand is named, file, collection, id and field', async () => {
    const data = join(await mkdtemp(join(tmpdir(), 'petstore-draft-data-')), 'db.json');
    const first = await startTestMock({ data, contract: draft });
    await first.server.close();
    const file = JSON.parse(await readFile(data, 'utf8'));
    file.owners[1].email = 'not an address';
    await writeFile(data, JSON.stringify(file));
    const refused = await startTestMock({ data, contract: draft }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toContain(
      `owners, id 2, field "email": must match format "email" (the contract's Owner)`,
    );
    expect((refused as Error).message).toContain(data);
  });
});

describe('a draft that moves a collection with rules of its own to another path', () => {
  it('serves it by convention, says why, and keeps the stored orders for the contract that has them', async () => {
    const moved = await writeDraft((document) => {
      document.paths['/store/purchases'] = document.paths['/store/orders'];
      document.paths['/store/purchases/{orderId}'] = document.paths['/store/orders/{orderId}'];
      delete document.paths['/store/orders'];
      delete document.paths['/store/orders/{orderId}'];
    });
    const data = join(await mkdtemp(join(tmpdir(), 'petstore-draft-data-')), 'db.json');
    const mock = await startTestMock({ data, contract: moved, lintContract: false });
    try {
      const made = await mock.http.post('/v1/store/purchases').set(KEY).send({ petId: 1, quantity: 1 });
      expect(made.status).toBe(201);
      const operations = await mock.http.get('/__mock/operations');
      const placeOrder = operations.body.operations.find(
        (operation: { operationId: string }) => operation.operationId === 'placeOrder',
      );
      expect(placeOrder).toMatchObject({ answeredBy: 'convention', path: '/store/purchases' });
      expect(placeOrder.how).toMatch(/not by its rules: they work on orders, which the contract no longer has/);
      // deletePet's rules remove a pet's orders: with the orders moved, it too is answered by convention.
      const deletePet = operations.body.operations.find(
        (operation: { operationId: string }) => operation.operationId === 'deletePet',
      );
      expect(deletePet).toMatchObject({ answeredBy: 'convention' });
      expect(deletePet.how).toMatch(/not by its rules: they work on orders/);
      expect(mock.logLines.join('\n')).toMatch(/collections the contract does not serve: orders \(\d+ records\)/);
    } finally {
      await mock.server.close();
    }
    const file = JSON.parse(await readFile(data, 'utf8'));
    expect(file.orders.length).toBeGreaterThan(0);
    expect(file.purchases.at(-1)).toMatchObject({ petId: 1, quantity: 1 });
  });
});

describe('two collections of one name under different parents', () => {
  it('are stored apart and numbered apart: no id given twice in either, across a restart', async () => {
    const twoPhotos = await writeDraft(petPhotos, categoryPhotos);
    const data = join(await mkdtemp(join(tmpdir(), 'petstore-draft-data-')), 'db.json');
    const idsIn = async () => {
      const file = JSON.parse(await readFile(data, 'utf8'));
      return {
        pets: file.photos.map((photo: { id: number }) => photo.id),
        categories: file.categoryPhotos.map((photo: { id: number }) => photo.id),
      };
    };
    const addBoth = async (mock: Awaited<ReturnType<typeof startTestMock>>) => {
      const ofPet = await mock.http
        .post('/v1/pets/by-id/1/photos')
        .set(KEY)
        .send({ url: 'https://photos.example.com/p.jpg' });
      const ofCategory = await mock.http
        .post('/v1/categories/1/photos')
        .set(KEY)
        .send({ url: 'https://photos.example.com/c.jpg', width: 640 });
      expect([ofPet.status, ofCategory.status]).toEqual([201, 201]);
      expect(ofCategory.body).toMatchObject({ width: 640 });
      expect(ofPet.body).not.toHaveProperty('width');
      return { pet: ofPet.body.id as number, category: ofCategory.body.id as number };
    };
    const first = await startTestMock({ data, contract: twoPhotos });
    const firstIds = await addBoth(first);
    await first.server.close();
    const again = await startTestMock({ data, contract: twoPhotos });
    const againIds = await addBoth(again);
    await again.server.close();
    for (const mock of [first, again]) expect(mock.contractBugs()).toEqual([]);

    const stored = await idsIn();
    expect(stored.pets).toEqual(expect.arrayContaining([firstIds.pet, againIds.pet]));
    expect(stored.categories).toEqual(expect.arrayContaining([firstIds.category, againIds.category]));
    expect(new Set(stored.pets).size).toBe(stored.pets.length);
    expect(new Set(stored.categories).size).toBe(stored.categories.length);
  });
});

describe("a draft's new collections in Redis", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.remove());

  it('are filled once and shared by every mock on it', async () => {
    const options = { data: ':memory:', redis: redis.url, redisPrefix: 'draft:', contract: draft };
    const [one, two] = await Promise.all([startTestMock(options), startTestMock(options)]);
    try {
      const made = await one.http
        .post('/v1/pets/by-id/2/photos')
        .set(KEY)
        .send({ url: 'https://photos.example.com/2.jpg' });
      expect(made.status).toBe(201);
      expect((await two.http.get(`/v1/pets/by-id/2/photos/${made.body.id}`).set(KEY)).body).toEqual(made.body);
      const listed = await two.http.get('/v1/owners?limit=100').set(KEY);
      expect(listed.body).toHaveLength(12);
      const client = new Redis(redis.url);
      expect(await client.hget('draft:data:collections', 'owners')).toBe('id');
      client.disconnect();
    } finally {
      await Promise.all([one.server.close(), two.server.close()]);
    }
    for (const mock of [one, two]) expect(mock.contractBugs()).toEqual([]);
  });
});

describe('a draft that leaves out an answer the convention needs', () => {
  it('gets the truthful answer all the same, marked as outside the contract and counted as its violation', async () => {
    const withoutNotFound = await writeDraft(owners, (document) => {
      delete document.paths['/owners/{ownerId}'].get.responses['404'];
    });
    const mock = await startTestMock({ data: ':memory:', contract: withoutNotFound, lintContract: false });
    try {
      const res = await mock.http.get('/v1/owners/99').set(KEY);
      expect(res.status).toBe(404);
      expect(res.headers['x-mock-contract-gap']).toBe('getOwner declares no 404 answer');
      // In the shape of its nearest declared error (the 400's Error object), with the record's own code.
      expect(res.body).toEqual({
        code: 'OWNER_NOT_FOUND',
        message: expect.stringContaining('No owner has id 99.'),
        status: 404,
      });
      const violations = await mock.http.get('/__mock/violations');
      expect(violations.body.violations).toEqual([
        expect.objectContaining({
          operationId: 'getOwner',
          location: 'contract',
          message: expect.stringContaining('getOwner declares no 404 answer'),
          curl: expect.stringContaining('/v1/owners/99'),
        }),
      ]);
      expect(violations.body.violations[0].curl).not.toContain(KEY['X-API-Key']);
    } finally {
      await mock.server.close();
    }
    expect(mock.contractBugs()).toEqual([]);
  });
});

/** With owners' visits: an action on a visit, answered from its contract. */
const cancelVisit: DraftEdit = (document) => {
  document.paths['/owners/{ownerId}/visits/{visitId}/cancel'] = {
    parameters: document.paths['/owners/{ownerId}/visits/{visitId}'].parameters,
    post: {
      operationId: 'cancelVisit',
      tags: ['Owners'],
      summary: 'Cancel a visit',
      description: 'Cancels it.',
      responses: {
        '204': {
          description: 'Cancelled.',
          headers: document.paths['/owners/{ownerId}/visits'].get.responses['200'].headers,
        },
        '404': { $ref: '#/components/responses/NotFound' },
      },
    },
  };
};

describe('records named by a path of parents, and actions on them', () => {
  const mock = useTestMock(async () => ({
    data: ':memory:',
    contract: await writeDraft(owners, ownerVisitNotes, cancelVisit, petVaccinate),
    lintContract: false,
  }));

  it("answers a note only under its own visit of its own owner: any other owner's path is 404", async () => {
    const visit = await mock.http.post('/v1/owners/1/visits').set(KEY).send({ reason: 'Checkup' });
    expect(visit.status).toBe(201);
    const notes = `/v1/owners/1/visits/${visit.body.id}/notes`;
    const note = await mock.http.post(notes).set(KEY).send({ text: 'Fine.' });
    expect(note.status).toBe(201);
    expect((await mock.http.get(notes).set(KEY)).body).toEqual([note.body]);
    expect((await mock.http.get(`${notes}/${note.body.id}`).set(KEY)).body).toEqual(note.body);

    const elsewhere = `/v1/owners/2/visits/${visit.body.id}/notes`;
    for (const answer of [
      await mock.http.get(elsewhere).set(KEY),
      await mock.http.post(elsewhere).set(KEY).send({ text: 'Not here.' }),
      await mock.http.get(`${elsewhere}/${note.body.id}`).set(KEY),
      await mock.http.delete(`${elsewhere}/${note.body.id}`).set(KEY),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('VISIT_NOT_FOUND');
    }
    expect((await mock.http.get(`${notes}/${note.body.id}`).set(KEY)).status).toBe(200);
  });

  it('answers an action on a pet not there with 404 and the code of a pet, and its success for one that is', async () => {
    expect((await mock.http.post('/v1/pets/by-id/1/vaccinate').set(KEY)).status).toBe(204);
    const missing = await mock.http.post('/v1/pets/by-id/99999/vaccinate').set(KEY);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'PET_NOT_FOUND', status: 404 });
    const operations = (await mock.http.get('/__mock/operations')).body.operations;
    expect(operations).toContainEqual(
      expect.objectContaining({
        operationId: 'vaccinatePet',
        how: expect.stringMatching(/404 when no pet has the petId/),
      }),
    );
  });

  it('answers an action on a visit named under an owner it is not of with 404', async () => {
    const visit = await mock.http.post('/v1/owners/1/visits').set(KEY).send({ reason: 'Checkup' });
    expect((await mock.http.post(`/v1/owners/1/visits/${visit.body.id}/cancel`).set(KEY)).status).toBe(204);
    const elsewhere = await mock.http.post(`/v1/owners/2/visits/${visit.body.id}/cancel`).set(KEY);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.code).toBe('VISIT_NOT_FOUND');
    expect((await mock.http.post(`/v1/owners/99999/visits/${visit.body.id}/cancel`).set(KEY)).status).toBe(404);
  });
});
