// serve --watch --contract FILE: an edit of the draft, or of a file it references, is served
// without a restart, the data kept; a broken edit keeps the last good contract serving and says
// why, at its file and line; the next good edit is taken.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse, stringify } from 'yaml';
import { owners, writeDraft } from '../support/drafts.js';
import { DEMO_KEY, startTestMock, type TestMock } from '../support/mock.js';
import type { SpecDocument } from '../support/spec.js';

const KEY = { 'X-API-Key': DEMO_KEY };
let mock: TestMock;
let folder: string;

/** Waits until `ready` holds, however busy the machine: the watch answers an edit in its own time. */
async function until(what: string, ready: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}. The log:\n${mock.logLines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const logged = (pattern: RegExp) => () => mock.logLines.some((line) => pattern.test(line));

async function edit(file: string, change: (value: Record<string, unknown>) => void): Promise<void> {
  const path = join(folder, file);
  const value = parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  change(value);
  await writeFile(path, stringify(value));
}

beforeAll(async () => {
  const draft = await writeDraft();
  folder = dirname(draft);
  mock = await startTestMock({ contract: draft, watch: true, lintContract: false });
});
afterAll(async () => {
  expect(mock.contractBugs()).toEqual([]);
  await mock.server.close();
});

describe('a watched draft', () => {
  it('serves an edit of a file it references, and keeps the data', async () => {
    const before = await mock.http.post('/v1/pets').set(KEY).send({ name: 'Before', categoryId: 1 });
    expect(before.status).toBe(201);
    await edit('schemas/newpet.yaml', (schema) => {
      (schema.properties as Record<string, unknown>).microchip = { type: 'string', pattern: '^[0-9]{15}$' };
    });
    await until('the new field', logged(/was edited: now serving it \(19 operations\)/));
    const after = await mock.http
      .post('/v1/pets')
      .set(KEY)
      .send({ name: 'After', categoryId: 1, microchip: '123456789012345' });
    expect(after.body).toMatchObject({ name: 'After', microchip: '123456789012345' });
    expect(
      (await mock.http.post('/v1/pets').set(KEY).send({ name: 'Bad', categoryId: 1, microchip: 'x' })).status,
    ).toBe(400);
    expect((await mock.http.get(`/v1/pets/by-id/${before.body.id}`).set(KEY)).body).toEqual(before.body);
    expect((await mock.http.get('/openapi.json')).body.components.schemas.NewPet.properties.microchip).toBeDefined();
  });

  it('refuses an edit that the stored records break, naming them, and keeps serving', async () => {
    const path = join(folder, 'schemas/newpet.yaml');
    const before = await readFile(path, 'utf8');
    // The draft's own examples show the field first, as they would in a real edit (one that breaks its schema is warned of).
    await edit('openapi.yaml', (document: SpecDocument) => {
      for (const example of Object.values(document.components.responses.PetOk.content['application/json'].examples))
        (example as SpecDocument).value.nickname = 'Rexy';
    });
    await edit('paths/pets.yaml', (item: SpecDocument) => {
      for (const pet of item.get.responses['200'].content['application/json'].examples.page.value)
        pet.nickname = 'Rexy';
    });
    await until('the examples', async () => {
      const served = (await mock.http.get('/openapi.json')).body;
      return JSON.stringify(served.paths['/pets'].get.responses['200']).includes('Rexy');
    });
    await edit('schemas/newpet.yaml', (schema) => {
      (schema.properties as Record<string, unknown>).nickname = { type: 'string', maxLength: 50 };
      (schema.required as string[]).push('nickname');
    });
    await until('the refusal', logged(/cannot be served: the data served breaks it in \d+ places/));
    const log = mock.logLines.join('\n');
    expect(log).toMatch(/pets, id 1, field "nickname": .*required/);
    expect(log).toMatch(/These records lack "nickname", which the contract requires/);
    expect(log).toMatch(/Change those records .* or change the edit\nStill serving the last good contract/);
    // Still the last good contract: a pet without a nickname reads and is made as before.
    expect((await mock.http.get('/v1/pets/by-id/1').set(KEY)).status).toBe(200);
    expect((await mock.http.post('/v1/pets').set(KEY).send({ name: 'Plain', categoryId: 1 })).status).toBe(201);
    const served = mock.logLines.filter((line) => /now serving it/.test(line)).length;
    await writeFile(path, before);
    await until('the edit undone', () => mock.logLines.filter((line) => /now serving it/.test(line)).length > served);
  });

  it('keeps the last good contract on a broken edit, says where, and takes the next good one', async () => {
    const path = join(folder, 'openapi.yaml');
    const good = await readFile(path, 'utf8');
    await writeFile(path, good.replace(/^openapi: .*$/m, 'openapi: [not, a, version'));
    await until('the refusal', logged(/cannot be served: .*openapi\.yaml:\d+/s));
    expect(mock.logLines.join('\n')).toMatch(/Still serving the last good contract/);
    // What to do is said once, for a watched file: not "start again" as well.
    expect(mock.logLines.join('\n')).not.toMatch(/start again/);
    expect((await mock.http.get('/v1/pets?limit=1').set(KEY)).status).toBe(200);

    // The next good edit: a new resource, in the first file.
    const document = parse(good) as Record<string, unknown>;
    owners(document);
    await writeFile(path, stringify(document));
    await until('owners', logged(/now serving it \(25 operations; new: listOwners, createOwner/));
    expect(mock.logLines.join('\n')).toMatch(/adds collections the data lacked: owners \(12 records\)/);
    const listed = await mock.http.get('/v1/owners?limit=100').set(KEY);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(12);
    expect((await mock.http.get('/__mock/operations')).body.operations).toContainEqual(
      expect.objectContaining({ operationId: 'deleteOwner', answeredBy: 'convention' }),
    );
  });
});
