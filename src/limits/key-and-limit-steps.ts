// The steps that find a request's key and apply its plan's limits, bans and storms: the mock's,
// and the proxy's with --simulate-limits.
import type { RequestHandler } from 'express';
import { createKeyAuthentication } from '../auth/authenticate-key.js';
import type { KeyDirectory } from '../auth/key-directory.js';
import type { Clock } from '../clock.js';
import type { LimitState } from './limit-state.js';
import type { RateLimitSettings } from './rate-limit-headers.js';
import { createRateLimitMiddleware, type RateLimitDependencies } from './rate-limit-middleware.js';

export type KeyAndLimitWorld = {
  clock: Clock;
  limitState: LimitState;
  keys: KeyDirectory;
  simulation: { settings(): RateLimitSettings };
};

export function createKeyAndLimitSteps(
  { clock, limitState, keys, simulation }: KeyAndLimitWorld,
  options: Pick<RateLimitDependencies, 'operationIdOf' | 'onRecordFailure'>,
): RequestHandler[] {
  return [
    createKeyAuthentication({ keys, state: limitState, clock }),
    createRateLimitMiddleware({ state: limitState, clock, settings: () => simulation.settings(), ...options }),
  ];
}
