// A write the disk refuses leaves no trace: the client is told 507 STORAGE_FAILED with what to do,
// the refused change is in no read, and once the disk works again so do writes, no restart needed.
// The fault is real: the data file's folder is replaced by a regular file (ENOTDIR), which a
// process running as root cannot write through either, unlike a read-only folder.

import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { readStoredData } from '../../src/store/create-store.js';
import type { DataSet } from '../../src/store/data-set.js';
import { DEMO_KEY, errorShape, startTestMock, type TestMock } from '../support/mock.js';

type PetBody = { id: number; name: string };

describe('a write the disk refuses', () => {
  let root: string;
  let dataFolder: string;
  let mock: TestMock;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'petstore-storage-'));
    dataFolder = join(root, 'data');
    mock = await startTestMock({ data: join(dataFolder, 'db.json') });
  });
  afterEach(async () => {
    const bugs = mock.contractBugs();
    await mock.server.close();
    await rm(root, { recursive: true, force: true });
    expect(bugs).toEqual([]);
  });

  const breakDisk = async () => {
    await rename(dataFolder, `${dataFolder}-away`);
    await writeFile(dataFolder, 'a file where the data folder was');
  };
  const repairDisk = async () => {
    await rm(dataFolder);
    await rename(`${dataFolder}-away`, dataFolder);
  };
  const send = (method: 'post' | 'delete', path: string, body?: object) => {
    const req = mock.http[method](`/v1${path}`).set('X-API-Key', DEMO_KEY);
    return body === undefined ? req : req.send(body);
  };
  const listAll = () => mock.http.get('/v1/pets?limit=100&name=Storage').set('X-API-Key', DEMO_KEY);
  // What is stored: the data file with its journal (where writes go first) replayed.
  const storedPets = async (): Promise<PetBody[]> =>
    ((await readStoredData(join(dataFolder, 'db.json'))) as DataSet).pets as PetBody[];

  it('is answered 507 STORAGE_FAILED saying what to do, and is in no list, nor in the file once writes work again', async () => {
    const fixturePets = await storedPets();
    const before = await send('post', '/pets', { name: 'Storage before', categoryId: 1 });
    expect(before.status).toBe(201);

    await breakDisk();
    const refused = await send('post', '/pets', { name: 'Storage refused', categoryId: 1 });
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual(errorShape(507, 'STORAGE_FAILED'));
    expect(refused.body.message).toBe(
      "The data file's folder could not be written (ENOTDIR: not a directory); nothing was stored. Check that the data file's folder exists, then retry; reads still work.",
    );
    const deleteRefused = await send('delete', `/pets/${before.body.id}`);
    expect(deleteRefused.body).toEqual(errorShape(507, 'STORAGE_FAILED'));

    // Reads go on, and show only what was acknowledged.
    const during = await listAll();
    expect(during.status).toBe(200);
    expect((during.body as PetBody[]).map((pet) => pet.name)).toEqual(['Storage before']);
    expect(during.headers['x-total-count']).toBe('1');
    const all = await mock.http.get('/v1/pets?limit=1').set('X-API-Key', DEMO_KEY);
    expect(all.headers['x-total-count']).toBe(String(fixturePets.length + 1));

    // One line per refused write in the log, naming the file, with no stack trace.
    const logged = mock.logLines.filter((line) => line.includes('STORAGE FAILED'));
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/^STORAGE FAILED: POST \/v1\/pets: The data file's folder \S+data could not be written/);
    for (const line of logged) expect(line).not.toMatch(/\n|\bat /);

    await repairDisk();
    const after = await send('post', '/pets', { name: 'Storage after', categoryId: 1 });
    expect(after.status).toBe(201);
    // The refused pet's id was given back with it.
    expect(after.body.id).toBe(before.body.id + 1);
    expect((await listAll()).body.map((pet: PetBody) => pet.name)).toEqual(['Storage before', 'Storage after']);
    expect(await storedPets()).toEqual([...fixturePets, before.body, after.body]);
  });

  it('is answered 507 by the control API too, whose contract declares it, and the key list keeps what was stored', async () => {
    await breakDisk();
    const refused = await mock.http.put('/__mock/keys/storage-key').send({ plan: 'pro' });
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual(errorShape(507, 'STORAGE_FAILED'));
    const state = await mock.http.get('/__mock/state');
    expect(state.status).toBe(200);
    expect(state.body.keys.map((key: { key: string }) => key.key)).not.toContain('storage-key');
    await repairDisk();
    expect((await mock.http.put('/__mock/keys/storage-key').send({ plan: 'pro' })).status).toBe(200);
  });
});
