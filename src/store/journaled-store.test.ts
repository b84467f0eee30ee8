// The data file and its journal (journaled-file.ts): a write goes to the journal, a start replays
// it, a fold writes it into the data file, and every state a crash can leave is read back whole.
import { appendFile, copyFile, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { useTempFolder } from '../../test/support/temp-folder.js';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { createStore, DataFileError, readStoredData, type Store, type StoreOptions } from './create-store.js';
import type { DataSet } from './data-set.js';
import { encodeHeader, encodeRecord, readJournal } from './journal-format.js';
import { createJournalWriterThread, journalFileOf } from './journal-writer-thread.js';
import { dataStoreOf } from './lowdb-data-store.js';
import { StorageError } from './storage-error.js';
import { PETS } from './test-support/format-collections.js';

const initial = () => generateDataSet({ seed: 1, pets: 5, orders: 2 });
/** No fold but the one at a clean stop: what each test looks at stays in the journal. */
const NO_BACKGROUND_FOLD = { idleMs: false, minBytes: 1e12, maxBytes: 1e12 } as const;

const createPet = (store: Store, name: string) =>
  dataStoreOf(store).transaction((tx) => tx.insert(PETS, { name, categoryId: 1, status: 'available' }));
const names = (data: DataSet | undefined) => data?.pets.map((pet) => pet.name) ?? [];
const fileData = async (file: string): Promise<DataSet & { journalSequence?: number }> =>
  JSON.parse(await readFile(file, 'utf8'));

/** The data file and its journal as they are now: what a crash at this moment leaves on disk. */
async function crashCopy(from: string, to: string): Promise<string> {
  await copyFile(from, to);
  await copyFile(journalFileOf(from), journalFileOf(to));
  return to;
}

describe('the data file and its journal', () => {
  const tempFolder = useTempFolder('journal');
  let folder: string;
  let file: string;
  const open = (options: Partial<StoreOptions> = {}) =>
    createStore({ location: file, createInitialData: initial, fold: NO_BACKGROUND_FOLD, ...options });
  beforeEach(() => {
    folder = tempFolder();
    file = join(folder, 'db.json');
  });

  it('stores a write in the journal, leaves the data file as it was, and a start after a crash replays it', async () => {
    const store = await open();
    const fileBefore = await readFile(file, 'utf8');
    await createPet(store, 'Journaled');
    await createPet(store, 'Journaled too');
    expect(await readFile(file, 'utf8')).toBe(fileBefore);
    const journal = readJournal(await readFile(journalFileOf(file)));
    expect(journal.records.map((record) => record.seq)).toEqual([1, 2]);

    const crashed = await crashCopy(file, join(folder, 'crashed.json'));
    const reopened = await createStore({ location: crashed, createInitialData: initial, fold: NO_BACKGROUND_FOLD });
    expect(names(reopened.data).slice(-2)).toEqual(['Journaled', 'Journaled too']);
    expect(reopened.data).toEqual(store.data);
    // Numbering goes on after the replayed records.
    await createPet(reopened, 'After the crash');
    expect(readJournal(await readFile(journalFileOf(crashed))).records.map((record) => record.seq)).toEqual([1, 2, 3]);
    await reopened.close();
    await store.close();
  });

  it('folds the journal into the data file at a clean stop, the file alone then holding every write', async () => {
    const store = await open();
    await createPet(store, 'Folded');
    const served = store.data;
    await store.close();
    const folded = await fileData(file);
    expect(names(folded).at(-1)).toBe('Folded');
    expect(folded.journalSequence).toBe(1);
    const { journalSequence: _sequence, ...data } = folded;
    expect(data).toEqual(JSON.parse(JSON.stringify(served)));
    expect(readJournal(await readFile(journalFileOf(file))).records).toEqual([]);
  });

  it('folds in the background once the journal passes its size, and restarts the journal after it', async () => {
    // A start on a new file restarts the journal twice (empty, then after the file's first
    // version); the next restart follows a fold.
    let restarts = 0;
    let folded = () => {};
    const foldSeen = new Promise<void>((resolve) => {
      folded = resolve;
    });
    const counting = (path: string) => {
      const real = createJournalWriterThread(path);
      return {
        ...real,
        async restart(...args: Parameters<typeof real.restart>) {
          // biome-ignore lint/plugin: the caller's own arguments, no more than its call put on the stack
          const size = await real.restart(...args);
          restarts += 1;
          if (restarts === 3) folded();
          return size;
        },
      };
    };
    // About 200 bytes a record: one fold, after the fifth.
    const store = await open({
      openJournalWriter: counting,
      fold: { idleMs: false, minBytes: 1_000, maxBytes: 1_000 },
    });
    for (let index = 0; index < 8; index += 1) await createPet(store, `Pet ${index}`);
    await foldSeen;
    const sequence = (await fileData(file)).journalSequence ?? 0;
    expect(sequence).toBeGreaterThanOrEqual(5);
    const journal = readJournal(await readFile(journalFileOf(file)));
    expect(journal.records.map((record) => record.seq)).toEqual(
      Array.from({ length: 8 - sequence }, (_, index) => sequence + 1 + index),
    );
    expect(await readStoredData(file)).toEqual(JSON.parse(JSON.stringify(store.data)));
    await store.close();
  });

  it('drops a last record a crash cut short, says so, and writes after the whole ones', async () => {
    const store = await open();
    await createPet(store, 'Whole');
    const crashed = await crashCopy(file, join(folder, 'crashed.json'));
    await store.close();
    const torn = encodeRecord({
      seq: 2,
      sets: [{ lists: {}, apiKeys: [], nextId: { pet: 999, category: 1, order: 1 } }],
    });
    await appendFile(journalFileOf(crashed), torn.subarray(0, torn.length - 7));
    const lines: string[] = [];
    const reopened = await createStore({
      location: crashed,
      createInitialData: initial,
      fold: NO_BACKGROUND_FOLD,
      log: (line) => lines.push(line),
    });
    expect(names(reopened.data).at(-1)).toBe('Whole');
    expect(reopened.data.nextId.pet).not.toBe(999);
    expect(lines.join('\n')).toMatch(
      /ended with an incomplete write \(\d+ bytes, cut short by a crash before it was acknowledged\): dropped/,
    );
    await createPet(reopened, 'Next');
    const again = await crashCopy(crashed, join(folder, 'again.json'));
    expect(names(await readStoredData(again)).slice(-2)).toEqual(['Whole', 'Next']);
    await reopened.close();
  });

  it('refuses to start on a journal damaged before whole records, leaving both files as they are', async () => {
    const store = await open();
    for (const name of ['One', 'Two', 'Three']) await createPet(store, name);
    const crashed = await crashCopy(file, join(folder, 'crashed.json'));
    await store.close();
    const journal = await readFile(journalFileOf(crashed));
    const second = readJournal(journal).records[1] as { start: number };
    journal[second.start + 20] = (journal[second.start + 20] as number) ^ 0x01;
    await writeFile(journalFileOf(crashed), journal);
    const dataBefore = await readFile(crashed, 'utf8');
    const error = await createStore({ location: crashed, createInitialData: initial }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DataFileError);
    expect((error as Error).message).toMatch(
      /^The journal \S+crashed\.json\.journal beside the data file is damaged: line 3 is not a whole record .* Both were left untouched: restore the journal, or move it away/s,
    );
    expect(await readFile(crashed, 'utf8')).toBe(dataBefore);
    expect(await readFile(journalFileOf(crashed))).toEqual(journal);
  });

  describe('a crash during a fold', () => {
    /** The fixtures as of sequence `seq`: pet 1 named by each record up to it. */
    const renaming = (seq: number, name: string) => ({
      seq,
      sets: [{ lists: { pets: { keyField: 'id', changes: [[1, { ...initial().pets[0], name }]] } }, apiKeys: [] }],
    });
    const journalOf = (...records: ReturnType<typeof renaming>[]) =>
      Buffer.concat([encodeHeader({}), ...records.map((record) => encodeRecord(record as never))]);
    const dataAt = (seq: number, name: string) => {
      const data = initial() as DataSet & { journalSequence?: number };
      data.pets[0] = { ...(data.pets[0] as DataSet['pets'][number]), name };
      data.journalSequence = seq;
      return JSON.stringify(data);
    };

    it('after the data file was written, before the journal restarted: each record applied once, none twice', async () => {
      // The fold wrote sequence 2; the journal still holds 1 to 3. Record 1, applied again, would bring back "one".
      await writeFile(file, dataAt(2, 'two'));
      await writeFile(journalFileOf(file), journalOf(renaming(1, 'one'), renaming(3, 'three')));
      const store = await open();
      expect(store.data.pets[0]?.name).toBe('three');
      await store.close();

      await writeFile(file, dataAt(2, 'two'));
      await writeFile(journalFileOf(file), journalOf(renaming(1, 'one')));
      const again = await open();
      expect(again.data.pets[0]?.name).toBe('two');
      // The next record follows the highest sequence known.
      await createPet(again, 'Next');
      expect(readJournal(await readFile(journalFileOf(file))).records.map((record) => record.seq)).toEqual([3]);
      await again.close();
    });

    it('before the data file was renamed into place, or while the journal was restarted: the old files are read', async () => {
      await writeFile(file, dataAt(1, 'one'));
      await writeFile(journalFileOf(file), journalOf(renaming(2, 'two')));
      // What the fold and the journal's restart had written beside them, never renamed into place.
      await writeFile(join(folder, '.db.json.spare'), '{"half a vers');
      await writeFile(join(folder, '.db.json.journal.next'), encodeHeader({}));
      const store = await open();
      expect(store.data.pets[0]?.name).toBe('two');
      await createPet(store, 'Next');
      await store.close();
      expect((await fileData(file)).pets[0]?.name).toBe('two');
      expect(names(await fileData(file)).at(-1)).toBe('Next');
      expect((await readdir(folder)).sort()).toEqual(['.db.json.spare', 'db.json', 'db.json.journal']);
    });
  });

  describe('when the disk refuses an append', () => {
    function fullJournalDisk() {
      const disk = { full: false };
      const open = (path: string) => {
        const real = createJournalWriterThread(path);
        return {
          ...real,
          async append(seq: number, bytes: Uint8Array) {
            if (disk.full)
              throw new StorageError(path, 'ENOSPC: no space left on device', 'ENOSPC', {
                part: 'journal',
                path: journalFileOf(path),
              });
            return real.append(seq, bytes);
          },
        };
      };
      return { disk, open };
    }

    it('refuses the write and every one of its group, puts back what is stored, and stores later writes', async () => {
      const { disk, open: openJournal } = fullJournalDisk();
      const store = await open({ openJournalWriter: openJournal });
      await createPet(store, 'Stored');
      const stored = JSON.parse(JSON.stringify(store.data));
      disk.full = true;
      const refused = await Promise.all(
        ['Refused', 'Refused too'].map((name) => createPet(store, name).catch((error: unknown) => error)),
      );
      for (const error of refused) expect(error).toBeInstanceOf(StorageError);
      expect((refused[0] as StorageError).message).toContain("The data file's journal");
      expect(store.data).toEqual(stored);
      expect(await readStoredData(file)).toEqual(stored);

      disk.full = false;
      const kept = await createPet(store, 'Kept');
      // The refused creates gave their ids back.
      expect(kept.id).toBe(stored.nextId.pet);
      expect(names(await readStoredData(file)).slice(-2)).toEqual(['Stored', 'Kept']);
      await store.close();
    });
  });

  it('writes the data whole when its journal is gone (removed by hand while serving), losing nothing', async () => {
    const store = await open();
    await createPet(store, 'Before');
    const { rm } = await import('node:fs/promises');
    await rm(journalFileOf(file));
    await createPet(store, 'After');
    expect(names(await fileData(file)).slice(-2)).toEqual(['Before', 'After']);
    expect(names(await readStoredData(file)).slice(-2)).toEqual(['Before', 'After']);
    await store.close();
  });

  it('writes the data whole on a reset, and empties the journal', async () => {
    const store = await open();
    await createPet(store, 'Gone with the reset');
    await store.replace(generateDataSet({ seed: 2, pets: 3, orders: 0 }));
    expect(readJournal(await readFile(journalFileOf(file))).records).toEqual([]);
    expect((await fileData(file)).pets).toHaveLength(3);
    expect(await readStoredData(file)).toEqual(JSON.parse(JSON.stringify(store.data)));
    await store.close();
  });

  describe('the check of the records at a start', () => {
    const checked = () => {
      const calls = { count: 0 };
      const checkRecords = () => {
        calls.count += 1;
        return [];
      };
      return { calls, checkRecords };
    };

    it('is skipped for the data file the mock last wrote, checked against the same contract', async () => {
      const first = checked();
      await (await open({ checkRecords: first.checkRecords, checkedAgainst: 'contract A' })).close();
      expect(first.calls.count).toBe(0);
      const again = checked();
      const store = await open({ checkRecords: again.checkRecords, checkedAgainst: 'contract A' });
      await createPet(store, 'Written by the mock');
      await store.close();
      const third = checked();
      await (await open({ checkRecords: third.checkRecords, checkedAgainst: 'contract A' })).close();
      expect([again.calls.count, third.calls.count]).toEqual([0, 0]);
    });

    it('is made for a file edited by hand, or another contract', async () => {
      await (await open({ checkedAgainst: 'contract A' })).close();
      const otherContract = checked();
      await (await open({ checkRecords: otherContract.checkRecords, checkedAgainst: 'contract B' })).close();
      expect(otherContract.calls.count).toBe(1);
      // Touched: the same bytes, but not the version the mock wrote.
      await utimes(file, new Date(), new Date(Date.now() + 5_000));
      const edited = checked();
      await (await open({ checkRecords: edited.checkRecords, checkedAgainst: 'contract B' })).close();
      expect(edited.calls.count).toBe(1);
    });
  });
});
