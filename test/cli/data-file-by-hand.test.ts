// A data file edited by hand, as json-server's users edit db.json: each record is checked against
// the contract when the file is read; a fault stops the start, named by file, collection, record,
// field and what the contract wants; `serve --watch` takes edits while serving, and keeps the
// last good data (saying so) when an edit breaks the contract. Never a 500 for what a person wrote.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { type RunningCli, runCli, startCli } from '../support/cli.js';
import { useTempFolder } from '../support/temp-folder.js';

const KEY = { 'X-API-Key': 'demo-pro' };

type Data = { pets: Array<Record<string, unknown>>; categories: Array<Record<string, unknown>> };

/** A data file of the fixtures, as a fresh start writes it. */
async function freshDataFile(folder: string): Promise<Data> {
  const cli = await startCli(['serve', '--port', '0', '--data', 'db.json', '-q'], folder);
  expect(await cli.stop()).toBe(0);
  return JSON.parse(await readFile(join(folder, 'db.json'), 'utf8')) as Data;
}

const writeData = (folder: string, data: Data) => writeFile(join(folder, 'db.json'), JSON.stringify(data, null, 2));

/** Polls until `condition` holds: the watch takes an edit when the file system says, not at a set time. */
async function eventually(what: string, condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Still not the case after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a data file edited by hand', () => {
  const tempFolder = useTempFolder('by-hand');
  let folder: string;
  beforeEach(() => {
    folder = tempFolder();
  });

  it('stops the start, naming file, collection, record id, field and what the contract wants; the file untouched', async () => {
    const data = await freshDataFile(folder);
    const pet = data.pets[2] as Record<string, unknown>;
    pet.categoryId = 'two';
    (data.pets[4] as Record<string, unknown>).status = 'lost';
    delete (data.categories[1] as Record<string, unknown>).name;
    await writeData(folder, data);
    const edited = await readFile(join(folder, 'db.json'), 'utf8');

    const result = await runCli(['serve', '--port', '0', '--data', 'db.json'], folder);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The data file ${join(folder, 'db.json')} breaks the contract in 3 places:`);
    expect(result.stderr).toContain(`pets, id ${pet.id}, field "categoryId": must be integer (the contract's Pet)`);
    expect(result.stderr).toContain(
      `pets, id ${data.pets[4]?.id}, field "status": must be equal to one of the allowed values: available, pending, sold`,
    );
    expect(result.stderr).toContain(
      `categories, id ${data.categories[1]?.id}, field "name": is required, and missing (the contract's Category)`,
    );
    expect(result.stderr).toMatch(/fix these records and start again, or start with --reset/);
    // A field the records lack: whether a draft made it required, or a hand edit took it away.
    expect(result.stderr).toContain('These records lack "name", which the contract requires');
    expect(await readFile(join(folder, 'db.json'), 'utf8')).toBe(edited);
  });

  describe('serve --watch', () => {
    let cli: RunningCli;
    let data: Data;
    beforeEach(async () => {
      data = await freshDataFile(folder);
      cli = await startCli(['serve', '--port', '0', '--data', 'db.json', '--watch', '-q'], folder);
    });
    const petName = async (id: unknown) => {
      const res = await fetch(`${cli.apiUrl}/pets/by-id/${id}`, { headers: KEY });
      expect(res.status).toBe(200);
      return ((await res.json()) as { name: string }).name;
    };

    it('serves an edit that keeps the contract, and never takes its own writes for one', async () => {
      try {
        const created = await fetch(`${cli.apiUrl}/pets`, {
          method: 'POST',
          headers: { ...KEY, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Written by the mock', categoryId: 1 }),
        });
        expect(created.status).toBe(201);
        const { id: createdId } = (await created.json()) as { id: number };

        // The write reaches the file a moment after its answer (it is in the journal first): the
        // edit is made on the file that holds it, as a person who sees it there would. (An edit
        // saved before it is there: src/store/take-hand-edit.test.ts.)
        const onDisk = async () => JSON.parse(await readFile(join(folder, 'db.json'), 'utf8')) as Data;
        await eventually('the write is in the file', async () =>
          (await onDisk()).pets.some((pet) => pet.id === createdId),
        );
        const written = await onDisk();
        const pet = written.pets[0] as Record<string, unknown>;
        pet.name = 'Renamed by hand';
        await writeData(folder, written);

        await eventually('the edit is served', async () => (await petName(pet.id)) === 'Renamed by hand');
        expect(cli.output()).toContain(`The data file ${join(folder, 'db.json')} was edited: now serving it`);
        // The mock's own write was neither announced as an edit nor lost.
        expect(cli.output().match(/was edited/g)).toHaveLength(1);
        expect(await petName(createdId)).toBe('Written by the mock');
      } finally {
        expect(await cli.stop()).toBe(0);
      }
    });

    it('keeps the last good data, and says so, when an edit breaks the contract', async () => {
      try {
        const pet = data.pets[0] as Record<string, unknown>;
        const before = await petName(pet.id);
        pet.name = 42;
        await writeData(folder, data);

        await eventually('the log says the edit was not taken', async () =>
          cli.output().includes('Still serving the last good data'),
        );
        expect(cli.output()).toContain(`pets, id ${pet.id}, field "name": must be string (the contract's Pet)`);
        expect(await petName(pet.id)).toBe(before);
        const list = await fetch(`${cli.apiUrl}/pets`, { headers: KEY });
        expect(list.status).toBe(200);

        await writeFile(join(folder, 'db.json'), '{ half an edit');
        await eventually('the log says the broken JSON was not taken', async () =>
          /not valid JSON[^\n]*Still serving the last good data/.test(cli.output()),
        );
        expect(await petName(pet.id)).toBe(before);
      } finally {
        expect(await cli.stop()).toBe(0);
      }
    });
  });

  it('a folder given as the data file says which file to pass', async () => {
    const result = await runCli(['serve', '--port', '0', '--data', folder]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `petstore-mock: The data file ${folder} is a folder. Pass a file, e.g. --data ${join(folder, 'db.json')} (created from the fixtures when missing).`,
    );
  });

  it('--watch without a data file to watch says what to pass', async () => {
    const result = await runCli(['serve', '--data', ':memory:', '--watch']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--watch picks up edits to the data file, and --data :memory: keeps none');
  });
});
