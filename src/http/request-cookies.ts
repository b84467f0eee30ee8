// A request's cookies by name, as the `cookie` package (Express's own parser) reads the Cookie
// header: every reader of a cookie (credentials, the validator's cookie parameters) sees the same values.

import { parseCookie } from 'cookie';
import type { Request } from 'express';

/** A cookie's value: a quoted one unquoted (RFC 6265 section 4.1.1), then %XX decoded where it is well formed. */
function decodeValue(raw: string): string {
  const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}

const parsed = new WeakMap<Request, Record<string, string | undefined>>();

/** The request's cookies, each name once (the first sent), in an object without a prototype. */
export function requestCookies(req: Request): Record<string, string | undefined> {
  let cookies = parsed.get(req);
  if (!cookies) {
    cookies = parseCookie(req.get('cookie') ?? '', { decode: decodeValue });
    parsed.set(req, cookies);
  }
  return cookies;
}
