// A draft's patterns cannot hold the server: patterns on which V8's own engine backtracks for
// minutes (`^(a+)+$` on 42 characters, `(x+x+)+y`), in a body, a query parameter, a header, a
// path parameter, an answer's field and a record of the data file, are matched in linear time.
// The hostile request is answered 400 while the server answers others, and SIGTERM stops it. The
// served command runs in its own process: a server stuck in a match would stop the test's timers.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type RunningCli, runCli, startCli } from '../support/cli.js';
import { breeds, type DraftEdit, writeDraft } from '../support/drafts.js';
import { useTempFolder } from '../support/temp-folder.js';

const KEY = 'demo-enterprise';
/** What V8's backtracking engine matches against `^(a+)+$` in minutes: each `a` doubles its time. */
const HOSTILE_NAME = `${'a'.repeat(42)}!`;
const HOSTILE_X = 'x'.repeat(5_000);

/** A pet's nickname of `^(a|aa)+$`: exponential in V8 on `aaa…a!`. */
const hostileNickname: DraftEdit = (document) => {
  document.components.schemas.NewPet.properties.nickname = { type: 'string', pattern: '^(a|aa)+$' };
};

/** The draft: `NewPet.name` of `^(a+)+$`, and `(x+x+)+y` or the like everywhere else a pattern stands. */
const hostilePatterns: DraftEdit = (document) => {
  document.components.schemas.NewPet.properties.name.pattern = '^(a+)+$';
  hostileNickname(document);
  const listPets = document.paths['/pets'].get;
  listPets.parameters.push(
    { name: 'tag', in: 'query', required: false, schema: { type: 'string', pattern: '(x+x+)+y' } },
    { name: 'X-Trace', in: 'header', required: false, schema: { type: 'string', pattern: '^(\\w+\\s?)*$' } },
  );
  document.paths['/breeds/{breedCode}'].parameters[0].schema.pattern = '^([A-Z]+)+$';
  document.paths['/store/motto'] = {
    get: {
      operationId: 'getStoreMotto',
      tags: ['Store'],
      summary: "The store's motto",
      description: 'Drawn from its schema: no example.',
      responses: {
        '200': {
          description: 'The motto.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['motto'],
                properties: { motto: { type: 'string', pattern: '^(x+x+)+y$', maxLength: 40 } },
              },
            },
          },
        },
      },
    },
  };
};

/** A request answered, or a failure naming it after 30 s: never a hang of the test. */
async function send(url: string, init: RequestInit = {}): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    ...init,
    headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: await response.text() };
}

describe('patterns that make V8 backtrack without end', () => {
  let served: RunningCli;
  let api: string;
  beforeAll(async () => {
    served = await startCli([
      'serve',
      '--contract',
      await writeDraft(breeds, hostilePatterns),
      '--data',
      ':memory:',
      '--port',
      '0',
    ]);
    api = served.apiUrl;
  }, 60_000);
  afterAll(async () => {
    if (served.child.exitCode === null) served.child.kill('SIGKILL');
  });

  it('refuse a body with 400 while the server answers other requests meanwhile', async () => {
    const hostile = Array.from({ length: 4 }, () =>
      send(`${api}/pets`, { method: 'POST', body: JSON.stringify({ name: HOSTILE_NAME, categoryId: 1 }) }),
    );
    // Categories: the seed's pets, kept by an in-memory start, have names the draft's pattern refuses.
    const others = Array.from({ length: 20 }, () => send(`${api}/categories?limit=1`));
    const nickname = send(`${api}/pets`, {
      method: 'POST',
      body: JSON.stringify({ name: 'aaa', nickname: `${'a'.repeat(60)}!`, categoryId: 1 }),
    });
    for (const answer of await Promise.all(hostile)) {
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).message).toContain('body name: must match pattern "^(a+)+$"');
    }
    expect((await Promise.all(others)).map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect((await nickname).status).toBe(400);
    const created = await send(`${api}/pets`, {
      method: 'POST',
      body: JSON.stringify({ name: 'aaaa', categoryId: 1 }),
    });
    expect(created.status).toBe(201);
  });

  it('refuse a query parameter, a header and a path parameter with 400', async () => {
    const query = await send(`${api}/pets?tag=${HOSTILE_X}`);
    expect([query.status, JSON.parse(query.body).message]).toEqual([400, expect.stringContaining('tag')]);
    const header = await send(`${api}/pets`, { headers: { 'X-Trace': `${'word '.repeat(1_000)}!` } });
    expect(header.status).toBe(400);
    const path = await send(`${api}/breeds/${'A'.repeat(5_000)}!`);
    expect([path.status, JSON.parse(path.body).message]).toEqual([400, expect.stringContaining('breedCode')]);
    expect((await send(`${api}/breeds/ABC`)).status).toBe(404);
  });

  it('answer a field drawn for its pattern, checked against it', async () => {
    const answer = await send(`${api}/store/motto`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).motto).toMatch(/^x{2,}y$/);
  });

  it('leave SIGTERM able to stop the server', async () => {
    await send(`${api}/pets`, { method: 'POST', body: JSON.stringify({ name: HOSTILE_NAME, categoryId: 1 }) });
    expect(await served.stop('SIGTERM')).toBe(0);
  });
});

describe('a record of the data file against such a pattern', () => {
  const folder = useTempFolder('hostile-pattern-data');

  it('is refused at start, its record and field named, in linear time', async () => {
    const draft = await writeDraft(hostileNickname);
    const data = join(folder(), 'db.json');
    const first = await startCli(['serve', '--contract', draft, '--data', data, '--port', '0']);
    expect(await first.stop('SIGTERM')).toBe(0);
    const stored = JSON.parse(await readFile(data, 'utf8'));
    stored.pets[0].nickname = HOSTILE_NAME;
    await writeFile(data, JSON.stringify(stored));
    const refused = await runCli(['serve', '--contract', draft, '--data', data, '--port', '0']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr + refused.stdout).toMatch(
      /pets, id \d+, field "nickname": must match pattern "\^\(a\|aa\)\+\$"/,
    );
  }, 60_000);
});
