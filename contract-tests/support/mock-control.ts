// The control API of a petstore-mock target (/__mock at its origin), asked in the run's scope:
// the runner reads and makes keys through it, and the checks move its clock.
import { SCOPE_HEADER } from './target.js';

export const CONTROL_PATH = '/__mock';
const ASK_TIMEOUT_MS = 5_000;

/** An answer of the control API; undefined when nothing answered in time. */
export type AskMockControl = (method: string, path: string, body?: unknown) => Promise<Response | undefined>;

export function mockControl(origin: string, scope: string | undefined): AskMockControl {
  const headers: Record<string, string> = scope ? { [SCOPE_HEADER]: scope } : {};
  return (method, path, body) =>
    fetch(`${origin}${CONTROL_PATH}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    }).catch(() => undefined);
}
