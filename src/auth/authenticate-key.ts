// Authenticates the API key of every API request. Requests without a valid key are counted per
// client address in the Free plan's per-minute window, so that their 401 carries the X-RateLimit-*
// headers too; they are always answered 401, never 429: a key comes before any limit, and clients
// that test their 401 handling are not slowed down (spec).
import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import { addressSubject, type LimitState } from '../limits/limit-state.js';
import { DEMO_KEY_NAMES, PLAN_LIMITS } from '../limits/plans.js';
import { setCountedHeaders } from '../limits/rate-limit-headers.js';
import { setAuthenticatedKey } from './authenticated-key.js';
import type { KeyDirectory } from './key-directory.js';

const API_KEY_HEADER = 'X-API-Key';

export type KeyAuthenticationDependencies = {
  keys: KeyDirectory;
  state: LimitState;
  clock: Clock;
};

export function createKeyAuthentication(deps: KeyAuthenticationDependencies): RequestHandler {
  // Async for the key lookup; runChain passes a rejection (the 401s below) to next.
  return async (req, res, next) => {
    const sentKey = req.get(API_KEY_HEADER);
    const record = sentKey ? await deps.keys.find(sentKey) : undefined;
    if (record) {
      setAuthenticatedKey(res, record);
      next();
      return;
    }
    const subject = addressSubject(req.ip ?? 'unknown');
    const nowMs = deps.clock.nowMs();
    setCountedHeaders(res, await deps.state.countAnonymous(subject, PLAN_LIMITS.free, nowMs), nowMs);
    if (!sentKey) {
      throw new HttpError(
        'API_KEY_MISSING',
        `Send your API key in the ${API_KEY_HEADER} header (demo keys: ${DEMO_KEY_NAMES.join(', ')}).`,
      );
    }
    throw new HttpError(
      'API_KEY_INVALID',
      `The API key in ${API_KEY_HEADER} is not known. Use a key this server knows (see its start-up banner, or GET /__mock/state).`,
    );
  };
}
