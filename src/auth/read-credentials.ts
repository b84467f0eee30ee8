// The credentials a request carries in the schemes its operation declares (operation-security.ts):
// an API key in a header, the query or a cookie; a bearer token; HTTP basic, the key as the user
// name (or, failing that, the password); another HTTP scheme's token. Each is a key the mock may
// know: plans, limits, bans and scopes follow it whatever the scheme that carried it.
import type { Request } from 'express';
import { requestCookies } from '../http/request-cookies.js';
import type { CredentialScheme } from '../openapi/operation-security.js';

/**
 * Spaces and tabs around a value, which HTTP reads as no part of it (RFC 9110 section 5.6.3); a
 * no-break space is a character of the value, so that a key written with one is a key not known.
 */
const trimSpaces = (text: string) => text.replace(/^[ \t]+|[ \t]+$/g, '');

export type SentCredential = { scheme: CredentialScheme; key: string };

/** The token of `Authorization: <scheme> <token>`, the scheme compared without case. */
function authorizationToken(req: Request, scheme: string): string | undefined {
  const value = trimSpaces(req.get('authorization') ?? '');
  if (!value) return undefined;
  const space = value.indexOf(' ');
  if (space < 0 || value.slice(0, space).toLowerCase() !== scheme.toLowerCase()) return undefined;
  return trimSpaces(value.slice(space + 1)) || undefined;
}

/** The user name and password of HTTP basic credentials (RFC 7617). */
function basicCredentials(req: Request): string[] {
  const token = authorizationToken(req, 'Basic');
  if (token === undefined) return [];
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const [user, password] = colon < 0 ? [decoded, ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
  return [user, password].filter((part) => part !== '');
}

/** What one scheme carries: none, one key, or (basic) the user name then the password. */
function keysIn(req: Request, scheme: CredentialScheme): string[] {
  switch (scheme.kind) {
    case 'apiKey': {
      const raw =
        scheme.in === 'header'
          ? req.get(scheme.name)
          : scheme.in === 'query'
            ? req.query[scheme.name]
            : requestCookies(req)[scheme.name];
      const value = typeof raw === 'string' ? trimSpaces(raw) : undefined;
      if (!value) return [];
      // An API key in Authorization often carries a scheme word before it ("Token <key>"), as the
      // contract's description tells its clients, or a parameter (PagerDuty's "Token token=<key>"):
      // the key alone is tried too.
      const afterWord = /^\S+\s+(\S+)$/.exec(value)?.[1];
      const parameter = afterWord === undefined ? undefined : /^[\w-]+="?([^"\s]+?)"?$/.exec(afterWord)?.[1];
      return [value, afterWord, parameter].filter((key): key is string => key !== undefined);
    }
    case 'bearer':
      return [authorizationToken(req, 'Bearer')].filter((token) => token !== undefined);
    case 'basic':
      return basicCredentials(req);
    case 'http':
      return [authorizationToken(req, scheme.authScheme)].filter((token) => token !== undefined);
  }
}

/** Every credential a request carries in `schemes`, in their order. */
export function credentialsIn(req: Request, schemes: readonly CredentialScheme[]): SentCredential[] {
  const sent: SentCredential[] = [];
  for (const scheme of schemes) {
    // The Pet Store's one header, read as before: this runs on every request.
    if (scheme.kind === 'apiKey' && scheme.in === 'header' && scheme.name === 'X-API-Key') {
      const key = req.get('X-API-Key');
      if (key) sent.push({ scheme, key });
      continue;
    }
    for (const key of keysIn(req, scheme)) sent.push({ scheme, key });
  }
  return sent;
}
