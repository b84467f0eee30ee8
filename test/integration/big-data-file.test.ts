// A data file of 200,000 pets (the fixtures' shape, each with its stock): more records than a
// spread into a call's arguments takes (about 125,000 on Node's default stack), so that a step of
// the start that spreads a list, or recurses over records, fails here. The start checks the file
// against the contract (written by hand), serves it, journals a create, folds it at the stop, and
// starts again on the file it wrote (the check then skipped). The start on a million pets, and
// its time, are the bench's (npm run bench).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeBigDataFile } from '../../bench/big-data-file.js';
import { DEMO_KEY, startTestMock } from '../support/mock.js';

const PETS = 200_000;

describe(`a data file of ${PETS.toLocaleString('en')} pets`, () => {
  let folder: string;
  let file: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-big-'));
    file = join(folder, 'db.json');
    await writeBigDataFile(file, PETS);
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('starts, serves, stores a write, folds it at the stop, and starts again on the file it wrote', async () => {
    const first = await startTestMock({ data: file });
    try {
      const last = await first.http.get(`/v1/pets/by-id/${PETS}`).set('X-API-Key', DEMO_KEY);
      expect(last.status).toBe(200);
      const page = await first.http.get('/v1/pets?limit=1').set('X-API-Key', DEMO_KEY);
      expect(page.headers['x-total-count']).toBe(String(PETS));
      const created = await first.http
        .post('/v1/pets')
        .set('X-API-Key', DEMO_KEY)
        .send({ name: 'One more', categoryId: 2 });
      expect(created.status).toBe(201);
      expect(created.body.id).toBe(PETS + 1);
      expect(first.contractBugs()).toEqual([]);
    } finally {
      await first.server.close();
    }
    const folded = JSON.parse(await readFile(file, 'utf8')) as { pets: { name: string }[]; journalSequence: number };
    expect(folded.pets).toHaveLength(PETS + 1);
    expect(folded.pets.at(-1)?.name).toBe('One more');

    const again = await startTestMock({ data: file });
    try {
      const pet = await again.http.get(`/v1/pets/by-id/${PETS + 1}`).set('X-API-Key', DEMO_KEY);
      expect(pet.body.name).toBe('One more');
    } finally {
      await again.server.close();
    }
  }, 60_000);
});
