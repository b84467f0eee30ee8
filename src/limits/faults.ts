// Faults beyond 429 as pure functions: a fault covers requests as a storm does (its keys,
// operations, count, time and fraction, storms.ts) and makes the chosen ones fail: their
// connection reset before the answer, the answer cut short of its Content-Length, its head then
// silence (a stall), or a 503 with Retry-After. It is kept in the storms' list, so that every
// LimitState stores and counts it exactly as it does a storm.
import type { components } from '../generated/control.js';
import { createStorm, type Storm } from './storms.js';

export type FaultKind = components['schemas']['FaultKind'];
export type FaultSpec = components['schemas']['FaultSpec'];

/** The faults that break the answer the request was given (the request itself is carried out). */
export type ConnectionFault = Exclude<FaultKind, 'unavailable'>;

/** How long a stall keeps silent by default: longer than any sane client timeout, yet bounded. */
export const DEFAULT_STALL_SECONDS = 300;

/** A fault: a storm whose chosen requests fail as its kind says. */
export type Fault = Storm & { fault: FaultKind };

export const isFault = (storm: Storm): storm is Fault => storm.fault !== undefined;

export function createFault(id: string, spec: FaultSpec, nowMs: number): Fault {
  const { kind, stallSeconds, ...covering } = spec;
  return {
    ...createStorm(id, covering, nowMs),
    fault: kind,
    ...(kind === 'stall' ? { stallSeconds: stallSeconds ?? DEFAULT_STALL_SECONDS } : {}),
  };
}

/** A connection fault chosen for one request: what the HTTP layer does to its answer. */
export type AnswerFault = { faultId: string; kind: ConnectionFault; stallSeconds: number };

export function answerFaultOf(fault: Fault): AnswerFault | undefined {
  if (fault.fault === 'unavailable') return undefined;
  return { faultId: fault.id, kind: fault.fault, stallSeconds: fault.stallSeconds ?? DEFAULT_STALL_SECONDS };
}
