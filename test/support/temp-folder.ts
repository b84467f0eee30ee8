// A fresh temporary folder for each test of the enclosing describe block, removed after it.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from '@jest/globals';

/** Returns a getter for the current test's folder. */
export function useTempFolder(prefix: string): () => string {
  let folder: string | undefined;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), `petstore-${prefix}-`));
  });
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  return () => {
    if (!folder) throw new Error('useTempFolder: the folder is only there inside a test.');
    return folder;
  };
}
