#!/usr/bin/env node
// Run before `npm start`, `dev`, `contract`, `bench` and `soak`: builds (scripts/build.js, from
// nothing) only when an input of the build is newer than the last successful build, so that a
// start on a built checkout does not pay the build's 7-10 s. `npm run build` always builds.
// `ensure-built.js MODULE ARGS...` then runs MODULE in this process, as `node MODULE ARGS...`
// would: `npm start` pays for one Node start, not two.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Written by a successful build; its mtime is the time that build started. */
export const BUILD_STAMP = 'dist/.build-stamp';

// Besides the folders tsc compiles (tsconfig.build.json's "include", so a folder moved or added
// there is followed): the contracts, the build's own steps, compiler settings, and the locked
// dependencies (a dependency's new version may change what tsc emits).
const OTHER_INPUTS = ['spec', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
const BUILD_SCRIPT = /^(build|compile-[\w-]+)\.js$/;
// tsconfig.build.json leaves these out of dist/; editing one needs no build.
const NOT_BUILT = (name) => name.endsWith('.test.ts') || name === 'test-support' || name === 'node_modules';

function inputsOf(projectRoot) {
  const { include = [] } = JSON.parse(readFileSync(join(projectRoot, 'tsconfig.build.json'), 'utf8'));
  const scripts = readdirSync(join(projectRoot, 'scripts')).filter((name) => BUILD_SCRIPT.test(name));
  return [...include, ...OTHER_INPUTS, ...scripts.map((name) => `scripts/${name}`)];
}

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

// A folder's own mtime moves when an entry is added, removed or renamed in it, so a deleted
// module (whose output a from-nothing build drops) counts as a change too.
function findNewer(path, since) {
  const mtime = mtimeOf(path);
  if (mtime === undefined) return undefined;
  if (mtime >= since) return path;
  if (!statSync(path).isDirectory()) return undefined;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (NOT_BUILT(entry.name)) continue;
    const newer = findNewer(join(path, entry.name), since);
    if (newer) return newer;
  }
  return undefined;
}

/** Why the project needs a build, or undefined when dist/ is up to date with every input. */
export function reasonToBuild(projectRoot = root) {
  const builtAt = mtimeOf(join(projectRoot, BUILD_STAMP));
  if (builtAt === undefined) return 'no finished build in dist/';
  for (const input of inputsOf(projectRoot)) {
    const newer = findNewer(join(projectRoot, input), builtAt);
    if (newer) return `${relative(projectRoot, newer)} changed since the last build`;
  }
  return undefined;
}

/** Called by scripts/build.js once every step has passed, with the time it started. */
export function writeBuildStamp(projectRoot, startedAtMs) {
  const stamp = join(projectRoot, BUILD_STAMP);
  writeFileSync(stamp, 'dist/ was built from the inputs older than this file (scripts/ensure-built.js)\n');
  // The build's start, not its end: an input saved while it ran is newer, and builds next time.
  utimesSync(stamp, startedAtMs / 1000, startedAtMs / 1000);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const reason = reasonToBuild();
  if (reason) {
    console.error(`petstore-mock: building (${reason}).`);
    const { status } = spawnSync(process.execPath, [join(root, 'scripts/build.js')], { cwd: root, stdio: 'inherit' });
    if (status !== 0) process.exit(status ?? 1);
  }
  const [node, , module, ...args] = process.argv;
  if (module !== undefined) {
    const path = resolve(module);
    // The module reads its arguments as if Node had started it.
    process.argv = [node, path, ...args];
    await import(pathToFileURL(path).href);
  }
}
