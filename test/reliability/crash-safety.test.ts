// Acknowledged writes survive a crash: hundreds of concurrent creates and updates, the server
// killed with SIGKILL at a (seeded) random moment, restarted on the same file. Writes go to the
// journal beside the data file first; what is stored is the file with the journal replayed.

import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { createSeededRandom } from '../../src/http/latency.js';
import { readStoredData } from '../../src/store/create-store.js';
import type { DataSet } from '../../src/store/data-set.js';
import { startCli } from '../support/cli.js';
import { useTempFolder } from '../support/temp-folder.js';

const KEY = { 'X-API-Key': 'demo-enterprise', 'Content-Type': 'application/json' };
const WRITES = 20_000;
const WORKERS = 20;

type Acknowledged = { creates: Map<number, string>; stock: Map<number, number>; refused: Set<string> };

describe('acknowledged writes', () => {
  const tempFolder = useTempFolder('crash');
  let folder: string;
  beforeEach(() => {
    folder = tempFolder();
  });

  it.each([1, 2, 3])(
    'survive SIGKILL at a random moment (seed %i), and the file always parses',
    async (seed) => {
      const random = createSeededRandom(seed);
      const cli = await startCli(['serve', '--port', '0', '--data', 'db.json', '--quiet'], folder);
      const acknowledged: Acknowledged = { creates: new Map(), stock: new Map(), refused: new Set() };
      let sent = 0;
      let cut = 0;
      // A steady stream from many clients, so that the kill lands among writes under way.
      const worker = async (workerIndex: number) => {
        for (let round = 0; round < WRITES / WORKERS; round += 1) {
          const index = round * WORKERS + workerIndex;
          const isCreate = index % 2 === 0;
          const name = `crash-${seed}-${index}`;
          // Stock updates go to fixture pets of this worker's own (three each), one after another,
          // so that a later value of a pet is always a later request.
          const petId = 1 + workerIndex + WORKERS * (round % 3);
          const quantity = 1000 + index;
          sent += 1;
          try {
            const res = isCreate
              ? await fetch(`${cli.apiUrl}/pets`, {
                  method: 'POST',
                  headers: KEY,
                  body: JSON.stringify({ name, categoryId: 1 }),
                  signal: AbortSignal.timeout(10_000),
                })
              : await fetch(`${cli.apiUrl}/store/inventory/${petId}`, {
                  method: 'PUT',
                  headers: KEY,
                  body: JSON.stringify({ quantity }),
                  // Node's fetch can leave a request to a killed server pending for good.
                  signal: AbortSignal.timeout(10_000),
                });
            if (isCreate && res.status === 201)
              acknowledged.creates.set(((await res.json()) as { id: number }).id, name);
            else if (isCreate) acknowledged.refused.add(name);
            if (!isCreate && res.status === 200) acknowledged.stock.set(petId, quantity);
          } catch {
            cut += 1; // cut by the kill: never acknowledged, so nothing is owed
            return;
          }
        }
      };
      const workers = Array.from({ length: WORKERS }, (_, index) => worker(index));
      // The kill comes once writes are being acknowledged (a loaded machine can take a second to
      // answer the first), then at a random moment within the next 0.7 s.
      const deadline = Date.now() + 20_000;
      while (acknowledged.creates.size === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, random() * 700));
      await cli.stop('SIGKILL');
      await Promise.all(workers);
      // The kill came mid-stream: some writes were acknowledged, others cut.
      expect(acknowledged.creates.size).toBeGreaterThan(0);
      expect(cut).toBeGreaterThan(0);
      expect(sent).toBeLessThan(WRITES);

      // The data file parses as it is; with its journal replayed, it holds every acknowledged
      // write once, and no write that was refused.
      JSON.parse(await readFile(join(folder, 'db.json'), 'utf8'));
      const stored = (await readStoredData(join(folder, 'db.json'))) as DataSet;
      const storedNames = new Map(stored.pets.map((pet) => [pet.id, pet.name]));
      const lostCreates = [...acknowledged.creates].filter(([id, name]) => storedNames.get(id) !== name);
      expect(lostCreates).toEqual([]);
      const crashNames = stored.pets.map((pet) => pet.name).filter((name) => name.startsWith('crash-'));
      expect(crashNames.length).toBe(new Set(crashNames).size);
      expect(crashNames.filter((name) => acknowledged.refused.has(name))).toEqual([]);
      expect(new Set(stored.pets.map((pet) => pet.id)).size).toBe(stored.pets.length);
      const storedStock = new Map(stored.inventory.map((item) => [item.petId, item.quantity]));
      // A later update of the same pet may have been stored without being acknowledged: never less.
      const lostStock = [...acknowledged.stock].filter(
        ([petId, quantity]) => (storedStock.get(petId) ?? -1) < quantity,
      );
      expect(lostStock).toEqual([]);

      // And the server starts again on it, serving what was acknowledged.
      const restarted = await startCli(['serve', '--port', '0', '--data', 'db.json', '--quiet'], folder);
      try {
        const [lastId, lastName] = [...acknowledged.creates].at(-1) ?? [];
        const res = await fetch(`${restarted.apiUrl}/pets/by-id/${lastId}`, { headers: KEY });
        expect(((await res.json()) as { name: string }).name).toBe(lastName);
      } finally {
        expect(await restarted.stop()).toBe(0);
      }
      // A clean stop folds the journal into the data file: the file alone holds the same data.
      const folded = JSON.parse(await readFile(join(folder, 'db.json'), 'utf8')) as DataSet;
      expect(folded.pets).toEqual(stored.pets);
      expect(folded.inventory).toEqual(stored.inventory);
    },
    60_000,
  );

  it('are all finished and stored when SIGTERM arrives while they are under way', async () => {
    // Latency keeps every request in flight when the signal comes.
    const cli = await startCli(['serve', '--port', '0', '--data', 'db.json', '--quiet', '--latency', '1000'], folder);
    const names = Array.from({ length: 100 }, (_, index) => `sigterm-${index}`);
    const connected: Array<Promise<void>> = [];
    const answers = names.map(
      (name) =>
        new Promise<number>((resolve) => {
          const body = JSON.stringify({ name, categoryId: 2 });
          const req = request(`${cli.apiUrl}/pets`, { method: 'POST', headers: KEY }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          connected.push(new Promise((done) => req.on('socket', (socket) => socket.once('connect', () => done()))));
          req.on('error', () => resolve(0));
          req.end(body);
        }),
    );
    // Every request on its way (connected, its bytes sent), and the server's turn to take them in;
    // a request still in the kernel's queue when the server stops listening is not one under way.
    await Promise.all(connected);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exitCode = await cli.stop('SIGTERM');
    expect(await Promise.all(answers)).toEqual(names.map(() => 201));
    expect(exitCode).toBe(0);
    const onDisk = JSON.parse(await readFile(join(folder, 'db.json'), 'utf8')) as { pets: Array<{ name: string }> };
    const stored = new Set(onDisk.pets.map((pet) => pet.name));
    for (const name of names) expect(stored.has(name)).toBe(true);
  }, 30_000);
});
