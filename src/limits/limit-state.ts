// Where the simulation keeps the limits' state: counters and bans, storms and the request record,
// behind an asynchronous interface, so that one world per test scope, or a store shared by
// several mock processes, can replace the in-memory one without touching handlers or policy.
// Each decision is one call: an implementation makes it atomic (the in-memory one runs it in one
// synchronous step, a shared one would run one script), never a read and a write across an await.
import { StateUnavailableError } from '../store/state-unavailable.js';
import type { DecisionInput, DecisionOutput } from './decide-request.js';
import type { PlanLimits } from './plans.js';
import type { KeyCounters, KeyWindows, RateLimitHeaders } from './rate-limit-policy.js';
import type { RecordedRequest, RequestToRecord } from './request-record.js';
import type { Storm } from './storms.js';

/** The counters of an API key. */
export function keySubject(key: string): string {
  return `key:${key}`;
}

/** The counters of the requests from one client address without a valid key. */
export function addressSubject(address: string): string {
  return `address:${address}`;
}

/**
 * Thrown by decide when a shared state found that the settings or the key the input was computed
 * from changed meanwhile (through another process): its copies are now up to date, and the
 * caller computes the input again and decides anew. Answered 503 if it keeps happening. The
 * in-memory state never throws it.
 */
export class DecisionInputsChangedError extends StateUnavailableError {
  constructor(where: string) {
    super(where, 'the settings or the API key a rate-limit decision was computed on kept changing; retry');
    this.name = 'DecisionInputsChangedError';
  }
}

export type LimitState = {
  /** Decides a key's request on its stored counters and the storms (decideRequest), and stores the outcome. */
  decide(input: DecisionInput): Promise<DecisionOutput>;
  /** Counts a request without a valid key against `subject` (countAnonymousRequest), and stores it. */
  countAnonymous(subject: string, limits: PlanLimits, nowMs: number): Promise<RateLimitHeaders>;
  /** A subject's counters as stored: currentCounters rolls them forward to now. */
  counters(subject: string): Promise<KeyCounters | undefined>;
  ban(subject: string, untilMs: number, nowMs: number): Promise<void>;
  /** Lifts a ban, and the limit that would lead to the next one. */
  liftBan(subject: string, nowMs: number): Promise<void>;
  /** Sets a subject's windows by hand (withWindows): what it used, and when each ends. */
  setWindows(subject: string, windows: KeyWindows, nowMs: number): Promise<void>;
  /** Forgets the counters (and limits and bans) of one subject, or of all. */
  resetCounters(subject?: string): Promise<void>;

  /** The storms and the faults (faults.ts), in the order they were started. */
  storms(): Promise<readonly Storm[]>;
  saveStorm(storm: Storm): Promise<void>;
  /** False if no storm has this id. */
  removeStorm(id: string): Promise<boolean>;
  /** Forgets the storms `which` selects (every one, storms and faults, by default). */
  clearStorms(which?: (storm: Storm) => boolean): Promise<void>;

  /** Appends to a key's record, dropping the oldest past REQUEST_RECORD_LIMIT. */
  recordRequest(key: string, request: RequestToRecord): Promise<void>;
  /** A key's newest requests (at most `newest`, and at most REQUEST_RECORD_LIMIT), oldest first. */
  requests(key: string, newest?: number): Promise<readonly RecordedRequest[]>;
  clearRequests(key?: string): Promise<void>;
};
