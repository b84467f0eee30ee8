// A data file, spare or folder the mock may not write: the answer is 507 naming which one and
// why, and once it can be written again, writes succeed without a restart.
// The fault is real: the tests run as root, whom file modes do not stop, so the server runs as
// the unprivileged user nobody (setpriv, util-linux) over a folder it owns; as any other user it
// runs as that user. nobody may not reach a checkout cloned into a folder only its owner enters
// (mktemp -d, /root): it is shown the checkout and node at paths of their own, bind-mounted in a
// mount namespace of the server's own (unshare), which the rest of the machine never sees.
import { chmod, chown, mkdir, mkdtemp, readFile, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readStoredData } from '../../src/store/create-store.js';
import type { DataSet } from '../../src/store/data-set.js';
import { CLI, type ServedByWrapper, serveThrough } from '../support/cli.js';

const NOBODY = 65_534;
const KEY = { 'X-API-Key': 'demo-enterprise', 'Content-Type': 'application/json' };

type Served = ServedByWrapper;

const IS_ROOT = process.getuid?.() === 0;
const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url));
// Mounts the checkout and node where nobody can reach them, leaves the checkout's folder, drops to nobody.
const AS_NOBODY = [
  'mount --bind "$1" "$3/checkout" && mount --bind "$2" "$3/node" && cd / && shift 3 &&',
  `exec setpriv --reuid=${NOBODY} --regid=${NOBODY} --clear-groups "$@"`,
].join(' ');

/** Where nobody is shown the checkout and node: a folder anyone may enter, with a mount point for each. */
async function makeView(): Promise<string> {
  const view = await mkdtemp(join(tmpdir(), 'petstore-view-'));
  await chmod(view, 0o755);
  await mkdir(join(view, 'checkout'));
  await writeFile(join(view, 'node'), '');
  return view;
}

/** The built command as an unprivileged user (root drops to nobody), serving `data`. */
function serveUnprivileged(data: string, view: string | undefined): Promise<Served> {
  const serve = ['serve', '--port', '0', '--data', data, '--quiet'];
  if (!view) return serveThrough(process.execPath, [CLI, ...serve]);
  const cli = join(view, 'checkout', CLI.slice(CHECKOUT.length));
  const command = [join(view, 'node'), cli, ...serve];
  return serveThrough('unshare', [
    '--mount',
    'sh',
    '-c',
    AS_NOBODY,
    'sh',
    CHECKOUT,
    process.execPath,
    view,
    ...command,
  ]);
}

/** SIGTERM, and its exit code once it stopped. */
function stop({ child }: Served): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

describe('a data file the mock may not write', () => {
  let view: string | undefined;
  let folder: string;
  let served: Served;
  const data = () => join(folder, 'db.json');
  beforeAll(async () => {
    if (IS_ROOT) view = await makeView();
  });
  // One by one, never recursively: a mount point is only ever empty out of the server's namespace.
  afterAll(async () => {
    if (!view) return;
    await unlink(join(view, 'node'));
    await rmdir(join(view, 'checkout'));
    await rmdir(view);
  });
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-unwritable-'));
    if (IS_ROOT) await chown(folder, NOBODY, NOBODY);
    served = await serveUnprivileged(data(), view);
  });
  afterEach(async () => {
    await stop(served);
    await rm(folder, { recursive: true, force: true });
  });

  const create = async (name: string) => {
    const res = await fetch(`${served.apiUrl}/pets`, {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify({ name, categoryId: 1 }),
    });
    return { status: res.status, body: (await res.json()) as { message?: string; code?: string } };
  };
  // What is stored: the data file with its journal (where writes go first) replayed.
  const storedNames = async () => ((await readStoredData(data())) as DataSet).pets.map((pet) => pet.name);

  it('made read-only (chmod 444): 507 naming the data file and what to do, then writes again once writable', async () => {
    expect((await create('Before')).status).toBe(201);
    await chmod(data(), 0o444);
    for (const name of ['Refused one', 'Refused two']) {
      const refused = await create(name);
      expect(refused.status).toBe(507);
      expect(refused.body.message).toBe(
        'The data file could not be written (EACCES: permission denied); nothing was stored. Make the data file writable (chmod u+w) and retry; no restart is needed; reads still work.',
      );
    }
    expect(served.output()).toContain(`STORAGE FAILED: POST /v1/pets: The data file ${data()} could not be written`);
    await chmod(data(), 0o644);
    expect((await create('After')).status).toBe(201);
    expect((await create('After again')).status).toBe(201);
    const names = await storedNames();
    expect(names).toEqual(expect.arrayContaining(['Before', 'After', 'After again']));
    expect(names.filter((name) => name.startsWith('Refused'))).toEqual([]);
  });

  it('its spare made read-only: the spare is made anew by the next fold, and nothing is lost', async () => {
    expect((await create('First')).status).toBe(201);
    // A clean stop folds the journal into the data file; the version it replaces becomes the spare.
    await stop(served);
    await chmod(join(folder, '.db.json.spare'), 0o444);
    served = await serveUnprivileged(data(), view);
    expect((await create('Second')).status).toBe(201);
    await stop(served);
    const folded = JSON.parse(await readFile(data(), 'utf8')) as DataSet;
    expect(folded.pets.map((pet) => pet.name)).toEqual(expect.arrayContaining(['First', 'Second']));
    served = await serveUnprivileged(data(), view);
  });

  it('its folder made read-only: 507 naming the folder, then writes again once writable', async () => {
    expect((await create('Before')).status).toBe(201);
    await chmod(folder, 0o555);
    const refused = await create('Refused');
    expect(refused.status).toBe(507);
    expect(refused.body.message).toMatch(
      /^The data file's folder could not be written \(EACCES: permission denied\).*Make the data file's folder writable/,
    );
    expect(served.output()).toContain(`The data file's folder ${folder} could not be written`);
    await chmod(folder, 0o755);
    expect((await create('After')).status).toBe(201);
    const names = await storedNames();
    expect(names).toEqual(expect.arrayContaining(['Before', 'After']));
    expect(names).not.toContain('Refused');
  });
});
