// The fault cases' verdicts, on records made by hand: a reset read again after a wait passes
// whatever the wait (growing or steady: on a busy machine they read alike), at once or giving up
// fails; a cut answer is never taken for the answer; a stall is timed out; a 503's Retry-After is
// a 429's; a lost create sent again blindly shows both ids, and a client that makes none is not judged.
import { describe, expect, it } from '@jest/globals';
import type { GateExchange } from './case-gate.js';
import type { BusySample } from './client-busy.js';
import { judgeCase } from './judge.js';
import { retriesAtOnce } from './judge-retries.js';
import {
  caseNamed,
  exchangesOf,
  judge,
  recordOf,
  run,
  START,
  type Step,
  scheduleOf,
  servedFrom,
} from './test-support/hand-records.js';

describe('retries at once', () => {
  it.each([
    [[0.01, 0.02, 0.01, 0.03], 0, true],
    [[0.02, 0.05], 0, true],
    // A starved client's first retry at once left late (0.42 s; 1.7 s at a load of 25): the others were at once.
    [[0.42, 0.01, 0.02], 0, true],
    [[1.7, 0.3, 0.1], 0, true],
    // A client slowed by load retries "at once" in about its own pace.
    [[0.4, 0.45], 0.3, true],
    // fetch retrying at once beside 17 other clients on two busy cores; one of two retries half a second late.
    [[0.665, 0.248, 0.146], 0.146, true],
    [[0.05, 0.5, 0.02], 0, true],
    [[0.5, 0.5, 0.5], 0, false],
    // axios-retry's 0.2, 0.4, 0.8 s; ky's 0.3, 0.6, 1.2 s: the first under the bar, not the others.
    [[0.2, 0.4, 0.8], 0, false],
    [[0.3, 0.6, 1.2], 0, false],
    // axios-retry's under load: its 0.4 s wait near the bar, its average well over it (the flip seen).
    [[0.4, 0.4, 0.9], 0.2, false],
    [[0.369, 0.432, 0.85], 0.3, false],
    // urllib3 retries once at once, then backs off.
    [[0.01, 1, 2], 0, false],
    [[], 0, false],
  ] as const)('%j with a pace of %p s: %p', (waits, cadence, expected) => {
    expect(retriesAtOnce(waits, cadence)).toBe(expected);
  });
});

