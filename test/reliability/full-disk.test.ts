// A disk that is really full: the data file on a tmpfs of 1 MB (a mount namespace of the server's
// own, made with unshare), filled up to its last few KB. Appends to the journal then fail with
// ENOSPC, some after writing part of their line: each is refused with 507, cut off the journal
// again, and undone; reads go on; once space is freed, writes are stored again, without a
// restart, and nothing refused is ever stored.
import { mkdir, readFile, rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { readStoredData } from '../../src/store/create-store.js';
import type { DataSet } from '../../src/store/data-set.js';
import { readJournal } from '../../src/store/journal-format.js';
import { CLI, type ServedByWrapper, serveThrough } from '../support/cli.js';
import { useTempFolder } from '../support/temp-folder.js';

const KEY = { 'X-API-Key': 'demo-enterprise', 'Content-Type': 'application/json' };
/** Left free on the disk: room for a few lines of the journal. */
const LEFT_FREE = 2_048;

/** The command serving `disk/db.json`, with a tmpfs of 1 MB mounted at `disk` in a mount namespace of its own. */
function serveOnSmallDisk(disk: string): Promise<ServedByWrapper> {
  // Root mounts in a namespace of its own; another user maps itself to root in a user namespace.
  const namespace = process.getuid?.() === 0 ? ['--mount'] : ['--map-root-user', '--mount'];
  const script = `mount -t tmpfs -o size=1m tmpfs "$1" && exec "$2" "$3" serve --port 0 --quiet --data "$1/db.json"`;
  return serveThrough('unshare', [...namespace, 'sh', '-c', script, 'sh', disk, process.execPath, CLI]);
}

/**
 * Fills the disk to its last LEFT_FREE bytes. The server's fold of its first write may take room
 * between the disk's reading and the filler's writing (a busy machine runs it late): the filler is
 * then written again, at the room left.
 */
async function fillUp(seen: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const { bavail, bsize } = await statfs(seen);
    try {
      await writeFile(join(seen, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - LEFT_FREE)));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC' || attempt === 5) throw error;
      await rm(join(seen, 'filler'), { force: true });
    }
  }
}

describe('a full disk', () => {
  const tempFolder = useTempFolder('full-disk');
  let disk: string;
  beforeEach(async () => {
    disk = join(tempFolder(), 'disk');
    await mkdir(disk);
  });

  it('refuses writes with 507 while full, stores nothing refused, and stores writes again once space is freed', async () => {
    const served = await serveOnSmallDisk(disk);
    // The server's own view of its disk: its mount namespace, seen through /proc.
    const seen = join(`/proc/${served.child.pid}/root`, disk);
    const create = async (name: string) => {
      const res = await fetch(`${served.apiUrl}/pets`, {
        method: 'POST',
        headers: KEY,
        body: JSON.stringify({ name, categoryId: 1 }),
      });
      return { status: res.status, body: (await res.json()) as { id?: number; message?: string } };
    };
    try {
      expect((await create('Before')).status).toBe(201);
      await fillUp(seen);

      const acknowledged = ['Before'];
      const refused: string[] = [];
      for (let index = 0; refused.length === 0 && index < 200; index += 1) {
        const outcome = await create(`Filling ${index}`);
        if (outcome.status === 201) acknowledged.push(`Filling ${index}`);
        else {
          expect(outcome.status).toBe(507);
          expect(outcome.body.message).toMatch(
            /could not be written \(ENOSPC: no space left on device\); nothing was stored\. Free disk space and retry; reads still work\./,
          );
          refused.push(`Filling ${index}`);
        }
      }
      expect(refused).toHaveLength(1);
      for (const name of ['Refused again', 'And again']) {
        expect((await create(name)).status).toBe(507);
        refused.push(name);
      }
      const list = await fetch(`${served.apiUrl}/pets?limit=100&name=Filling`, { headers: KEY });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { name: string }[]).map((pet) => pet.name)).toEqual(acknowledged.slice(1));
      // The journal holds whole lines only: every refused append was cut off again.
      const onDisk = readJournal(await readFile(join(seen, 'db.json.journal')));
      expect(onDisk.tornBytes).toBe(0);

      await rm(join(seen, 'filler'));
      const after = await create('After');
      expect(after.status).toBe(201);
      acknowledged.push('After');
      const stored = ((await readStoredData(join(seen, 'db.json'))) as DataSet).pets.map((pet) => pet.name);
      expect(stored).toEqual(expect.arrayContaining(acknowledged));
      expect(stored.filter((name) => refused.includes(name))).toEqual([]);
      expect(served.output()).toContain('STORAGE FAILED: POST /v1/pets');
    } finally {
      const exited = new Promise((resolve) => served.child.once('exit', resolve));
      served.child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
