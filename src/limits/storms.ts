// 429 storms as pure functions. A storm covers the requests of its keys and operations (all, if
// none are named) while it runs; of those, it refuses a `fraction`, spread evenly and without
// randomness, so that a test sees the same answers on every run. A fault (faults.ts) is kept as a
// storm whose chosen requests fail otherwise than with 429: one list, counted and stored the same way.
import type { components } from '../generated/control.js';
import { secondsUntil } from './rate-limit-policy.js';

/** What a storm covers and for how long (spec/control.yaml, StormSpec). */
export type StormSpec = components['schemas']['StormSpec'];

export type Storm = {
  id: string;
  startedAtMs: number;
  endsAtMs?: number;
  requestLimit?: number;
  fraction: number;
  keys?: string[];
  operations?: string[];
  retryAfterSeconds?: number;
  covered: number;
  /** Of those, chosen: refused 429 by a storm, made to fail by a fault. */
  refused: number;
  /** A fault's kind; absent for a 429 storm. */
  fault?: components['schemas']['FaultKind'];
  /** A stall's silence, in seconds (a fault of kind stall). */
  stallSeconds?: number;
};

export function createStorm(id: string, spec: StormSpec, nowMs: number): Storm {
  return {
    id,
    startedAtMs: nowMs,
    ...(spec.seconds === undefined ? {} : { endsAtMs: nowMs + spec.seconds * 1000 }),
    ...(spec.requests === undefined ? {} : { requestLimit: spec.requests }),
    fraction: spec.fraction ?? 1,
    ...(spec.keys === undefined ? {} : { keys: [...spec.keys] }),
    ...(spec.operations === undefined ? {} : { operations: [...spec.operations] }),
    ...(spec.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: spec.retryAfterSeconds }),
    covered: 0,
    refused: 0,
  };
}

export function isStormOver(storm: Storm, nowMs: number): boolean {
  return (
    (storm.endsAtMs !== undefined && nowMs >= storm.endsAtMs) ||
    (storm.requestLimit !== undefined && storm.covered >= storm.requestLimit)
  );
}

export function stormCovers(storm: Storm, key: string, operationId: string | undefined, nowMs: number): boolean {
  if (isStormOver(storm, nowMs)) return false;
  if (storm.keys && !storm.keys.includes(key)) return false;
  if (storm.operations && (operationId === undefined || !storm.operations.includes(operationId))) return false;
  return true;
}

export type StormOutcome = { storm: Storm; refuse: boolean; retryAfterSeconds: number };

/** Counts one covered request; the n-th is refused when floor(n * fraction) steps up. */
export function applyStorm(storm: Storm, nowMs: number): StormOutcome {
  const covered = storm.covered + 1;
  const refuse = Math.floor(covered * storm.fraction) > Math.floor((covered - 1) * storm.fraction);
  const secondsLeft = storm.endsAtMs === undefined ? 1 : secondsUntil(storm.endsAtMs, nowMs);
  return {
    storm: { ...storm, covered, refused: storm.refused + (refuse ? 1 : 0) },
    refuse,
    retryAfterSeconds: storm.retryAfterSeconds ?? secondsLeft,
  };
}
