// The decision of scripts/system-packages.js, and its run on a machine where the packages cannot
// be installed, without touching this machine's packages.
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { useTempFolder } from '../test/support/temp-folder.js';
// @ts-expect-error -- a plain-JS script without declarations
import { isInstalled, planSystemPackages, SYSTEM_PACKAGES } from './system-packages.js';

type Entry = { debianPackage: string; neededBy: string };
type Plan =
  | { action: 'none' }
  | { action: 'install'; packages: string[]; line: string }
  | { action: 'stop'; line: string };
const plan = planSystemPackages as (facts: { missing: readonly Entry[]; isRoot: boolean; hasAptGet: boolean }) => Plan;
const BOTH = SYSTEM_PACKAGES as readonly Entry[];
const SCRIPT = fileURLToPath(new URL('./system-packages.js', import.meta.url));

describe('what npm test needs from Debian', () => {
  const tempFolder = useTempFolder('system-packages');

  it('does nothing when Chromium and redis-server are both there', () => {
    expect(plan({ missing: [], isRoot: true, hasAptGet: true })).toEqual({ action: 'none' });
    expect(plan({ missing: [], isRoot: false, hasAptGet: false })).toEqual({ action: 'none' });
  });

  it('installs what is missing as root with apt-get, saying so in one line first', () => {
    const result = plan({ missing: BOTH, isRoot: true, hasAptGet: true });
    expect(result).toMatchObject({ action: 'install', packages: ['chromium', 'redis-server'] });
    expect(result.action === 'install' && result.line).toMatch(
      /^npm test: installing .*apt-get install -y chromium redis-server$/,
    );
  });

  it('stops with the command to run when it is missing and not root', () => {
    const result = plan({ missing: BOTH.slice(1), isRoot: false, hasAptGet: true });
    expect(result.action).toBe('stop');
    expect(result.action === 'stop' && result.line).toContain('run `sudo apt-get install -y redis-server`');
    expect(result.action === 'stop' && result.line).not.toContain('chromium');
  });

  it('stops with the package names when there is no apt-get, even as root', () => {
    const result = plan({ missing: BOTH.slice(0, 1), isRoot: true, hasAptGet: false });
    expect(result).toEqual({
      action: 'stop',
      line: 'npm test needs chromium for the browser tests: install chromium (on Debian: `apt-get install -y chromium`), then run npm test again.',
    });
  });

  it('finds a command on PATH only where an executable file is', () => {
    const folder = tempFolder();
    writeFileSync(join(folder, 'redis-server'), '#!/bin/sh\n');
    expect(isInstalled('redis-server', folder)).toBe(false);
    chmodSync(join(folder, 'redis-server'), 0o755);
    expect(isInstalled('redis-server', folder)).toBe(true);
    expect(isInstalled('redis-server', '')).toBe(false);
  });

  it('stops at once with one line, before any test, where it cannot install', () => {
    // A PATH with neither redis-server nor apt-get: nothing can be installed, so nothing is.
    const run = spawnSync(process.execPath, [SCRIPT], {
      env: { PATH: tempFolder() },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^npm test needs .*redis-server.*apt-get install -y .*redis-server.*then run npm test again\.$/,
    );
  });
});
