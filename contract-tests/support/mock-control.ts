// The control API of a petstore-mock target (/__mock at its origin), asked in a scope: the runner
// reads and makes keys through it, and the checks move the clock of the run's own scope. Over
// the suite's HTTP client, so that any port and the run's CA work here too.
import { httpRequest } from './http-client.js';
import { SCOPE_HEADER } from './target.js';

export const CONTROL_PATH = '/__mock';
const ASK_TIMEOUT_MS = 5_000;

export type ControlAnswer = { ok: boolean; status: number; json<T = unknown>(): T | undefined };

/** An answer of the control API; undefined when nothing answered in time. */
export type AskMockControl = (method: string, path: string, body?: unknown) => Promise<ControlAnswer | undefined>;

export function mockControl(origin: string, scope: string | undefined, caFile?: string): AskMockControl {
  const headers: Record<string, string> = scope ? { [SCOPE_HEADER]: scope } : {};
  return async (method, path, body) => {
    try {
      const answer = await httpRequest({
        method,
        url: `${origin}${CONTROL_PATH}${path}`,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs: ASK_TIMEOUT_MS,
        ...(caFile ? { caFile } : {}),
      });
      return {
        ok: answer.status >= 200 && answer.status < 300,
        status: answer.status,
        json<T>() {
          try {
            return JSON.parse(answer.text) as T;
          } catch {
            return undefined;
          }
        },
      };
    } catch {
      return undefined;
    }
  };
}