describe('fault-reset', () => {
  const reset = (at: number): Step => ({ at, status: 200, fault: 'reset', sent: at + 0.002 });
  /** Resets at `times`, then the read served at `then`, and the rest of the run. */
  const resetsThen = (times: readonly number[], then: number) => [...times.map(reset), ...servedFrom(then - 0.05, 5)];

  it.each([
    // The careful client's 1, 2, 4 s as a slow start with both cores busy stretched them (the flip seen).
    ['1, 3.4, 4 s', [0, 1, 4.4], 8.4],
    ['1, 2, 4 s', [0, 1, 3], 7],
    ["ofetch's steady half second", [0, 0.5, 1], 1.5],
    ["axios-retry's 0.2, 0.4, 0.8 s, its first stretched to 0.8", [0, 0.8, 1.2], 2],
  ])('passes reading again after waits of %s', (_, times, then) => {
    const verdict = judge('fault-reset', resetsThen(times, then));
    expect(verdict.reasons).toEqual([]);
    expect(verdict.notes.join('\n')).toMatch(
      /read again after each reset \(waits of [\d.]+ s, [\d.]+ s, [\d.]+ s\), and went on/,
    );
  });

  it("takes the client's pace from answered reads only, never from its waits after a reset", () => {
    // axios-retry's 0.2, 0.4, 0.8 s on a machine that slows every request to 0.2 s: its own waits
    // are no pace, so the 0.4 s one is not "at once" against a pace they would have stretched.
    const slowed = [0, 0.4, 0.8].map(reset);
    const reads = [1.7, 1.9, 2.1].map((at): Step => ({ at, status: 200 }));
    const verdict = judge('fault-reset', [...slowed, ...reads]);
    expect(verdict.reasons).toEqual([]);
    expect(verdict.notes.join('\n')).toContain('read again after each reset (waits of 0.4 s, 0.4 s, 0.9 s)');
  });

  /** A busy-time series (client-busy.ts): busy in each `[from, to]` span (seconds), idle between, a send at each span's end. */
  const busyIn = (spans: ReadonlyArray<readonly [number, number]>): BusySample[] => {
    const samples: BusySample[] = [];
    let busy = 0;
    for (let at = -0.5; at <= 10; at = Math.round((at + 0.005) * 1000) / 1000) {
      if (spans.some(([from, to]) => at > from && at <= to)) busy += 5;
      const sent = spans.filter(([, to]) => at >= to).length;
      samples.push([START + at * 1000, busy, sent * 300]);
    }
    return samples;
  };

  it('judges "at once" on the wait the client chose, where its busy time was read: no load stretches it', () => {
    // fetch retrying at once on a 2-core machine beside 10 busy loops: waits of 2.2, 0.3 and 0.5 s,
    // each spent on a CPU or queued for one, or by its request waiting on a slow mock (it passed on its waits alone).
    const starved: Step[] = [0, 2.16, 2.5].map((at) => ({ at, status: 200, fault: 'reset', sent: at + 0.002 }));
    const busy = busyIn([
      [0.002, 2.0],
      [2.162, 2.4],
      [2.502, 2.9],
    ]);
    const verdict = judge('fault-reset', [...starved, ...servedFrom(2.97, 5)], { clientBusy: busy });
    expect(verdict.reasons[0]).toBe(
      'read again at once (waits of 2.2 s, 0.3 s, 0.5 s; chosen: 0 s, 0 s, 0 s, the rest spent on a CPU, queued for one, or on its way to the mock) after 3 resets in a row: wait before reading again, and back off (each wait longer)',
    );
    // ofetch's half second on the same machine: each wait stretched to 0.9 s, 0.5 s of it idle.
    const waiting: Step[] = [0, 0.9, 1.8].map((at) => ({ at, status: 200, fault: 'reset', sent: at + 0.002 }));
    const slept = busyIn([
      [0.502, 0.85],
      [1.402, 1.75],
      [2.304, 2.65],
    ]);
    const passed = judge('fault-reset', [...waiting, ...servedFrom(2.7, 5)], { clientBusy: slept });
    expect(passed.reasons).toEqual([]);
    expect(passed.notes.join('\n')).toContain('(waits of 0.9 s, 0.9 s, 0.9 s; chosen: 0.5 s, 0.5 s, 0.5 s,');
  });

  it('fails reading again at once, and giving up', () => {
    expect(judge('fault-reset', resetsThen([0, 0.42, 0.43], 0.44)).reasons[0]).toMatch(
      /^read again at once \(waits of 0\.4 s, 0 s, 0 s\) after 3 resets in a row/,
    );
    expect(judge('fault-reset', [reset(0)], { exitCode: 1 }).reasons).toEqual([
      'gave up on GET /v1/pets?limit=1, after its connection was reset before the answer (exit code 1): read again, with growing waits, instead of ending',
    ]);
  });

  it('cannot tell how a client goes on that ended a while after a reset, with no read again seen', () => {
    // ofetch's timeout covers its retries: run out on a busy machine, its three half-second waits
    // end in reads stopped before they are sent, then it prints its error. One that gives up prints at once.
    const waitedThenEnded = scheduleOf([
      { from: 0.002, queued: 0, ran: 0.01 },
      { from: 0.5, queued: 0.2, ran: 0.01 },
      { from: 1.2, queued: 0, ran: 0.01 },
      { from: 1.7, queued: 0, ran: 0.03, sends: true },
    ]);
    const verdict = judge('fault-reset', [reset(0)], { exitCode: 1, clientBusy: waitedThenEnded });
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toBe(
      'undetermined: it waited 1.5 s after GET /v1/pets?limit=1 broke (its connection was reset before the answer), before its last output, then ended (exit code 1) with no request reaching the mock: a client that gives up says so without a wait, so it was waiting to read again, and its own timeout can have stopped that read before it was sent, run out while a busy machine kept the client or the mock off a CPU. Run the case again on a machine with a CPU free',
    );
    // One that gives up prints its error without a wait, however long a busy machine keeps it
    // queued, or node idles on its way out (half a second after an unhandled rejection, seen).
    for (const gaveUp of [
      [{ from: 0.002, queued: 0.05, ran: 0.08, sends: true }],
      [{ from: 0.002, queued: 1.5, ran: 0.08, sends: true }],
      [
        { from: 0.002, queued: 0.05, ran: 0.1, sends: true },
        { from: 0.6, queued: 0, ran: 0.01 },
      ],
    ])
      expect(judge('fault-reset', [reset(0)], { exitCode: 1, clientBusy: scheduleOf(gaveUp) }).reasons[0]).toMatch(
        /^gave up on GET/,
      );
  });

  it('cannot tell how a client goes on whose read again a busy machine held past its own timeout', () => {
    // The record lacks the read again it left: the gate saw it.
    const readAgain: Step = { at: 1.2, status: 200, sent: null, left: 6.3, sentAfter: 1.15 };
    const verdict = judgeCase(
      caseNamed('fault-reset'),
      recordOf([reset(0)]),
      run({ exitCode: 1, exchanges: exchangesOf([reset(0), readAgain]) }),
    );
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toMatch(
      /^undetermined: it sent GET \/v1\/pets\?limit=1 again 1\.2 s after that answer, and left it after waiting up to 5\.2 s for its answer \(the case adds no delay: a busy machine held the mock past the client's own timeout\), then ended \(exit code 1\)/,
    );
  });
});

describe('fault-cut, fault-stall, fault-unavailable', () => {
  it('fault-cut: a client that ends content after a cut answer took the partial body', () => {
    const cut: Step = { at: 0, status: 200, fault: 'cut' };
    expect(judge('fault-cut', [cut, ...servedFrom(0.5, 5)]).status).toBe('passed');
    expect(judge('fault-cut', [cut], { exitCode: 0 }).reasons[0]).toMatch(
      /^ended \(exit code 0\) with no request after .*: it took the partial body for the answer, or dropped the read.*RFC 9112 section 6.3/,
    );
  });

  it('fault-stall: a client still waiting at the time limit is told it hung, and how to set a timeout', () => {
    const stall: Step = { at: 0, status: 200, fault: 'stall' };
    const verdict = judge('fault-stall', [stall], { timedOut: true, exitCode: null });
    expect(verdict.reasons).toHaveLength(1);
    expect(verdict.reasons[0]).toMatch(
      /^hung on a stalled answer: still waiting for the body of GET \/v1\/pets\?limit=1 when the case's time limit \(30 s\) ended\. Give every request a timeout/,
    );
    const timedOut = judge('fault-stall', [stall, ...servedFrom(5, 5)]);
    expect(timedOut.status).toBe('passed');
    expect(timedOut.notes.join('\n')).toContain('timed the stalled read out after 5.1 s, and read again');
  });

  it("fault-unavailable: the 503's Retry-After is honoured as a 429's, from when it went out", () => {
    const unavailable = (at: number): Step => ({
      at,
      status: 503,
      retryAfter: 2,
      code: 'SERVICE_UNAVAILABLE',
      fault: 'unavailable',
    });
    expect(judge('fault-unavailable', [unavailable(0), unavailable(2.01), ...servedFrom(4.02, 5)]).status).toBe(
      'passed',
    );
    expect(judge('fault-unavailable', [unavailable(0), unavailable(0.505), ...servedFrom(2.6, 5)]).reasons[0]).toBe(
      'retried 0.5 s after a 503 that said Retry-After: 2',
    );
  });
});

describe('fault-create-reset', () => {
  const exchange = (at: number, method: string, extra: Partial<GateExchange> = {}): GateExchange => ({
    arrivedMs: START + at * 1000,
    answeredMs: START + at * 1000 + 5,
    connection: 1,
    method,
    path: method === 'POST' ? '/v1/pets' : '/v1/pets?name=Rex',
    status: method === 'POST' ? 201 : 200,
    ...extra,
  });
  const body = '{"name":"Rex","categoryId":1}';
  const CREATED: Step[] = [{ at: 0, status: 201, fault: 'reset', method: 'POST', path: '/v1/pets' }];

  it('a blind resend is a duplicate, both ids shown; a read first, or the error surfaced, passes', () => {
    const lost = exchange(0, 'POST', { broken: true, sentBody: body, location: '/v1/pets/by-id/61' });
    const again = exchange(1, 'POST', { sentBody: body, location: '/v1/pets/by-id/62' });
    const blind = judge('fault-create-reset', CREATED, { exchanges: [lost, again] });
    expect(blind.status).toBe('failed');
    expect(blind.reasons[0]).toBe(
      'sent POST /v1/pets again 1 s after its connection was reset, without reading first: the first had been stored, so the mock now holds 2 of it, ids 61 and 62. A create whose answer was lost may have been stored: read before sending it again, or surface the error',
    );
    const careful = judge('fault-create-reset', CREATED, { exchanges: [lost, exchange(0.5, 'GET')] });
    expect(careful.status).toBe('passed');
    expect(careful.notes.at(-1)).toContain('(it read first): the mock holds the one it stored, id 61');
    expect(judge('fault-create-reset', CREATED, { exchanges: [lost], exitCode: 1 }).status).toBe('passed');
  });

  it('a client that makes no create is told the case was not exercised', () => {
    const verdict = judge('fault-create-reset', CREATED, { exchanges: [exchange(0, 'GET')] });
    expect(verdict.status).toBe('not-exercised');
    expect(verdict.reasons).toEqual([]);
    expect(verdict.notes.at(-1)).toMatch(/^not exercised: the client made no create \(POST\)/);
  });
});
