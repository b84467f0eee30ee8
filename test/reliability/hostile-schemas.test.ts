// A draft's schemas cannot make the start (or a watched edit, or a request) spin for ever: an
// allOf that names the next level twice at each of 40 levels is refused at its line, a oneOf of
// four at each of twelve levels is served, a list of 60,000 lists that must differ is judged in
// linear time, and each saved under --watch leaves the last good contract answering. The served command runs in its own process: a server stuck in a walk would stop the
// test's timers. Each bound here is one only a hang passes (startCli waits 30 s; the drafts took
// hours before).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stringify } from 'yaml';
import { type RunningCli, runCli, startCli } from '../support/cli.js';
import { type DraftEdit, draftDocument } from '../support/drafts.js';

const KEY = 'demo-enterprise';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A resource of things (list, create, read), each holding `field` of the schema `Top`. */
const things =
  (field: string, schemas: Record<string, unknown>): DraftEdit =>
  (document) => {
    const thing = ref('Thing');
    document.paths['/things'] = {
      get: {
        operationId: 'listThings',
        parameters: [{ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Offset' }],
        responses: {
          '200': {
            description: 'A page.',
            content: { 'application/json': { schema: { type: 'array', items: thing } } },
          },
          '400': { $ref: '#/components/responses/BadRequest' },
        },
      },
      post: {
        operationId: 'createThing',
        requestBody: { required: true, content: { 'application/json': { schema: thing } } },
        responses: {
          '201': { description: 'Made.', content: { 'application/json': { schema: thing } } },
          '400': { $ref: '#/components/responses/BadRequest' },
        },
      },
    };
    document.paths['/things/{thingId}'] = {
      parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: {
        operationId: 'getThing',
        responses: {
          '200': { description: 'One.', content: { 'application/json': { schema: thing } } },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    };
    Object.assign(document.components.schemas, schemas, {
      Thing: {
        type: 'object',
        required: ['name', field],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', maxLength: 60 },
          [field]: ref('Top'),
        },
      },
    });
  };

/** Level i is allOf [level i+1, level i+1, a field of its own]: 2^41 schemas applied to one value. */
const allOfDiamond = (() => {
  const schemas: Record<string, unknown> = {
    A40: { type: 'object', properties: { x: { type: 'string', maxLength: 5 } } },
  };
  for (let at = 0; at < 40; at += 1) {
    schemas[`A${at}`] = {
      allOf: [ref(`A${at + 1}`), ref(`A${at + 1}`), { type: 'object', properties: { [`p${at}`]: { type: 'string' } } }],
    };
  }
  schemas.Top = ref('A0');
  return things('d', schemas);
})();

/** Level i is a oneOf of four objects, each of one property of level i+1: 4^12 paths to the last. */
const oneOfTree = (() => {
  const schemas: Record<string, unknown> = { L12: { type: 'string', maxLength: 5 } };
  for (let at = 0; at < 12; at += 1) {
    schemas[`L${at}`] = {
      oneOf: ['a', 'b', 'c', 'd'].map((branch) => ({
        type: 'object',
        required: [`k${at}${branch}`],
        additionalProperties: false,
        properties: { [`k${at}${branch}`]: ref(`L${at + 1}`) },
      })),
    };
  }
  schemas.Top = ref('L0');
  return things('tree', schemas);
})();

/** NewPet gains `marks`, a list of lists whose items must differ: Ajv compares every pair of them. */
const uniqueMarks: DraftEdit = (document) => {
  document.components.schemas.NewPet.properties.marks = {
    type: 'array',
    uniqueItems: true,
    items: { type: 'array', items: { type: 'integer' } },
  };
};

/** 60,000 marks, 480 KB: Ajv compared every pair (a body of 20,000 held the event loop for 115 s). */
const MARKS = Array.from({ length: 60_000 }, (_, at) => [at]);

/** The built-in contract with `edit`, in one file, as the drafts of the report were written. */
async function writeOneFile(edit?: DraftEdit): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'petstore-hostile-schemas-')), 'openapi.yaml');
  await writeFile(file, stringify(await draftDocument(edit ?? (() => undefined))));
  return file;
}

/** A request answered, or a failure naming it after 5 s: a server that answers at all answers sooner. */
async function send(url: string, init: RequestInit = {}, timeoutMs = 5_000): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    ...init,
    headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: await response.text() };
}

