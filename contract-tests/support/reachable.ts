// Before a run: does anything answer at the base URL? Without this, an implementation that is
// not running failed every one of the suite's checks, one by one, with the same network error.
import { ConfigError } from '../../src/config.js';

const REACH_TIMEOUT_MS = 15_000;

/** The network's reason a request got no answer: the socket's error where there is one. */
function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${REACH_TIMEOUT_MS / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { message?: string; code?: string } | undefined) : undefined;
  return cause?.message ?? cause?.code ?? (error instanceof Error ? error.message : String(error));
}

/** Resolves once the base URL answers with any HTTP status; throws a message saying what to do when nothing does. */
export async function expectSomethingAnswers(baseUrl: string): Promise<void> {
  try {
    const res = await fetch(baseUrl, { signal: AbortSignal.timeout(REACH_TIMEOUT_MS), redirect: 'manual' });
    await res.arrayBuffer();
  } catch (error) {
    throw new ConfigError(
      `Nothing answers at ${baseUrl} (${reasonOf(error)}), so no check was run. Start the implementation ` +
        '(the mock: npx petstore-mock serve), or give the --base-url it serves at, e.g. http://127.0.0.1:4010/v1.',
    );
  }
}
