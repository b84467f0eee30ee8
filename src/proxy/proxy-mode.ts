// The validation proxy's mode: the request forwarded to the upstream and its answer checked and
// reported, never replaced by a 500. With --simulate-limits the mock's keys, plans, bans and storms
// stand in front of it; without, its own answers carry limit headers of their own (spec:
// x-proxy-rate-limit-headers) and only storms refuse.
import type { ApiModeFactory } from '../api-mode.js';
import { MAX_BODY_BYTES } from '../http/body-limit.js';
import { createKeyAndLimitSteps } from '../limits/key-and-limit-steps.js';
import { createOwnLimitHeaders } from './own-limit-headers.js';
import {
  checkRequestOrRecord,
  forwardToUpstream,
  guardUpstreamAnswers,
  type ProxySettings,
  readBodyOrRecord,
} from './proxy-steps.js';
import type { ViolationSink } from './record-violation.js';
import { createStormGate } from './storm-gate.js';

export function createProxyMode(settings: ProxySettings): ApiModeFactory {
  return ({ app, contract, violationsOf, log, operationIdOf }) => {
    const sink: ViolationSink = {
      violationsOf,
      log,
      upstreamBase: `${settings.upstream.origin.origin}${settings.upstream.basePath}`,
      apiBasePath: contract.basePath,
      ...(settings.ledger ? { ledger: settings.ledger } : {}),
    };
    const ownLimits = settings.simulateLimits ? undefined : createOwnLimitHeaders({ errors: settings.errors });
    const guard = guardUpstreamAnswers(app, settings, sink, ownLimits);
    const onRecordFailure = (error: unknown) => log(`The request record could not be written: ${String(error)}`);
    return {
      validateResponses: true,
      onResponseViolation: guard.reportViolation,
      checkRequest: (check) => checkRequestOrRecord(check, settings, sink),
      readBody: readBodyOrRecord(MAX_BODY_BYTES, settings, sink),
      stepsOf: (world) => {
        const { clock, limitState, simulation } = world;
        return {
          beforeBody: ownLimits
            ? [
                ownLimits.bind(world),
                createStormGate({
                  state: limitState,
                  clock,
                  settings: () => simulation.settings(),
                  operationIdOf,
                  onRecordFailure,
                }),
              ]
            : createKeyAndLimitSteps(world, { operationIdOf, onRecordFailure }),
          answer: forwardToUpstream(settings, guard, contract.basePath, ownLimits),
        };
      },
      errorHandlers: ownLimits ? [ownLimits.onError] : [],
    };
  };
}
