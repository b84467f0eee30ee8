// Before a run: does anything answer at the base URL, and is it the API's {base_url}? Without
// this, an implementation that is not running, or a base URL without its /v1, failed every one
// of the suite's checks, one by one, for the same reason.
import { ConfigError } from '../../src/config.js';

const REACH_TIMEOUT_MS = 15_000;

/** The network's reason a request got no answer: the socket's error where there is one. */
function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${REACH_TIMEOUT_MS / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { message?: string; code?: string } | undefined) : undefined;
  return cause?.message ?? cause?.code ?? (error instanceof Error ? error.message : String(error));
}

/** The status of a GET without a key (so that no key's quota is spent). */
async function statusOf(url: string): Promise<number> {
  const res = await fetch(url, { signal: AbortSignal.timeout(REACH_TIMEOUT_MS), redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

/**
 * A base URL without the contract's base path (e.g. http://host:4010 for http://host:4010/v1):
 * its first collection is not found there, and is found with the base path added.
 */
async function expectBasePath(baseUrl: string): Promise<void> {
  const { SPEC } = await import('./contract-spec.js');
  const servers = (SPEC as { servers?: Array<{ url?: string }> }).servers ?? [];
  const basePath = new URL(servers[0]?.url ?? '/', 'http://server').pathname.replace(/\/$/, '');
  const collection = Object.keys((SPEC as { paths: Record<string, unknown> }).paths).find(
    (path) => !path.includes('{'),
  );
  if (basePath === '' || collection === undefined) return;
  const given = baseUrl.replace(/\/$/, '');
  if (given.endsWith(basePath) || (await statusOf(`${given}${collection}`)) !== 404) return;
  const suggested = `${given}${basePath}`;
  if ((await statusOf(`${suggested}${collection}`)) === 404) return;
  throw new ConfigError(
    `${given}${collection} is not found (404), but ${suggested}${collection} is there: --base-url is the API's ` +
      `{base_url}, with its ${basePath}. Run again with --base-url ${suggested}`,
  );
}

/** Resolves once the base URL answers as the API's {base_url}; throws a message saying what to do when it does not. */
export async function expectApiAt(baseUrl: string): Promise<void> {
  try {
    await statusOf(baseUrl);
  } catch (error) {
    throw new ConfigError(
      `Nothing answers at ${baseUrl} (${reasonOf(error)}), so no check was run. Start the implementation ` +
        '(the mock: npx petstore-mock serve), or give the --base-url it serves at, e.g. http://127.0.0.1:4010/v1.',
    );
  }
  await expectBasePath(baseUrl);
}
