import { describe, expect, it } from '@jest/globals';
import type { RecordedRequest } from './request-record.js';
import { buildTimeline } from './timeline.js';

const START = Date.parse('2026-11-21T10:00:00Z');

function recordOf(
  requests: Array<[atSeconds: number, status: number, extra?: Partial<RecordedRequest>]>,
): RecordedRequest[] {
  return requests.map(([atSeconds, status, extra], position) => {
    const atMs = START + atSeconds * 1000;
    return {
      index: position + 1,
      at: new Date(atMs).toISOString(),
      atMs,
      method: 'GET',
      path: '/v1/pets',
      status,
      ...extra,
    };
  });
}

const limited = (retryAfterSeconds: number) => ({ code: 'RATE_LIMITED', retryAfterSeconds });
const banned = (retryAfterSeconds: number) => ({ code: 'API_KEY_BANNED', retryAfterSeconds });

describe("a key's timeline", () => {
  it('gives each request its outcome, its number in its minute, and the wait it was told', () => {
    const timeline = buildTimeline({
      key: 'k',
      record: recordOf([
        [0, 200],
        [1, 200],
        [2, 429, limited(58)],
        [60, 200],
        [61, 429, { code: 'RATE_LIMITED', retryAfterSeconds: 2, storm: true }],
        [64, 404, { code: 'PET_NOT_FOUND' }],
        [65, 200, { fault: 'reset' }],
        [66, 503, { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 1, fault: 'unavailable' }],
        [66.5, 200],
      ]),
      nowMs: START + 90_000,
      minutes: 10,
      perMinute: 2,
    });
    expect(timeline.points.map(({ outcome, minuteCount, tooEarly }) => [outcome, minuteCount, tooEarly])).toEqual([
      ['answered', 1, false],
      ['answered', 2, false],
      ['rate-limited', 3, false],
      ['answered', 1, false],
      ['storm', 2, false],
      ['error', 3, false],
      ['fault', 4, false],
      ['fault', 5, false],
      // A fault's 503 is a refusal like a 429: a retry before its Retry-After is too early.
      ['answered', 6, true],
    ]);
    expect(timeline.points[2]?.waitUntil).toBe('2026-11-21T10:01:00.000Z');
    expect(timeline.waits).toEqual([
      { from: '2026-11-21T10:00:02.000Z', until: '2026-11-21T10:01:00.000Z', requestIndex: 3, outcome: 'rate-limited' },
      { from: '2026-11-21T10:01:01.000Z', until: '2026-11-21T10:01:03.000Z', requestIndex: 5, outcome: 'storm' },
      { from: '2026-11-21T10:01:06.000Z', until: '2026-11-21T10:01:07.000Z', requestIndex: 8, outcome: 'fault' },
    ]);
    expect(timeline.counts).toEqual({
      answered: 4,
      'rate-limited': 1,
      storm: 1,
      banned: 0,
      fault: 2,
      error: 1,
      tooEarly: 1,
    });
    expect(timeline).toMatchObject({ from: '2026-11-21T09:51:30.000Z', to: '2026-11-21T10:01:30.000Z', perMinute: 2 });
  });

  it('marks too early what the compliance report calls early, and draws one ban from its first answer', () => {
    const timeline = buildTimeline({
      key: 'k',
      record: recordOf([
        [0, 200],
        [1, 429, limited(59)],
        [2, 429, limited(58)],
        [3, 403, banned(600)],
        [4, 403, banned(599)],
      ]),
      nowMs: START + 10_000,
      minutes: 5,
      perMinute: 1,
    });
    expect(timeline.points.map((point) => point.tooEarly)).toEqual([false, false, true, true, true]);
    expect(timeline.bans).toEqual([
      { from: '2026-11-21T10:00:03.000Z', until: '2026-11-21T10:10:03.000Z', requestIndex: 4 },
    ]);
    expect(timeline.counts).toMatchObject({ 'rate-limited': 2, banned: 2, tooEarly: 3 });
  });

  it('shows only the requests of the span asked for, and the waits that reach into it', () => {
    const timeline = buildTimeline({
      key: 'k',
      record: recordOf([
        [0, 429, limited(600)],
        [30, 200],
        [400, 200],
      ]),
      nowMs: START + 420_000,
      minutes: 5,
      perMinute: 1,
    });
    expect(timeline.points.map((point) => point.index)).toEqual([3]);
    expect(timeline.waits.map((wait) => wait.requestIndex)).toEqual([1]);
  });
});
