// Which Host a request may name: a DNS-rebinding page reaches a loopback server under a name of
// its own (attacker.example resolving to 127.0.0.1), so only names the user chose are answered.
// As Vite and webpack-dev-server decide it: localhost and *.localhost (RFC 6761 keeps them on
// loopback), any IP address (rebinding needs a name), the listen address, and --allowed-hosts.
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { HttpError } from '../errors.js';

export const ALLOWED_HOSTS_OPTION = '--allowed-hosts';

/** The host name of a Host header (RFC 9110 §7.2): without its port and brackets, lower case. */
export function hostNameOf(hostHeader: string): string {
  const trimmed = hostHeader.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    return end === -1 ? trimmed : trimmed.slice(1, end);
  }
  return trimmed.replace(/:\d*$/, '').replace(/\.$/, '');
}

/** Whether a host name is one of `names`: exact names, or ".example.com" for it and every name under it. */
export function createNamesMatcher(names: readonly string[]): (hostName: string) => boolean {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const name of names) {
    const lower = name.trim().toLowerCase();
    if (lower.startsWith('.')) {
      suffixes.push(lower);
      exact.add(lower.slice(1));
    } else exact.add(lower);
  }
  return (hostName) => exact.has(hostName) || suffixes.some((suffix) => hostName.endsWith(suffix));
}

/** The mock's hosts: localhost, *.localhost, IP addresses, the listen address, and `names` (--allowed-hosts). */
export function createHostMatcher(listenHost: string, names: readonly string[]): (hostName: string) => boolean {
  const isNamed = createNamesMatcher([listenHost.replace(/^\[|\]$/g, ''), 'localhost', '.localhost', ...names]);
  return (hostName) => isNamed(hostName) || isIP(hostName) !== 0;
}

/** How many allowed Host headers are remembered (a client uses one or two; the set is emptied when full). */
const KEPT_HOST_VERDICTS = 64;

/** Every route: a request without Host (RFC 9112 §3.2 makes it a 400) or naming another host is refused. */
export function createHostCheck(isAllowed: (hostName: string) => boolean): RequestHandler {
  // A client names the same Host on every request: its verdict is kept (~1% of a read), for a bounded number of names.
  const allowedHeaders = new Set<string>();
  return (req, _res, next) => {
    const header = req.headers.host;
    if (header !== undefined && allowedHeaders.has(header)) {
      next();
      return;
    }
    if (header === undefined || header.trim() === '') {
      throw new HttpError(
        'MALFORMED_HTTP',
        'The request has no Host header. Send "Host: 127.0.0.1:PORT" (HTTP/1.1 requires it, RFC 9112).',
      );
    }
    const hostName = hostNameOf(header).slice(0, 255);
    if (!isAllowed(hostName)) {
      throw new HttpError(
        'HOST_NOT_ALLOWED',
        `This mock does not answer requests for the host "${hostName}" (a page using DNS rebinding could send them). If you reach it under that name, restart it with ${ALLOWED_HOSTS_OPTION} ${hostName}.`,
      );
    }
    if (allowedHeaders.size >= KEPT_HOST_VERDICTS) allowedHeaders.clear();
    allowedHeaders.add(header);
    next();
  };
}
