// The package as a QA engineer gets it: packed, installed from the tarball into an empty
// folder, and run there with `npx petstore-mock contract` exactly as the README says, against
// a mock served by the installed package itself.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { writeSplitDraft } from '../support/contract-drafts.js';
import { type CommandResult, runCommand, startCommand } from './commands.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Installing takes ~30 s from npm's cache; the bound leaves room for a slow shared machine.
const INSTALL_TIMEOUT_MS = 240_000;
const RUN_TIMEOUT_MS = 150_000;

const progress = (line: string) => process.stderr.write(`  [installed package] ${line}\n`);

function requireSuccess(what: string, result: CommandResult): void {
  if (result.code !== 0)
    throw new Error(
      `${what} failed (exit ${result.code}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
    );
}

describe('the installed package', () => {
  let folder: string;
  let installed: string;
  let tarball: string;
  let files: string[];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-package-'));
    installed = join(folder, 'project');
    // The build of npm test's own steps is what ships: packing must not rebuild dist/ under the
    // other tests' feet, so the prepare script (which builds) is not run here.
    progress('npm pack');
    const pack = await runCommand(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', folder],
      ROOT,
      60_000,
    );
    requireSuccess('npm pack', pack);
    const [packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as Array<{
      filename: string;
      files: Array<{ path: string }>;
    }>;
    if (!packed) throw new Error(`npm pack reported nothing:\n${pack.stdout}`);
    tarball = join(folder, packed.filename);
    files = packed.files.map((file) => file.path);

    progress('npm install of the tarball into an empty folder (from the npm cache when it can)');
    await runCommand('mkdir', ['-p', installed], folder, 5_000);
    await writeFile(join(installed, 'package.json'), JSON.stringify({ name: 'qa-project', private: true }));
    const install = await runCommand(
      'npm',
      ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'],
      installed,
      INSTALL_TIMEOUT_MS,
    );
    requireSuccess('npm install of the packed tarball', install);
    progress('installed');
  }, INSTALL_TIMEOUT_MS + 70_000);

  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('carries what it needs and not the repository’s tests, bench or soak', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'bin/petstore-mock.js',
        'spec/petstore.yaml',
        // What --contract needs: the compiled OpenAPI schemas, and Spectral's ruleset with its functions.
        'dist/spec/oas-3.1-validator.cjs',
        '.spectral.yaml',
        'spec/lint-functions/error-codes-catalogued.js',
      ]),
    );
    expect(files.some((path) => path.startsWith('dist/contract-tests/checks/'))).toBe(true);
    const unwanted = files.filter((path) =>
      /(^|\/)(test|bench|proof|soak)\/|\.test\.|\.map$|tsbuildinfo|^contract-tests\/|^src\//.test(path),
    );
    expect(unwanted).toEqual([]);
  });

  it('serves the dashboard with its charting library, found in the installed project', async () => {
    const serve = await startCommand(
      'npx',
      ['petstore-mock', 'serve', '--port', '0', '--data', ':memory:', '--quiet'],
      installed,
      /API\s+(http:\/\/\S+)/,
    );
    try {
      const origin = new URL(serve.match).origin;
      const page = await fetch(`${origin}/__mock/ui`);
      expect(await page.text()).toContain('/__mock/ui/vendor/uplot.css');
      const assets: Array<[file: string, type: string, text: string]> = [
        ['uplot.js', 'text/javascript', 'export { uPlot as default }'],
        ['uplot.css', 'text/css', '.uplot'],
      ];
      for (const [file, type, text] of assets) {
        const res = await fetch(`${origin}/__mock/ui/vendor/${file}`);
        expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({
          status: 200,
          type: expect.stringContaining(type),
        });
        expect(await res.text()).toContain(text);
      }
    } finally {
      await serve.stop();
    }
  }, 60_000);

  it(
    'runs `npx petstore-mock contract` as the README says, against the installed mock, with JUnit XML where asked',
    async () => {
      progress('npx petstore-mock serve --port 0 --data :memory:');
      const serve = await startCommand(
        'npx',
        ['petstore-mock', 'serve', '--port', '0', '--data', ':memory:', '--quiet'],
        installed,
        /API\s+(http:\/\/\S+)/,
      );
      try {
        progress(`npx petstore-mock contract --base-url ${serve.match} --junit out/c.xml`);
        const run = await runCommand(
          'npx',
          [
            'petstore-mock',
            'contract',
            '--base-url',
            serve.match,
            '--api-key',
            'demo-enterprise',
            '--junit',
            'out/c.xml',
          ],
          installed,
          RUN_TIMEOUT_MS,
          (chunk) => process.stderr.write(chunk),
        );
        expect({
          code: run.code,
          summary: run.stdout.split('\n').find((line) => line.startsWith('Contract suite against')),
        }).toEqual({
          code: 0,
          summary: expect.stringMatching(/: [1-9]\d+ passed, 0 failed/),
        });
        const junit = join(installed, 'out', 'c.xml');
        expect(existsSync(junit)).toBe(true);
        const xml = await readFile(junit, 'utf8');
        expect(xml.match(/<testcase /g)?.length ?? 0).toBeGreaterThan(100);
        expect(xml).toContain('listPets');
        expect(xml).not.toContain('<failure');
        // The run leaves nothing behind in the project but the report asked for.
        expect((await readdir(installed)).sort()).toEqual(['node_modules', 'out', 'package-lock.json', 'package.json']);
      } finally {
        await serve.stop();
      }
    },
    RUN_TIMEOUT_MS + 30_000,
  );

  it(
    "runs the README's proxy CI recipe exactly as written: the suite run by the proxy, reports written, exit 1 on violations, no key in them",
    async () => {
      const secretKey = 'sk_live_51HqLyjWDarjtT1zdp7dcRecipe';
      progress(`npx petstore-mock serve --key ${secretKey.slice(0, 8)}…:pro (the staging service)`);
      const staging = await startCommand(
        'npx',
        ['petstore-mock', 'serve', '--port', '0', '--data', ':memory:', '--quiet', '--key', `${secretKey}:pro`],
        installed,
        /API\s+(http:\/\/\S+)/,
      );
      try {
        // The project's e2e suite: a good read and one that breaks the contract, through the proxy.
        await writeFile(
          join(installed, 'e2e.mjs'),
          `const headers = { 'X-API-Key': process.env.PETSTORE_API_KEY };
for (const path of ['/pets?limit=2', '/pets?limit=abc']) {
  const res = await fetch(process.env.PETSTORE_BASE_URL + path, { headers });
  console.log('e2e', path, res.status);
}
`,
        );
        const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as object;
        await writeFile(
          join(installed, 'package.json'),
          JSON.stringify({ ...manifest, scripts: { e2e: 'node e2e.mjs' } }),
        );
        const recipe = proxyRecipeOfReadme(await readFile(join(ROOT, 'README.md'), 'utf8'));
        progress(recipe.replace(/\s+/g, ' '));
        const run = await runCommand('sh', ['-c', recipe], installed, RUN_TIMEOUT_MS, undefined, {
          STAGING_URL: staging.match,
          PETSTORE_API_KEY: secretKey,
        });
        expect({ code: run.code, e2e: run.stdout.match(/^e2e .*$/gm) }).toEqual({
          code: 1,
          e2e: ['e2e /pets?limit=2 200', 'e2e /pets?limit=abc 400'],
        });
        const xml = await readFile(join(installed, 'reports', 'proxy.xml'), 'utf8');
        const report = await readFile(join(installed, 'reports', 'proxy.json'), 'utf8');
        expect(xml).toContain('<failure message="request: INVALID_PARAMETER');
        expect(JSON.parse(report)).toMatchObject({ exchanges: 2, violations: 1 });
        for (const text of [xml, report, run.stdout, run.stderr]) {
          expect(text).not.toContain(secretKey);
        }
        expect(report).toContain('x-api-key: $PETSTORE_API_KEY');
      } finally {
        await staging.stop();
      }
    },
    RUN_TIMEOUT_MS + 30_000,
  );

  it(
    'serves a draft given with --contract, split over files, with the Spectral warnings of the rules it ships',
    async () => {
      const draft = await writeSplitDraft(join(folder, 'draft'), (document) => {
        document.info.description = 'A draft served by the installed package.';
        delete document.paths['/pets'].get.responses['429'];
      });
      progress(`npx petstore-mock serve --contract ${draft}`);
      const serve = await startCommand(
        'npx',
        ['petstore-mock', 'serve', '--port', '0', '--data', ':memory:', '--quiet', '--contract', draft],
        installed,
        /API\s+(http:\/\/\S+)/,
      );
      try {
        const origin = new URL(serve.match).origin;
        expect((await fetch(`${serve.match}/pets?limit=1`, { headers: { 'X-API-Key': 'demo-free' } })).status).toBe(
          200,
        );
        const served = parse(await (await fetch(`${origin}/openapi.yaml`)).text());
        expect(served.info.description).toBe('A draft served by the installed package.');
        const deadline = Date.now() + 60_000;
        while (!serve.output().includes('petstore-operation-declares-429') && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(serve.output()).toMatch(/paths\/pets\.yaml:\d+:\d+ +Operation declares no 429 response/);
        expect(serve.output()).not.toContain('could not run');
      } finally {
        await serve.stop();
      }
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "keeps the validator's memory flat when every request carries a Content-Type of its own, and compiles each route's matcher once",
    async () => {
      // The installed express-openapi-validator is 5.6.2 as published: the fixes must come with the package.
      const probe = join(installed, 'probe', 'validator-memory-probe.mjs');
      await mkdir(join(installed, 'probe'));
      await copyFile(join(ROOT, 'test', 'package', 'validator-memory-probe.mjs'), probe);
      const requests = 400;
      progress(`${requests} requests, each with a Content-Type parameter of its own, to the installed mock`);
      const run = await runCommand(
        process.execPath,
        ['--expose-gc', probe, String(requests)],
        installed,
        RUN_TIMEOUT_MS,
      );
      requireSuccess('the memory probe', run);
      const report = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as {
        heapStartMb: number;
        heapEndMb: number;
        matchersCompiled: number;
        matchersAtWarmUp: number;
        statuses: Record<string, number>;
      };
      progress(run.stdout.trim());
      expect(report.statuses).toEqual({ '200': expect.any(Number), '201': expect.any(Number) });
      // Without the fixes each new value compiled the route's validators again and kept them:
      // ~120 KB a request (48 MB here). With them, the 200 pets created take well under 1 MB.
      expect(report.heapEndMb - report.heapStartMb).toBeLessThan(6);
      expect(report.matchersAtWarmUp).toBeGreaterThan(0);
      expect(report.matchersCompiled).toBe(0);
    },
    RUN_TIMEOUT_MS + 30_000,
  );
});

/** The README's shell block that runs the proxy with a command. */
function proxyRecipeOfReadme(readme: string): string {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  const recipe = blocks.find((block) => block.includes('petstore-mock proxy') && block.includes(' -- '));
  if (!recipe) throw new Error('README.md has no sh block running `petstore-mock proxy ... -- COMMAND`.');
  return recipe;
}
