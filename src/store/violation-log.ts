// The contract violations a validation proxy saw in one scope: newest kept up to a bound, so
// that a long CI run cannot grow the proxy's memory without end.
import type { components } from '../generated/control.js';

export type ContractViolation = components['schemas']['ContractViolation'];

export const MAX_VIOLATIONS = 500;

/** In this process's memory, or in Redis when proxies share their state (then each call is a promise). */
export type ViolationLog = {
  record(violation: ContractViolation): void | Promise<void>;
  /** Oldest first. */
  list(): ContractViolation[] | Promise<ContractViolation[]>;
  clear(): void | Promise<void>;
};

/** The log of one process: its answers need no waiting. */
export type LocalViolationLog = {
  record(violation: ContractViolation): void;
  list(): ContractViolation[];
  clear(): void;
};

export function createViolationLog(max = MAX_VIOLATIONS): LocalViolationLog {
  let kept: ContractViolation[] = [];
  return {
    record(violation) {
      kept.push(violation);
      if (kept.length > max) kept = kept.slice(kept.length - max);
    },
    list: () => [...kept],
    clear() {
      kept = [];
    },
  };
}
