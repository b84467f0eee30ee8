// Where the contract promises a limit by its 429 alone (a 429 with Retry-After, and no header that
// counts requests): a key driven past its limit gets that 429, with a Retry-After in one of the
// two forms of RFC 9110, and once the wait it names is over the key is answered again. Contracts
// whose headers count requests are checked by rate-limits.ts; those that declare no 429 promise
// no limit at all, and are not held to one.
import { check, kindOfChecks, skippedCheck } from '../support/checks.js';
import { expectConforms } from '../support/conformance.js';
import { listOperations, type SpecOperation } from '../support/contract-spec.js';
import type { Exchange } from '../support/exchange.js';
import { rateLimitKey } from '../support/keys.js';
import { probe } from '../support/limit-drive.js';
import { COUNTS_REQUESTS } from '../support/limit-window.js';
import { foundProbe, NO_PROBE_REASON, probeOperation } from '../support/probe-operation.js';
import { CheckSkipped } from '../support/scheduler.js';
import { contractTarget } from '../support/target.js';
import { retryAfterFormProblems, retryAfterSeconds } from '../support/target-clock.js';
import { ContractViolation, requireNoProblems } from '../support/violation.js';
import { afterSeconds } from '../support/window-end.js';

/** Whether the operation declares the 429 of a limit (its own, or its class's). */
const declares429 = (operation: SpecOperation) =>
  operation.declaredStatuses.includes('429') || operation.declaredStatuses.includes('4XX');

kindOfChecks('rate-limits', 'rate limits', () => {
  if (COUNTS_REQUESTS) return;
  const found = foundProbe();
  if (!found) {
    if (listOperations().some(declares429)) skippedCheck('rate limits: a key past its limit gets 429', NO_PROBE_REASON);
    return;
  }
  if (!declares429(found.operation)) return;
  const rule = `${probeOperation().operationId}: a key past its limit gets 429 with a Retry-After, and is answered again once it has passed`;
  const key = rateLimitKey();
  if (!key) {
    skippedCheck(rule, 'needs --rate-limit-key');
    return;
  }
  const target = contractTarget();
  const made = target.madeRateLimitKey;
  // A made key's limit is known: no 429 past it is a fault. Any other key may allow more than the run sends.
  const most = made ? made.perMinute + 2 : (target.maxRateLimitRequests ?? 2_000);
  check(
    probeOperation().operationId,
    rule,
    async () => {
      let refused: Exchange | undefined;
      let last: Exchange | undefined;
      for (let sent = 0; sent < most && refused === undefined; sent += 1) {
        last = await probe(key);
        if (last.status === 429 || last.status === 403) refused = last;
      }
      if (refused === undefined) {
        if (made && last)
          throw new ContractViolation(last, `a 429 once the key's ${made.perMinute} requests a minute are used`, [
            `${most} requests of ${key.shownAs} were answered`,
          ]);
        throw new CheckSkipped(
          `${most} requests of ${key.shownAs} got no 429 (--max-rate-limit-requests): give a --rate-limit-key of a smaller limit`,
        );
      }
      if (refused.status === 403)
        throw new CheckSkipped(
          `${key.shownAs} is refused with 403 (banned, or not allowed): give another --rate-limit-key`,
        );
      expectConforms(probeOperation(), refused, { statuses: [429], description: 'a 429 once the limit is reached' });
      requireNoProblems(refused, 'a Retry-After, in delta-seconds or as an HTTP-date', retryAfterFormProblems(refused));
      // On a key the run made in a scope of its own, the wait is reached by moving that scope's clock.
      if (!made || key.scope === undefined) return;
      const wait = retryAfterSeconds(refused) ?? 0;
      const next = await afterSeconds(key.scope, wait + 1, () => probe(key));
      expectConforms(probeOperation(), next, {
        statuses: [200],
        description: `an answer once the Retry-After (${wait} s) has passed`,
      });
    },
    { uses: [key], exhausts: { key, level: 'minute' }, estimate: () => Math.min(most, 100) + 2 },
  );
});
