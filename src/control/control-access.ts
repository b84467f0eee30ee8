// Who may use the control API: anyone on loopback; with a control token, only requests that
// send it (compared in constant time); beyond loopback without a token, nobody.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { HttpError } from '../errors.js';

export type ControlAccess = 'open' | 'token' | 'closed';

export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

export function controlAccess(host: string, token: string | undefined): ControlAccess {
  if (token !== undefined) return 'token';
  return isLoopbackHost(host) ? 'open' : 'closed';
}

// Hashing first makes both sides the same length, so timingSafeEqual leaks not even that.
const digest = (text: string) => createHash('sha256').update(text).digest();

export function tokensMatch(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}

export function createControlGuard(access: ControlAccess, token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (access === 'closed') {
      throw new HttpError(
        'CONTROL_API_CLOSED',
        'The control API is closed: this server listens beyond loopback without a control token. Restart it with --control-token TOKEN.',
      );
    }
    if (access === 'token') {
      const sent = /^Bearer (.+)$/i.exec(req.get('Authorization') ?? '')?.[1];
      if (sent === undefined || !tokensMatch(sent, token ?? '')) {
        throw new HttpError(
          'CONTROL_TOKEN_REQUIRED',
          'Send the control token as "Authorization: Bearer TOKEN" (the one given to --control-token).',
        );
      }
    }
    next();
  };
}
