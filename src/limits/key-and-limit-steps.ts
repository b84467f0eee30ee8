// The steps that find a request's key and apply its plan's limits, bans and storms: the mock's,
// and the proxy's with --simulate-limits.
import type { RequestHandler } from 'express';
import { createKeyAuthentication, type KeyAuthenticationDependencies } from '../auth/authenticate-key.js';
import type { KeyDirectory } from '../auth/key-directory.js';
import type { Clock } from '../clock.js';
import { composeMiddleware } from '../http/middleware-chain.js';
import { DecisionInputsChangedError, type LimitState } from './limit-state.js';
import type { RateLimitSettings } from './rate-limit-headers.js';
import { createRateLimitMiddleware, type RateLimitDependencies } from './rate-limit-middleware.js';

export type KeyAndLimitWorld = {
  clock: Clock;
  limitState: LimitState;
  keys: KeyDirectory;
  simulation: { settings(): RateLimitSettings };
};

/** Times a request's key and limits are worked out when a shared state keeps finding its inputs changed. */
const MAX_INPUT_CHANGES = 5;

export function createKeyAndLimitSteps(
  { clock, limitState, keys, simulation }: KeyAndLimitWorld,
  options: Pick<RateLimitDependencies, 'operationIdOf' | 'onRecordFailure' | 'limitHeaders'> &
    Pick<KeyAuthenticationDependencies, 'securityOf'>,
): RequestHandler[] {
  const steps = composeMiddleware([
    createKeyAuthentication({
      keys,
      state: limitState,
      clock,
      securityOf: options.securityOf,
      limitHeaders: options.limitHeaders,
    }),
    createRateLimitMiddleware({ state: limitState, clock, settings: () => simulation.settings(), ...options }),
  ]);
  // A decision computed on a key or settings changed meanwhile through another process: the state
  // has caught up, so the key is looked up and the decision made again on what now holds.
  const again: RequestHandler = (req, res, next) => {
    let runs = 0;
    const run = () =>
      steps(req, res, (error?: unknown) => {
        runs += 1;
        if (error instanceof DecisionInputsChangedError && runs < MAX_INPUT_CHANGES) run();
        else next(error);
      });
    run();
  };
  return [again];
}
