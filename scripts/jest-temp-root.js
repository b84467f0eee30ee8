// One temporary folder for a whole jest run: every test's temp files go under it (TMPDIR, read by
// os.tmpdir() in jest's workers and in every process they start), and it goes when the run ends,
// so that repeated runs leave nothing behind in /tmp, whichever helper forgot its own folder.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const KEY = 'PETSTORE_TEST_RUN_FOLDER';

export function setup() {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-test-run-'));
  // As /tmp itself: tests that drop to the user nobody make their folders here too.
  chmodSync(folder, 0o1777);
  process.env[KEY] = folder;
  process.env.TMPDIR = folder;
}

export function teardown() {
  const folder = process.env[KEY];
  if (folder) rmSync(folder, { recursive: true, force: true });
}
