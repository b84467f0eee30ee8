// Before a run: does anything answer at the base URL, and is it the API's {base_url}? Without
// this, an implementation that is not running, or a base URL without its /v1, failed every one
// of the suite's checks, one by one, for the same reason. What went wrong is told as it is: a
// certificate not trusted, a connection closed, an answer too slow; "nothing answers" only when
// nothing did.

import { serverBasePath } from '../../src/openapi/load-contract.js';
import { ConfigError } from '../../src/server/config.js';
import { httpRequest, NoAnswerError } from './http-client.js';

/** The network's reach: the target's address, port and certificates as the run will meet them. */
export type Reach = { caFile?: string; timeoutMs: number };

/** The status of a GET without a key (so that no key's quota is spent). */
async function statusOf(url: string, reach: Reach): Promise<number> {
  return (await httpRequest({ method: 'GET', url, ...reach })).status;
}

/** The suite connects to the target directly: a proxy the environment names is not used, and is said so. */
function proxyNote(): string {
  const named = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].find((name) => process.env[name]);
  return named
    ? ` (${named} is set: the suite connects to the target directly, not through that proxy; run it where the target is reachable.)`
    : '';
}

/** The one line that says why the run cannot start, from what stopped the first request. */
function unreachable(baseUrl: string, error: unknown): ConfigError {
  if (!(error instanceof NoAnswerError)) return new ConfigError(String(error));
  if (error.certificate) return new ConfigError(error.certificate);
  if (error.timedOut) {
    return new ConfigError(
      `No answer came from ${baseUrl} (${error.reason}), so no check was run. Check that the implementation is up and ` +
        `reachable from here, or give it longer with --timeout SECONDS.${proxyNote()}`,
    );
  }
  if (/hang up|ECONNRESET|EPIPE|HPE_|Parse Error/i.test(error.reason)) {
    return new ConfigError(
      `Something at ${baseUrl} took the connection but closed it without an HTTP answer (${error.reason}), so no check ` +
        'was run. If it serves HTTPS, give an https:// --base-url; otherwise check what listens on that port.',
    );
  }
  return new ConfigError(
    `Nothing answers at ${baseUrl} (${error.reason}), so no check was run. Start the implementation ` +
      `(the mock: npx petstore-mock serve), or give the --base-url it serves at, e.g. http://127.0.0.1:4010/v1.${proxyNote()}`,
  );
}

/**
 * A base URL without the contract's base path (e.g. http://host:4010 for http://host:4010/v1):
 * its first collection is not found there, and is found with the base path added.
 */
async function expectBasePath(baseUrl: string, reach: Reach): Promise<void> {
  const { SPEC } = await import('./contract-spec.js');
  const servers = (SPEC as { servers?: unknown[] }).servers ?? [];
  // Read as the mock reads it: a server URL no URL parser takes ("http://exa mple.com:99999/") names no base path, and stops nothing.
  const basePath = serverBasePath(servers[0]);
  // A 3.1 document of webhooks only has no paths.
  const collection = Object.keys((SPEC as { paths?: Record<string, unknown> }).paths ?? {}).find(
    (path) => !path.includes('{'),
  );
  if (basePath === '' || collection === undefined) return;
  const given = baseUrl.replace(/\/$/, '');
  if (given.endsWith(basePath) || (await statusOf(`${given}${collection}`, reach)) !== 404) return;
  const suggested = `${given}${basePath}`;
  if ((await statusOf(`${suggested}${collection}`, reach)) === 404) return;
  throw new ConfigError(
    `${given}${collection} is not found (404), but ${suggested}${collection} is there: --base-url is the API's ` +
      `{base_url}, with its ${basePath}. Run again with --base-url ${suggested}`,
  );
}

/** Resolves once the base URL answers as the API's {base_url}; throws a message saying what to do when it does not. */
export async function expectApiAt(baseUrl: string, reach: Reach): Promise<void> {
  let answer: Awaited<ReturnType<typeof httpRequest>>;
  try {
    answer = await httpRequest({ method: 'GET', url: baseUrl, ...reach });
  } catch (error) {
    throw unreachable(baseUrl, error);
  }
  // A gateway that sends plain HTTP to HTTPS (or elsewhere): the suite follows no redirect, and says where to go.
  const location = answer.headers.location;
  if (answer.status >= 300 && answer.status < 400 && location !== undefined) {
    throw new ConfigError(
      `${baseUrl} answers ${answer.status}, a redirect to ${new URL(location, baseUrl).href}, so no check was run: the suite follows no redirect. Give the --base-url it leads to.`,
    );
  }
  await expectBasePath(baseUrl, reach);
}
