// Debian's Chromium, driven by playwright-core (never a browser download), for the dashboard's
// tests. .ci/run installs Chromium with apt when it is missing.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
// Flags for a headless Chromium on a machine with no network but loopback.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `extraArgs`: more flags, e.g. --host-resolver-rules to point a test name at 127.0.0.1. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is not at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (.ci/run does).`);
  return await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** Polls `condition` until it holds; the page follows the mock by polling, so tests wait for it. */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 8_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