/** A tree of `L0`: one branch at each level, the first. */
const TREE = JSON.parse(`${Array.from({ length: 12 }, (_, at) => `{"k${at}a":`).join('')}"leaf"${'}'.repeat(12)}`);

describe('a draft whose schemas an unbounded walk would never finish', () => {
  it('of an allOf diamond is refused at start, at its line, naming the bound', async () => {
    const refused = await runCli(['serve', '--contract', await writeOneFile(allOfDiamond), '--port', '0']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /openapi\.yaml:\d+:\d+ {2}it applies [\d,]+ schemas to one value, .*--contract-limit schemas-per-value=N/,
    );
  }, 60_000);

  it('of a oneOf of four at each of twelve levels is served', async () => {
    const served = await startCli([
      'serve',
      '--contract',
      await writeOneFile(oneOfTree),
      '--data',
      ':memory:',
      '--port',
      '0',
    ]);
    try {
      const made = await send(`${served.apiUrl}/things`, {
        method: 'POST',
        body: JSON.stringify({ name: 'a', tree: TREE }),
      });
      expect(made.status).toBe(201);
      const read = await send(`${served.apiUrl}/things/${JSON.parse(made.body).id}`);
      expect(JSON.parse(read.body).tree).toEqual(TREE);
      const twoBranches = { ...TREE, k0b: TREE.k0a };
      const refused = await send(`${served.apiUrl}/things`, {
        method: 'POST',
        body: JSON.stringify({ name: 'a', tree: twoBranches }),
      });
      expect(refused.status).toBe(400);
      expect(await served.stop('SIGTERM')).toBe(0);
    } finally {
      if (served.child.exitCode === null) served.child.kill('SIGKILL');
    }
  }, 60_000);
});

describe('a list of lists whose items must differ', () => {
  it('is judged in linear time in requests and answers: 480 KB of them answered within 30 s', async () => {
    const served = await startCli([
      'serve',
      '--contract',
      await writeOneFile(uniqueMarks),
      '--data',
      ':memory:',
      '--port',
      '0',
    ]);
    try {
      const post = (marks: unknown) =>
        send(
          `${served.apiUrl}/pets`,
          { method: 'POST', body: JSON.stringify({ name: 'x', categoryId: 1, marks }) },
          30_000,
        );
      // Ajv's pairwise check held the event loop for minutes here; linear, well under a second.
      const created = await post(MARKS);
      expect(created.status).toBe(201);
      const twice = post([...MARKS, [7]]);
      const others = Array.from({ length: 10 }, () => send(`${served.apiUrl}/categories?limit=1`));
      expect((await Promise.all(others)).map((answer) => answer.status)).toEqual(Array(10).fill(200));
      const refused = await twice;
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body).message).toContain(
        'must NOT have duplicate items (items ## 7 and 60000 are identical)',
      );
      // The answer is checked against the same schema: a read of the record.
      const read = await send(`${served.apiUrl}/pets/by-id/${JSON.parse(created.body).id}`, {}, 30_000);
      expect([read.status, JSON.parse(read.body).marks.length]).toEqual([200, MARKS.length]);
      expect(await served.stop('SIGTERM')).toBe(0);
    } finally {
      if (served.child.exitCode === null) served.child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('such drafts saved under --watch', () => {
  let served: RunningCli;
  let draft: string;
  beforeAll(async () => {
    draft = await writeOneFile();
    const data = join(await mkdtemp(join(tmpdir(), 'petstore-hostile-schemas-data-')), 'db.json');
    served = await startCli(['serve', '--watch', '--contract', draft, '--data', data, '--port', '0']);
  }, 60_000);
  afterAll(async () => {
    if (served.child.exitCode === null) served.child.kill('SIGKILL');
  });

  /** Waits for the `count`th outcome line of an edit (served or refused), at most 60 s. */
  async function outcome(count: number): Promise<string> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const lines = served
        .output()
        .split('\n')
        .filter((line) => /was edited(,|:)/.test(line));
      if (lines.length >= count) return lines[count - 1] as string;
      if (Date.now() > deadline) throw new Error(`No outcome of edit ${count}. The log:\n${served.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('leave the last good contract served, each edit refused or served', async () => {
    await writeFile(draft, stringify(await draftDocument(allOfDiamond)));
    expect(await outcome(1)).toMatch(/cannot be served/);
    expect(served.output()).toMatch(/schemas to one value/);
    expect((await send(`${served.apiUrl}/pets?limit=1`)).status).toBe(200);

    await writeFile(draft, stringify(await draftDocument(oneOfTree)));
    expect(await outcome(2)).toMatch(/now serving it/);
    expect((await send(`${served.apiUrl}/pets?limit=1`)).status).toBe(200);
    const made = await send(`${served.apiUrl}/things`, {
      method: 'POST',
      body: JSON.stringify({ name: 'a', tree: TREE }),
    });
    expect(made.status).toBe(201);
    expect(await served.stop('SIGTERM')).toBe(0);
  }, 180_000);
});
