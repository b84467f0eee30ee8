// While the shared state (Redis) is out of reach, the proxy without --simulate-limits goes on
// forwarding: forwarding and passing answers through is its job, and what it keeps there
// (storms, its own counts, the request record, violations) is the workbench around that job.
// What is lost meanwhile is said once per outage, not once per request.
import type { LogLine } from '../http/request-log.js';
import { StateOutOfReachError } from '../store/state-unavailable.js';

export type StateOutage = {
  /**
   * True when `error` is the shared state out of reach (told once until it answers again); false
   * for any other, contention and a dropped scope included.
   */
  absorbs(error: unknown): boolean;
  /** The shared state answered: the next outage is told again. */
  answered(): void;
};

export function createStateOutage(log: LogLine): StateOutage {
  let told = false;
  return {
    absorbs(error) {
      if (!(error instanceof StateOutOfReachError)) return false;
      if (!told) {
        told = true;
        log(
          `The proxy forwards without its shared state (${error.reason}): no storms, counts, request record or violations are kept there until it answers again.`,
        );
      }
      return true;
    },
    answered() {
      told = false;
    },
  };
}
