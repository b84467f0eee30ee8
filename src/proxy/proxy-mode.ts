// The validation proxy's mode: the request forwarded to the upstream and its answer checked and
// reported, never replaced by a 500. With --simulate-limits the mock's keys, plans, bans and storms
// stand in front of it; without, its own answers carry limit headers of their own (spec:
// x-proxy-rate-limit-headers), only storms refuse, and a shared state out of reach (Redis) stops
// nothing: the request is forwarded and its answer passed through (state-outage.ts).
import type { RequestHandler } from 'express';
import type { ApiModeFactory } from '../api-mode.js';
import { bodyLimitOf } from '../http/body-limit.js';
import { boundLimitState } from '../limits/bounded-limit-state.js';
import { createKeyAndLimitSteps } from '../limits/key-and-limit-steps.js';
import { isBuiltInContract } from '../openapi/load-contract.js';
import { describeOperation } from '../openapi/operation-summary.js';
import type { World } from '../world.js';
import { createOwnLimitHeaders, MAX_REMEMBERED_SUBJECTS } from './own-limit-headers.js';
import {
  checkRequestOrRecord,
  forwardToUpstream,
  guardUpstreamAnswers,
  type ProxySettings,
  readBodyOrRecord,
} from './proxy-steps.js';
import type { ViolationSink } from './record-violation.js';
import { createStateOutage } from './state-outage.js';
import { createStormGate, type StormGateDependencies } from './storm-gate.js';

/**
 * Keys and client addresses whose counts and records the proxy keeps per scope without
 * --simulate-limits, where any key a client sends is one: past this, the least recently seen is
 * forgotten. As many as the upstream's values it remembers (own-limit-headers.ts): far more than
 * the keys of a team or a CI farm, and a few MB when filled by keys sent once (npm run bench).
 */
export const MAX_PROXY_SUBJECTS = MAX_REMEMBERED_SUBJECTS;

/** The storm gate of a world, over its limits' state bounded to MAX_PROXY_SUBJECTS (or the settings' bound). */
function stormGateOf(
  world: World,
  settings: ProxySettings,
  deps: Pick<StormGateDependencies, 'operationIdOf' | 'onRecordFailure' | 'outage'> & {
    onForgetFailure: (error: unknown) => void;
  },
): RequestHandler {
  const { clock, simulation } = world;
  return createStormGate({
    state: boundLimitState(world.limitState, {
      maxSubjects: settings.maxSubjects ?? MAX_PROXY_SUBJECTS,
      onForgetFailure: deps.onForgetFailure,
    }),
    clock,
    settings: () => simulation.settings(),
    operationIdOf: deps.operationIdOf,
    onRecordFailure: deps.onRecordFailure,
    outage: deps.outage,
  });
}

export function createProxyMode(settings: ProxySettings): ApiModeFactory {
  return ({ app, contract, violationsOf, log, operationIdOf, limitHeaders, securityOf }) => {
    // With --simulate-limits the proxy answers 503 STATE_UNAVAILABLE without its state, as the
    // mock does: the limits it was asked to enforce cannot be decided.
    const outage = settings.simulateLimits ? undefined : createStateOutage(log);
    // A failure of the state is logged, unless it is the outage, which is told once.
    const reportFailure = (what: string) => (error: unknown) => {
      if (!outage?.absorbs(error)) log(`${what}: ${String(error)}`);
    };
    const sink: ViolationSink = {
      violationsOf,
      log,
      upstreamBase: `${settings.upstream.origin.origin}${settings.upstream.basePath}`,
      apiBasePath: contract.basePath,
      ...(settings.ledger ? { ledger: settings.ledger } : {}),
      onKeepFailure: reportFailure('The violation could not be kept'),
    };
    const ownLimits = settings.simulateLimits ? undefined : createOwnLimitHeaders({ errors: settings.errors });
    const guard = guardUpstreamAnswers(app, settings, sink, ownLimits);
    const onRecordFailure = reportFailure('The request record could not be written');
    const onForgetFailure = reportFailure("A key's counts and record could not be forgotten");
    return {
      validateResponses: true,
      onResponseViolation: guard.reportViolation,
      checkRequest: (check) => checkRequestOrRecord(check, settings, sink),
      readBody: readBodyOrRecord(bodyLimitOf(isBuiltInContract(contract.file), contract.document), settings, sink),
      goesOnWithoutState: outage !== undefined,
      stepsOf: (world) => ({
        beforeBody:
          ownLimits && outage
            ? [
                ownLimits.bind(world),
                stormGateOf(world, settings, { operationIdOf, onRecordFailure, outage, onForgetFailure }),
              ]
            : createKeyAndLimitSteps(world, { operationIdOf, onRecordFailure, limitHeaders, securityOf }),
        answer: forwardToUpstream(settings, guard, contract.basePath, ownLimits),
      }),
      recordsContractGaps: false,
      errorHandlers: ownLimits ? [ownLimits.onError] : [],
      operations: contract.operations.map((operation) => ({
        ...describeOperation(operation, contract.document),
        answeredBy: 'upstream' as const,
        how: 'forwarded to the upstream; its answer is checked against the contract',
      })),
    };
  };
}
