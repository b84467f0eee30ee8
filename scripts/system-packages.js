#!/usr/bin/env node
// What `npm test` needs from Debian besides npm's packages: Chromium for the browser tests and
// redis-server for the shared-state tests. Run first by scripts/run-tests.js, so that a machine
// without them is set up (as root, with apt-get) or told in one line, before any test runs.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each command the tests run, the Debian package that brings it, and what needs it. */
export const SYSTEM_PACKAGES = Object.freeze([
  { command: '/usr/bin/chromium', debianPackage: 'chromium', neededBy: 'the browser tests' },
  { command: 'redis-server', debianPackage: 'redis-server', neededBy: 'the Redis tests' },
]);

/** Whether `command` (a path, or a name looked up on `path`) is an executable file. */
export function isInstalled(command, path) {
  const candidates = command.includes('/') ? [command] : path.split(delimiter).map((dir) => join(dir, command));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * What to do about the missing packages: nothing, install them (root with apt-get), or stop with
 * one line naming the command to run.
 * @param {{ missing: readonly { debianPackage: string, neededBy: string }[], isRoot: boolean, hasAptGet: boolean }} facts
 */
export function planSystemPackages({ missing, isRoot, hasAptGet }) {
  if (missing.length === 0) return { action: 'none' };
  const packages = missing.map((entry) => entry.debianPackage);
  const names = packages.join(' ');
  const neededBy = missing.map((entry) => `${entry.debianPackage} for ${entry.neededBy}`).join(', ');
  if (isRoot && hasAptGet) {
    return {
      action: 'install',
      packages,
      line: `npm test: installing from Debian what the tests need (${neededBy}): apt-get install -y ${names}`,
    };
  }
  const install = `${isRoot ? '' : 'sudo '}apt-get install -y ${names}`;
  const where = hasAptGet ? `run \`${install}\`` : `install ${names} (on Debian: \`${install}\`)`;
  return { action: 'stop', line: `npm test needs ${neededBy}: ${where}, then run npm test again.` };
}

/** The plan for this machine, from the facts it shows. */
export function planForThisMachine(env = process.env) {
  const path = env.PATH ?? '';
  const commandOf = (entry) =>
    entry.debianPackage === 'redis-server' && env.REDIS_SERVER_BIN ? env.REDIS_SERVER_BIN : entry.command;
  return planSystemPackages({
    missing: SYSTEM_PACKAGES.filter((entry) => !isInstalled(commandOf(entry), path)),
    isRoot: process.getuid?.() === 0,
    hasAptGet: isInstalled('apt-get', path),
  });
}

/** Carries the plan out; true when the tests can run. */
export function ensureSystemPackages() {
  const plan = planForThisMachine();
  if (plan.action === 'none') return true;
  console.log(plan.line);
  if (plan.action === 'stop') return false;
  const apt = (args) =>
    spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0;
  if (apt(['update', '-qq']) && apt(['install', '-y', '-qq', ...plan.packages])) return true;
  console.log(`npm test: apt-get could not install ${plan.packages.join(' ')}; install them, then run npm test again.`);
  return false;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(ensureSystemPackages() ? 0 : 1);
