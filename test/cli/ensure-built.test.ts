// scripts/ensure-built.js (run by `npm start`, `dev`, `contract`, `bench`, `soak`) in a project of
// its own: a copy of the script beside a stand-in build.js that logs each run, so the real dist/,
// which other tests use, is never rebuilt here.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { useTempFolder } from '../support/temp-folder.js';

const ENSURE_BUILT = fileURLToPath(new URL('../../scripts/ensure-built.js', import.meta.url));

const STAND_IN_BUILD = `
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { writeBuildStamp } from './ensure-built.js';
const root = new URL('../', import.meta.url).pathname;
const startedAt = Date.now();
mkdirSync(root + 'dist', { recursive: true });
writeFileSync(root + 'dist/out.js', '');
appendFileSync(root + 'build-runs.log', 'built\\n');
writeBuildStamp(root, startedAt);
`;

function write(path: string, text: string) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

/** Sets a file's or folder's mtime, and with `recursive` everything under a folder's. */
function setMtime(path: string, seconds: number, recursive = false) {
  if (recursive && statSync(path).isDirectory()) {
    for (const name of readdirSync(path)) setMtime(join(path, name), seconds, true);
  }
  utimesSync(path, seconds, seconds);
}
const AN_HOUR_AGO = () => Date.now() / 1000 - 3600;
const NOW = () => Date.now() / 1000;

describe('scripts/ensure-built.js', () => {
  const tempFolder = useTempFolder('ensure-built');
  let project: string;
  const runEnsureBuilt = () => {
    const { status, stderr } = spawnSync(process.execPath, [join(project, 'scripts/ensure-built.js')], {
      encoding: 'utf8',
    });
    expect(status).toBe(0);
    return stderr;
  };
  const builds = () => readFileSync(join(project, 'build-runs.log'), 'utf8').split('\n').filter(Boolean).length;
  const mtime = (path: string) => statSync(join(project, path)).mtimeMs;

  beforeEach(() => {
    project = tempFolder();
    write(join(project, 'scripts/ensure-built.js'), readFileSync(ENSURE_BUILT, 'utf8'));
    write(join(project, 'scripts/build.js'), STAND_IN_BUILD);
    // "fixtures" is listed but absent: a folder named in the config may not exist.
    write(join(project, 'tsconfig.build.json'), JSON.stringify({ include: ['src', 'fixtures'] }));
    write(join(project, 'tsconfig.json'), '{}');
    write(join(project, 'package-lock.json'), '{}');
    write(join(project, 'src/cli/main.ts'), 'export {};\n');
    write(join(project, 'spec/petstore.yaml'), 'openapi: 3.1.0\n');
    // Written an hour ago, so that an edit made by a test is newer than any build it runs.
    setMtime(project, AN_HOUR_AGO(), true);
  });

  it('builds when dist/ has no finished build, then a second run leaves dist/ and the stamp untouched', () => {
    expect(runEnsureBuilt()).toContain('no finished build in dist/');
    expect(builds()).toBe(1);
    const before = [mtime('dist/.build-stamp'), mtime('dist/out.js')];

    expect(runEnsureBuilt()).toBe('');
    expect(builds()).toBe(1);
    expect([mtime('dist/.build-stamp'), mtime('dist/out.js')]).toEqual(before);
  });

  it('builds again when a source, the contract or a build step is newer than the last build, or a module is removed', () => {
    runEnsureBuilt();
    const edit = (path: string) => setMtime(join(project, path), NOW());

    edit('src/cli/main.ts');
    expect(runEnsureBuilt()).toContain('src/cli/main.ts changed since the last build');
    edit('spec/petstore.yaml');
    expect(runEnsureBuilt()).toContain('spec/petstore.yaml changed');
    edit('scripts/build.js');
    expect(runEnsureBuilt()).toContain('scripts/build.js changed');
    rmSync(join(project, 'src/cli/main.ts'));
    expect(runEnsureBuilt()).toContain('src/cli changed');
    expect(builds()).toBe(5);
    expect(runEnsureBuilt()).toBe('');
    expect(builds()).toBe(5);
  });

  it('then runs the module it is given, in the same process, with the arguments after it', () => {
    write(
      join(project, 'bin/run.js'),
      'console.log(JSON.stringify({ pid: process.pid, argv: process.argv.slice(1) }));\n',
    );
    const run = spawnSync(
      process.execPath,
      [join(project, 'scripts/ensure-built.js'), 'bin/run.js', 'serve', '-p', '0'],
      {
        cwd: project,
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('no finished build in dist/');
    expect(builds()).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({ pid: run.pid, argv: [join(project, 'bin/run.js'), 'serve', '-p', '0'] });
  });

  it("runs no module when the build fails, and exits with the build's code", () => {
    write(join(project, 'scripts/build.js'), 'process.exit(3);\n');
    write(join(project, 'bin/run.js'), 'console.log("ran");\n');
    const run = spawnSync(process.execPath, [join(project, 'scripts/ensure-built.js'), 'bin/run.js'], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('');
  });

  it('needs no build for an edited test file, which the build leaves out', () => {
    runEnsureBuilt();
    write(join(project, 'src/cli/main.test.ts'), '');
    // Adding the file moved its folder's mtime; only the file itself is what this test is about.
    setMtime(join(project, 'src/cli'), AN_HOUR_AGO());
    expect(runEnsureBuilt()).toBe('');
    expect(builds()).toBe(1);
  });
});
