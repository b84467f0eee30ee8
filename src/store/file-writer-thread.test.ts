import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { useTempFolder } from '../../test/support/temp-folder.js';
import { createFileWriterThread, spareFileOf } from './file-writer-thread.js';
import { StorageError } from './storage-error.js';

describe("the data file's writer thread", () => {
  const folder = useTempFolder('writer');

  it('writes the parts in order as the whole file, in the order the writes were asked for', async () => {
    const file = join(folder(), 'db.json');
    const writer = createFileWriterThread(file);
    try {
      const shared = Buffer.from(new SharedArrayBuffer(3));
      shared.write('[2,', 'utf8');
      await writer.write([Buffer.from('{"a":'), shared, Buffer.from('3]}')]);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ a: [2, 3] });
      await Promise.all([writer.write([Buffer.from('1')]), writer.write([Buffer.from('2')])]);
      expect(await readFile(file, 'utf8')).toBe('2');
    } finally {
      await writer.close();
    }
  });

  it('keeps the replaced version as the spare and writes the next-but-one version into it', async () => {
    const file = join(folder(), 'db.json');
    const spare = spareFileOf(file);
    const writer = createFileWriterThread(file);
    try {
      await writer.write([Buffer.from('x'.repeat(100))]);
      const firstInode = (await stat(file)).ino;
      expect(await readdir(folder())).toEqual(['db.json']);
      await writer.write([Buffer.from('second')]);
      expect((await readdir(folder())).sort()).toEqual(['.db.json.spare', 'db.json']);
      expect(await readFile(spare, 'utf8')).toBe('x'.repeat(100));
      await writer.write([Buffer.from('third')]);
      // The first version's file holds the third, cut to its length; the second is the spare.
      expect((await stat(file)).ino).toBe(firstInode);
      expect(await readFile(file, 'utf8')).toBe('third');
      expect(await readFile(spare, 'utf8')).toBe('second');
    } finally {
      await writer.close();
    }
  });

  it('clears the second name a crash can leave between its renames, and writes as usual', async () => {
    const file = join(folder(), 'db.json');
    await writeFile(file, 'old');
    await writeFile(join(folder(), '.db.json.aside'), 'old');
    const writer = createFileWriterThread(file);
    try {
      await writer.write([Buffer.from('new')]);
      expect(await readFile(file, 'utf8')).toBe('new');
      expect((await readdir(folder())).sort()).toEqual(['.db.json.spare', 'db.json']);
      expect(await readFile(spareFileOf(file), 'utf8')).toBe('old');
    } finally {
      await writer.close();
    }
  });

  it('rejects a write that cannot be done with a StorageError: the cause without the path, and goes on working', async () => {
    const file = join(folder(), 'missing-folder', 'db.json');
    const writer = createFileWriterThread(file);
    try {
      const error = await writer.write([Buffer.from('{}')]).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StorageError);
      expect(error).toMatchObject({ file, code: 'ENOENT', reason: 'ENOENT: no such file or directory' });
      expect(error).toMatchObject({ part: 'folder', partPath: join(folder(), 'missing-folder') });
      expect((error as StorageError).message).toContain(
        `The data file's folder ${join(folder(), 'missing-folder')} could not be written`,
      );
      // The thread survives the failure: once the folder is there, the same writer writes.
      await mkdir(join(folder(), 'missing-folder'));
      await writer.write([Buffer.from('{}')]);
      expect(await readFile(file, 'utf8')).toBe('{}');
    } finally {
      await writer.close();
    }
  });
});
