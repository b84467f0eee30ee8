// --contract FILE: a draft of the contract, split over files as a team writes it, served by the
// built command (serve), checked against by proxy and contract, served to a client by sdk-check;
// and a draft that cannot be served refused by each with its file, line and exit code 2.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { LINT_SWITCH } from '../../src/openapi/contract-source/lint-contract.js';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runCli, startCli } from '../support/cli.js';
import { addNickname, writeSplitDraft } from '../support/contract-drafts.js';
import { useTempFolder } from '../support/temp-folder.js';

const KEY = { 'X-API-Key': 'demo-free', 'Content-Type': 'application/json' };
const DRAFT_DESCRIPTION = 'The next version of the Pet Store API, as drafted in a pull request.';

/** The draft the tests serve: a field added to a new pet, and a description of its own. */
const nextVersion = (document: Parameters<typeof addNickname>[0]) => {
  addNickname(document);
  document.info.description = DRAFT_DESCRIPTION;
};

/** Every $ref of a value. */
const refsIn = (value: unknown): string[] =>
  typeof value !== 'object' || value === null
    ? []
    : Object.entries(value).flatMap(([key, child]) =>
        key === '$ref' && typeof child === 'string' ? [child] : refsIn(child),
      );

/** Waits (bounded) until the command's output says `text`. */
async function outputSays(output: () => string, text: string, seconds = 60): Promise<string> {
  const deadline = Date.now() + seconds * 1000;
  while (!output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`The output never said "${text}":\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return output();
}

describe('--contract FILE', () => {
  const tempFolder = useTempFolder('contract-cli');
  let folder: string;
  beforeEach(async () => {
    folder = join(tempFolder(), 'draft');
    await mkdir(folder);
  });

  it('contract --contract on a document of webhooks only says there is nothing to check, and exits 2', async () => {
    const file = join(folder, 'webhooks.json');
    await writeFile(
      file,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Hooks', version: '1' },
        webhooks: { newPet: { post: { responses: { '200': { description: 'Taken' } } } } },
      }),
    );
    const served = await createMockServer({ data: ':memory:', contract: file, lintContract: false });
    try {
      const run = await runCli(['contract', '--contract', file, '--base-url', served.url, '--api-key', 'demo-free']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('The contract declares no operation (its paths are empty');
      expect(run.stderr).not.toContain('    at ');
    } finally {
      await served.close();
    }
  }, 60_000);

  it('serve --contract serves a draft split over files: validated by it, and served whole at /openapi.yaml and /openapi.json', async () => {
    await writeSplitDraft(folder, nextVersion);
    // A path relative to the working directory, as --data is.
    const cli = await startCli(
      ['serve', '--port', '0', '--data', ':memory:', '--contract', 'draft/openapi.yaml'],
      tempFolder(),
    );
    try {
      expect(cli.output()).toMatch(
        /Contract +http:\/\/\S+\/openapi\.yaml \(from --contract draft\/openapi\.yaml and the \d+ files it references\)/,
      );
      expect((await fetch(`${cli.apiUrl}/pets?limit=2`, { headers: KEY })).status).toBe(200);
      const post = (nickname: string) =>
        fetch(`${cli.apiUrl}/pets`, {
          method: 'POST',
          headers: KEY,
          body: JSON.stringify({ name: 'Rex', categoryId: 1, nickname }),
        });
      expect((await post('Rexy')).status).toBe(201);
      // The draft's bound on its new field is the mock's: the built-in contract knows no such field.
      const tooLong = await post('R'.repeat(41));
      expect(tooLong.status).toBe(400);
      expect(((await tooLong.json()) as { message: string }).message).toContain('nickname');

      const origin = new URL(cli.apiUrl).origin;
      const yaml = parse(await (await fetch(`${origin}/openapi.yaml`)).text());
      const json = await (await fetch(`${origin}/openapi.json`)).json();
      for (const served of [yaml, json]) {
        expect(served.info.description).toBe(DRAFT_DESCRIPTION);
        expect(served.components.schemas.NewPet.properties.nickname).toMatchObject({ maxLength: 40 });
        for (const ref of refsIn(served)) expect(ref).toMatch(/^#\//);
      }
    } finally {
      await cli.stop();
    }
  });

  it("serve --contract shows the project's Spectral rules as warnings at their file and line, and serves the draft all the same", async () => {
    await writeSplitDraft(folder, (document) => {
      delete document.paths['/pets'].get.responses['429'];
    });
    const cli = await startCli(
      ['serve', '--port', '0', '--data', ':memory:', '--contract', join(folder, 'openapi.yaml')],
      undefined,
      { [LINT_SWITCH]: 'on' },
    );
    try {
      expect((await fetch(`${cli.apiUrl}/pets?limit=1`, { headers: KEY })).status).toBe(200);
      const output = await outputSays(cli.output, 'petstore-operation-declares-429');
      const pathFile = join(folder, 'paths', 'pets.yaml');
      const responsesLine =
        (await readFile(pathFile, 'utf8')).split('\n').findIndex((line) => line.startsWith('  responses:')) + 1;
      expect(output).toContain(
        `${pathFile}:${responsesLine}:3  Operation declares no 429 response; reference #/components/responses/TooManyRequests. (petstore-operation-declares-429)`,
      );
      expect(output).toContain("from the project's Spectral rules (warnings only: the contract is used all the same)");
      // Still limited as every operation is: the warning changes nothing the mock does.
      const answer = await fetch(`${cli.apiUrl}/pets?limit=1`, { headers: KEY });
      expect(answer.headers.get('x-ratelimit-limit')).toBe('60');
    } finally {
      await cli.stop();
    }
  }, 90_000);

  it('serve --contract names each format no validator knows once, at its file and line, and serves values of it as any text', async () => {
    await writeSplitDraft(folder, (document) => {
      document.components.schemas.NewPet.properties.name.format = 'pet-name';
    });
    const cli = await startCli([
      'serve',
      '--port',
      '0',
      '--data',
      ':memory:',
      '--contract',
      join(folder, 'openapi.yaml'),
    ]);
    try {
      const created = await fetch(`${cli.apiUrl}/pets`, {
        method: 'POST',
        headers: KEY,
        body: JSON.stringify({ name: 'Rex the second', categoryId: 1 }),
      });
      expect(created.status).toBe(201);
      const output = await outputSays(cli.output, '(unknown-format)');
      const lines = output.split('\n');
      expect(lines.filter((line) => line.includes('(unknown-format)'))).toEqual([
        expect.stringMatching(
          /newpet\S*:\d+:\d+ {2}the format "pet-name" is known to no validator of the mock: its values are taken as any text/i,
        ),
      ]);
      // Ajv's own line per schema and per validator (one each for requests, answers, the data) is not shown.
      expect(output).not.toContain('unknown format');
    } finally {
      await cli.stop();
    }
  }, 90_000);

  describe('a draft that cannot be served', () => {
    let faultLine: number;
    beforeEach(async () => {
      await writeSplitDraft(folder, (document) => {
        document.components.schemas.NewPet.properties.name.type = 'strin';
      });
      const petFile = await readFile(join(folder, 'schemas', 'newpet.yaml'), 'utf8');
      faultLine = petFile.split('\n').findIndex((line) => line.includes('type: strin')) + 1;
    });

    it('is refused by serve, proxy, contract and sdk-check alike: its file and line, exit code 2, no stack trace', async () => {
      const commands = [
        ['serve', '--port', '0', '--data', ':memory:'],
        ['proxy', '--upstream', 'http://127.0.0.1:9/v1', '--port', '0'],
        ['contract', '--base-url', 'http://127.0.0.1:9/v1', '--api-key', 'demo-free'],
        ['sdk-check', '--cases', 'limit-seconds'],
      ];
      const results = await Promise.all(
        commands.map((command) =>
          runCli(
            [
              ...command,
              '--contract',
              'draft/openapi.yaml',
              ...(command[0] === 'sdk-check' ? ['--', 'node', '-e', '0'] : []),
            ],
            tempFolder(),
          ),
        ),
      );
      for (const [index, result] of results.entries()) {
        expect({ command: commands[index]?.[0], code: result.code }).toEqual({
          command: commands[index]?.[0],
          code: 2,
        });
        expect(result.stderr).toContain(
          'petstore-mock: The contract draft/openapi.yaml cannot be served (one problem):',
        );
        expect(result.stderr).toContain(`  draft/schemas/newpet.yaml:${faultLine}:5  must be one of "array"`);
        expect(result.stderr).not.toMatch(/\n\s+at /);
      }
    }, 60_000);
  });

  describe('checking and proxying against a draft', () => {
    let builtInMock: MockServer;
    const draftFolder = useTempFolder('contract-cli-shared');
    let draft: string;
    beforeAll(async () => {
      builtInMock = await createMockServer({ data: ':memory:' });
    });
    beforeEach(async () => {
      draft = await writeSplitDraft(draftFolder(), nextVersion);
    });
    afterAll(async () => {
      await builtInMock.close();
    });

    it("contract --contract checks the draft's operations and schemas, not the built-in ones", async () => {
      const draftMock = await createMockServer({ data: ':memory:', contract: draft, lintContract: false });
      try {
        const passed = await runCli([
          'contract',
          '--contract',
          draft,
          '--base-url',
          draftMock.url,
          '--api-key',
          'demo-enterprise',
          '--operations',
          'createPet',
          '--checks',
          'generated',
          '--examples',
          '3',
        ]);
        expect(passed.stdout).toMatch(/\d+ passed, 0 failed/);
        expect(passed.code).toBe(0);
        // A draft without two operations: the suite no longer knows them.
        const withoutItem = join(draftFolder(), 'without-inventory-item.yaml');
        const document = parse(await readFile(draft, 'utf8'));
        delete document.paths['/store/inventory/{petId}'];
        await writeFile(withoutItem, JSON.stringify(document));
        const unknown = await runCli([
          'contract',
          '--contract',
          withoutItem,
          '--base-url',
          draftMock.url,
          '--api-key',
          'demo-enterprise',
          '--operations',
          'updateInventory',
        ]);
        expect(unknown.code).toBe(2);
        expect(unknown.stderr).toContain('updateInventory');
      } finally {
        await draftMock.close();
      }
    }, 120_000);

    it('sdk-check --contract runs each case on a mock that serves the draft', async () => {
      const served = join(draftFolder(), 'served.yaml');
      const client = join(draftFolder(), 'read-contract.mjs');
      await writeFile(
        client,
        "const res = await fetch(new URL('/openapi.yaml', process.env.PETSTORE_BASE_URL));\n" +
          "(await import('node:fs')).writeFileSync(process.argv[2], await res.text());\n",
      );
      const result = await runCli([
        'sdk-check',
        '--contract',
        draft,
        '--cases',
        'limit-seconds',
        '--timeout',
        '10',
        '--',
        'node',
        client,
        served,
      ]);
      expect(parse(await readFile(served, 'utf8')).components.schemas.NewPet.properties.nickname).toMatchObject({
        maxLength: 40,
      });
      // The client never called the API itself: the check says so, and fails.
      expect(result.code).toBe(1);
    }, 60_000);

    it('proxy --contract judges the exchanges by the draft', async () => {
      const client = join(draftFolder(), 'client.mjs');
      await writeFile(
        client,
        `await fetch(process.env.PETSTORE_BASE_URL + '/pets', { method: 'POST', headers: { 'X-API-Key': 'demo-free', 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Rex', categoryId: 1, nickname: 'R'.repeat(41) }) });\n`,
      );
      const report = join(draftFolder(), 'report.json');
      const proxied = (...contract: string[]) =>
        runCli([
          'proxy',
          '--upstream',
          builtInMock.url,
          '--port',
          '0',
          '--quiet',
          '--report',
          report,
          '--fail-on-violations',
          ...contract,
          '--',
          'node',
          client,
        ]);
      // The built-in contract takes any nickname (an unknown field); the draft bounds it.
      expect((await proxied()).code).toBe(0);
      const judged = await proxied('--contract', draft);
      expect(judged.stdout).toContain(`contract  `);
      expect(judged.code).toBe(1);
      expect(await readFile(report, 'utf8')).toContain('nickname');
    }, 60_000);
  });
});
