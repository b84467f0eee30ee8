// The package as a QA engineer gets it: packed, installed from the tarball into an empty
// folder, and run there with `npx petstore-mock contract` exactly as the README says, against
// a mock served by the installed package itself.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'bin/petstore-mock.js', 'spec/petstore.yaml']));
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
        expect({ code: run.code, summary: run.stdout.split('\n').find((line) => line.includes(' passed, ')) }).toEqual({
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
});
