// Records made by hand for the judge's tests: each step a request as the mock recorded it and as
// the gate timed it (when it came, when its answer's head went out, the instant a refusal told),
// in seconds from the case's start, so that a test reads like the timeline of a run.
import type { RecordedRequest } from '../../limits/request-record.js';
import type { GateExchange } from '../case-gate.js';
import { CATALOGUE, type SdkCase } from '../catalogue.js';
import type { BusySample } from '../client-busy.js';
import { type ClientRun, judgeCase, type Verdict } from '../judge.js';

export const START = Date.parse('2026-11-21T10:00:00Z');
export const caseNamed = (name: string) => CATALOGUE.find((entry) => entry.name === name) as SdkCase;

export type Step = {
  /** When the request came (seconds from the start); the mock decided it then. */
  at: number;
  status: number;
  /** When its answer's head went out (default: 5 ms after it came); null where the client left first. */
  sent?: number | null;
  /** When the client left it, before any answer (its connection closed): with `sent: null`. */
  left?: number;
  retryAfter?: number;
  /** The instant it told the client to wait for (default: `sent` plus `retryAfter`, as delta-seconds say). */
  until?: number;
  code?: string;
  fault?: RecordedRequest['fault'];
  storm?: boolean;
  /** The mock's loop turn before the one that read it: the earliest it can have been sent (default: not known). */
  sentAfter?: number;
  /** Of a connection's first request: the loop turn before the one that accepted the connection. */
  connectedAfter?: number;
  /** Of a connection's first request: when the mock accepted the connection. */
  connectedBefore?: number;
  /** The connection it came on (default 1: one kept alive); a connection's first request opens it. */
  connection?: number;
  method?: string;
  path?: string;
};

const ms = (seconds: number) => START + Math.round(seconds * 1000);
const sentOf = (step: Step) => (step.sent === undefined ? step.at + 0.005 : step.sent);

export function recordOf(steps: readonly Step[]): RecordedRequest[] {
  return steps.map((step, position) => ({
    index: position + 1,
    atMs: ms(step.at),
    at: new Date(ms(step.at)).toISOString(),
    method: step.method ?? 'GET',
    path: step.path ?? '/v1/pets?limit=1',
    status: step.status,
    ...(step.retryAfter === undefined ? {} : { retryAfterSeconds: step.retryAfter }),
    ...(step.code === undefined ? {} : { code: step.code }),
    ...(step.fault === undefined ? {} : { fault: step.fault }),
    ...(step.storm ? { storm: true } : {}),
  }));
}

export function exchangesOf(steps: readonly Step[]): GateExchange[] {
  const opened = new Set<number>();
  return steps.map((step) => {
    const connection = step.connection ?? 1;
    const opens = !opened.has(connection);
    opened.add(connection);
    const sent = sentOf(step);
    const until = step.until ?? (sent !== null && step.retryAfter !== undefined ? sent + step.retryAfter : undefined);
    return {
      arrivedMs: ms(step.at),
      ...(step.sentAfter === undefined ? {} : { sentAfterMs: ms(step.sentAfter) }),
      ...(step.connectedAfter === undefined ? {} : { connectedAfterMs: ms(step.connectedAfter) }),
      ...(step.connectedBefore === undefined ? {} : { connectedBeforeMs: ms(step.connectedBefore) }),
      ...(sent === null ? {} : { answeredMs: ms(sent) }),
      ...(step.left === undefined ? {} : { leftMs: ms(step.left) }),
      ...(until === undefined || step.status < 400 ? {} : { waitUntilMs: ms(until) }),
      connection,
      ...(opens ? { opensConnection: true } : {}),
      method: step.method ?? 'GET',
      path: step.path ?? '/v1/pets?limit=1',
      status: step.status,
    };
  });
}

export const run = (overrides: Partial<ClientRun> = {}): ClientRun => ({
  exitCode: 0,
  timedOut: false,
  seconds: 5,
  timeoutSeconds: 30,
  ...overrides,
});

/** The verdict of case `name` on these steps, timed by the gate as they say. */
export function judge(name: string, steps: readonly Step[], overrides: Partial<ClientRun> = {}): Verdict {
  return judgeCase(caseNamed(name), recordOf(steps), run({ exchanges: exchangesOf(steps), ...overrides }));
}

/** Answers served one after another from `from`, 50 ms apart. */
export const servedFrom = (from: number, count: number): Step[] =>
  Array.from({ length: count }, (_, call) => ({ at: from + 0.05 * (call + 1), status: 200 }));

/** A limit refusal whose window ends at `windowEnd` s: Retry-After the seconds left, rounded up. */
export const limited = (at: number, windowEnd = 3, extra: Partial<Step> = {}): Step => ({
  at,
  status: 429,
  retryAfter: Math.max(1, Math.ceil(windowEnd - at)),
  code: 'RATE_LIMITED',
  ...extra,
});

/** The same with an HTTP-date or X-RateLimit-Reset: it names the window's end itself. */
export const limitedUntil = (at: number, windowEnd: number, extra: Partial<Step> = {}): Step =>
  limited(at, windowEnd, { until: windowEnd, ...extra });

/**
 * What a client process did (seconds from the case's start): asleep, but in each span, where it
 * was first queued for a CPU for `queued` s, then ran `ran` s, and at the end sent a request
 * where `sends` says.
 */
export type ClientSpan = { from: number; queued: number; ran: number; sends?: boolean };

/**
 * Its busy series as client-busy.ts reads it, every 5 ms: as Linux's schedstat counts, a queued
 * wait shows only once the process runs, and run time as it runs.
 */
export function scheduleOf(spans: readonly ClientSpan[], until = 10): BusySample[] {
  const samples: BusySample[] = [];
  for (let step = -100; step * 0.005 <= until; step += 1) {
    const at = step * 0.005;
    let busy = 0;
    let queued = 0;
    let sends = 0;
    for (const span of spans) {
      const runs = span.from + span.queued;
      if (at < runs) continue;
      queued += span.queued;
      busy += span.queued + Math.min(at - runs, span.ran);
      if (span.sends && at >= runs + span.ran) sends += 1;
    }
    samples.push([ms(at), busy * 1000, sends * 300, queued * 1000]);
  }
  return samples;
}
