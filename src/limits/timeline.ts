// A key's requests over time, as the dashboard draws them and an SDK's test reads them: each
// request by outcome, the waits it was told, the bans. Too early means what the compliance
// report says it means, so that the picture and the report never disagree.
import type { components } from '../generated/control.js';
import { assessCompliance } from './compliance.js';
import { windowStart } from './rate-limit-policy.js';
import type { RecordedRequest } from './request-record.js';

export type Timeline = components['schemas']['Timeline'];
export type TimelineOutcome = components['schemas']['TimelineOutcome'];
type TimelinePoint = components['schemas']['TimelinePoint'];
type TimelineSpan = components['schemas']['TimelineSpan'];
type TimelineWait = components['schemas']['TimelineWait'];

export type TimelineInput = {
  key: string;
  /** The key's whole record, oldest first: waits and bans that began before the span still count. */
  record: readonly RecordedRequest[];
  nowMs: number;
  minutes: number;
  perMinute: number;
};

export function outcomeOf(request: RecordedRequest): TimelineOutcome {
  if (request.fault) return 'fault';
  if (request.storm) return 'storm';
  if (request.code === 'API_KEY_BANNED') return 'banned';
  if (request.status === 429) return 'rate-limited';
  return request.status >= 400 ? 'error' : 'answered';
}

const iso = (ms: number) => new Date(ms).toISOString();
const waitUntilMs = (request: RecordedRequest) =>
  request.retryAfterSeconds === undefined
    ? undefined
    : (request.retryAtMs ?? request.atMs + request.retryAfterSeconds * 1000);

/** Each request's number among the key's requests in its fixed minute window. */
function minuteCounts(record: readonly RecordedRequest[]): number[] {
  let windowMs = Number.NaN;
  let count = 0;
  return record.map((request) => {
    const start = windowStart(request.atMs, 'minute');
    count = start === windowMs ? count + 1 : 1;
    windowMs = start;
    return count;
  });
}

/** Consecutive ban answers make one ban, from the first of them until the latest lift they told. */
function bansOf(record: readonly RecordedRequest[]): Array<{ fromMs: number; untilMs: number; requestIndex: number }> {
  const bans: Array<{ fromMs: number; untilMs: number; requestIndex: number }> = [];
  for (const request of record) {
    const untilMs = waitUntilMs(request);
    if (outcomeOf(request) !== 'banned' || untilMs === undefined) continue;
    const current = bans.at(-1);
    if (current && request.atMs < current.untilMs) current.untilMs = Math.max(current.untilMs, untilMs);
    else bans.push({ fromMs: request.atMs, untilMs, requestIndex: request.index });
  }
  return bans;
}

export function buildTimeline({ key, record, nowMs, minutes, perMinute }: TimelineInput): Timeline {
  const fromMs = nowMs - minutes * 60_000;
  const inSpan = (atMs: number) => atMs >= fromMs && atMs <= nowMs;
  const reachesSpan = (span: { fromMs: number; untilMs: number }) => span.untilMs > fromMs && span.fromMs <= nowMs;
  const early = new Set(
    assessCompliance(key, record)
      .violations.filter((violation) => violation.kind !== 'no-backoff')
      .map((violation) => violation.requestIndex),
  );
  const counts = minuteCounts(record);

  const points: TimelinePoint[] = [];
  const waits: TimelineWait[] = [];
  record.forEach((request, position) => {
    const { atMs, ...recorded } = request;
    const outcome = outcomeOf(request);
    const untilMs = waitUntilMs(request);
    if (untilMs !== undefined && reachesSpan({ fromMs: atMs, untilMs }))
      waits.push({ from: iso(atMs), until: iso(untilMs), requestIndex: request.index, outcome });
    if (!inSpan(atMs)) return;
    points.push({
      ...recorded,
      outcome,
      tooEarly: early.has(request.index),
      minuteCount: counts[position] ?? 1,
      ...(untilMs === undefined ? {} : { waitUntil: iso(untilMs) }),
    });
  });
  const bans: TimelineSpan[] = bansOf(record)
    .filter(reachesSpan)
    .map((ban) => ({ from: iso(ban.fromMs), until: iso(ban.untilMs), requestIndex: ban.requestIndex }));

  const tally = (outcome: TimelineOutcome) => points.filter((point) => point.outcome === outcome).length;
  return {
    key,
    from: iso(fromMs),
    to: iso(nowMs),
    perMinute,
    points,
    waits,
    bans,
    counts: {
      answered: tally('answered'),
      'rate-limited': tally('rate-limited'),
      storm: tally('storm'),
      banned: tally('banned'),
      fault: tally('fault'),
      error: tally('error'),
      tooEarly: points.filter((point) => point.tooEarly).length,
    },
  };
}
