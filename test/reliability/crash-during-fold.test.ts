// A crash while the journal is folded into the data file loses nothing and applies nothing twice:
// 20 writers create and remove pets through the store, which folds after every record (so that a
// fold is almost always under way), and the process is killed with SIGKILL at a (seeded) random
// moment. What is stored (the data file with its journal replayed) holds every acknowledged write
// once, none undone, and starts again.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { createSeededRandom } from '../../src/http/latency.js';
import { createStore, readStoredData } from '../../src/store/create-store.js';
import type { DataSet } from '../../src/store/data-set.js';
import { useTempFolder } from '../support/temp-folder.js';

const WRITER = fileURLToPath(new URL('../../dist/test/support/store-writer.js', import.meta.url));

type Acknowledged = { created: Map<number, string>; removing: Set<number>; removed: Set<number> };

/** Runs the writer on `file` until `acknowledgements` writes were acknowledged, then `delayMs` more, then kills it. */
async function killWhileWriting(file: string, acknowledgements: number, delayMs: number): Promise<Acknowledged> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [WRITER, file]);
  const acknowledged: Acknowledged = { created: new Map(), removing: new Set(), removed: new Set() };
  let buffered = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${acknowledgements} acknowledgements within 30 s: ${errors}`)),
      30_000,
    );
    child.once('exit', (code) => reject(new Error(`the writer exited with ${code}: ${errors}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const [what, id, name] = line.split(' ');
        if (what === 'created') acknowledged.created.set(Number(id), name as string);
        if (what === 'removing') acknowledged.removing.add(Number(id));
        if (what === 'removed') acknowledged.removed.add(Number(id));
      }
      if (acknowledged.created.size >= acknowledgements) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  child.kill('SIGKILL');
  await exited;
  return acknowledged;
}

describe('a crash during a fold', () => {
  const tempFolder = useTempFolder('fold-crash');
  let file: string;
  beforeEach(() => {
    file = join(tempFolder(), 'db.json');
  });

  it.each([1, 2, 3])(
    'loses no acknowledged write and applies none twice (seed %i)',
    async (seed) => {
      const acknowledged = await killWhileWriting(file, 200, createSeededRandom(seed)() * 300);

      // The data file parses as it is, and its journal replayed over it gives every acknowledged write.
      JSON.parse(await readFile(file, 'utf8'));
      const stored = (await readStoredData(file)) as DataSet;
      const storedPets = new Map(stored.pets.map((pet) => [pet.id, pet.name]));
      expect(storedPets.size).toBe(stored.pets.length);
      // A pet whose removal was under way at the kill may be gone without the removal acknowledged.
      const lost = [...acknowledged.created].filter(
        ([id, name]) => !acknowledged.removing.has(id) && storedPets.get(id) !== name,
      );
      expect(lost).toEqual([]);
      expect([...acknowledged.removed].filter((id) => storedPets.has(id))).toEqual([]);
      // Each pet's stock is there once, with its pet.
      const stock = stored.inventory.map((item) => item.petId);
      expect(new Set(stock).size).toBe(stock.length);
      expect(stored.pets.filter((pet) => !stock.includes(pet.id))).toEqual([]);

      // A start serves it, and a clean stop folds it all into the data file.
      const store = await createStore({ location: file, createInitialData: () => stored });
      expect(store.data).toEqual(stored);
      await store.close();
      const { journalSequence: _sequence, ...folded } = JSON.parse(await readFile(file, 'utf8'));
      expect(folded).toEqual(JSON.parse(JSON.stringify(stored)));
    },
    60_000,
  );
});
