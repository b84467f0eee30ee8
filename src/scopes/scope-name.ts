// The X-Mock-Scope header: which scope a request runs in (spec/control.yaml, "Scopes"). Without
// it, the default scope; with it, a name of 1 to 64 letters, digits, ".", "_" or "-".
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../errors.js';

export const SCOPE_HEADER = 'X-Mock-Scope';
/** As Node keys request headers. */
const HEADER_KEY = 'x-mock-scope';

export const SCOPE_NAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export function isScopeName(value: string): boolean {
  return SCOPE_NAME_PATTERN.test(value);
}

/** What is wrong with a scope name, and what to send instead. */
export function invalidScopeMessage(value: string): string {
  // A long value is cut: the message names the rule, not the whole of what was sent.
  const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  return `${SCOPE_HEADER} must be a scope name: 1 to 64 letters, digits, ".", "_" or "-" (${SCOPE_NAME_PATTERN.source}); got ${shown}.`;
}

/** Whether a request sends the header at all: a property read, no allocation (the default scope's path). */
export function sendsScope(req: IncomingMessage): boolean {
  return req.headers[HEADER_KEY] !== undefined;
}

/** The scope a request names, or undefined for the default scope; INVALID_SCOPE when it is not a name. */
export function requestedScope(req: IncomingMessage): string | undefined {
  // Node joins repeated headers with ", ", which is no name: sending two is refused too.
  const value = req.headers[HEADER_KEY] as string | undefined;
  if (value === undefined) return undefined;
  if (!isScopeName(value)) throw new HttpError('INVALID_SCOPE', invalidScopeMessage(value));
  return value;
}
