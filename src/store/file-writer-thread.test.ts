import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { useTempFolder } from '../../test/support/temp-folder.js';
import { createFileWriterThread } from './file-writer-thread.js';

describe("the data file's writer thread", () => {
  const folder = useTempFolder('writer');

  it('writes the parts in order as the whole file, leaving no temporary file', async () => {
    const file = join(folder(), 'db.json');
    const writer = createFileWriterThread(file, join(folder(), '.db.json.tmp'));
    try {
      const shared = Buffer.from(new SharedArrayBuffer(3));
      shared.write('[2,', 'utf8');
      await writer.write([Buffer.from('{"a":'), shared, Buffer.from('3]}')]);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ a: [2, 3] });
      // Writes posted together are done in the order they were asked for.
      await Promise.all([writer.write([Buffer.from('1')]), writer.write([Buffer.from('2')])]);
      expect(await readFile(file, 'utf8')).toBe('2');
      expect(await readdir(folder())).toEqual(['db.json']);
    } finally {
      await writer.close();
    }
  });

  it('rejects a write that cannot be done, naming the file and the cause, and goes on working', async () => {
    const file = join(folder(), 'missing-folder', 'db.json');
    const writer = createFileWriterThread(file, join(folder(), 'missing-folder', '.db.json.tmp'));
    try {
      await expect(writer.write([Buffer.from('{}')])).rejects.toThrow(
        new RegExp(`Cannot write the data file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ENOENT`),
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
