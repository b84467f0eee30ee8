// A wait the server named, judged on what the client chose, on a machine too busy for the clock to
// tell: each retry below reaches the mock after the wait it was told, and only the client's busy
// series (when it slept, when it was queued for a CPU: client-busy.ts) says whether it waited.
// Seen beside 10 busy loops: a naive loop, retrying at once, passed limit-seconds, in-flight and
// ban, its every retry queued for a CPU past the wait; ofetch's half second passed storm-all.
import { describe, expect, it } from '@jest/globals';
import { judgeCase } from './judge.js';
import {
  type ClientSpan,
  caseNamed,
  exchangesOf,
  judge,
  limited,
  limitedUntil,
  recordOf,
  run,
  START,
  type Step,
  scheduleOf,
  servedFrom,
} from './test-support/hand-records.js';
import {
  CAREFUL_IN_FLIGHT_READINGS,
  CAREFUL_IN_FLIGHT_STEPS,
  CAREFUL_UNREAD_SEND_READINGS,
  CAREFUL_UNREAD_SEND_STEPS,
  NAIVE_HTTP_DATE_READINGS,
  NAIVE_HTTP_DATE_STEPS,
  NAIVE_IN_FLIGHT_READINGS,
  NAIVE_IN_FLIGHT_STEPS,
  seriesOf,
} from './test-support/held-mock-readings.js';

/** The client's first request, sent just before the case's start. */
const FIRST: ClientSpan = { from: -0.1, queued: 0, ran: 0.09, sends: true };
/** Reading the storm's 429 (its head out at 0.205 s): queued `queued` s for a CPU, then 20 ms of its code. */
const reading = (queued: number): ClientSpan => ({ from: 0.205, queued, ran: 0.02 });
/** Its timer fired at `woke`: queued `queued` s, then 20 ms of its code and the retry's send. */
const retrying = (woke: number, queued: number): ClientSpan => ({ from: woke, queued, ran: 0.02, sends: true });

/** storm-partial: its 2nd request refused at 0.2 s with Retry-After: 2 (until 2.205 s); the retry seen at `retryAt`. */
const stormSteps = (retryAt: number): Step[] => [
  { at: 0, status: 200 },
  { at: 0.2, status: 429, retryAfter: 2, code: 'RATE_LIMITED', storm: true },
  ...[retryAt, retryAt + 0.05, retryAt + 0.1, retryAt + 0.15].map((at): Step => ({ at, status: 200 })),
];
const stormWith = (spans: readonly ClientSpan[]) => {
  const send = spans.at(-1) as ClientSpan;
  // The mock sees the retry 5 ms after it was sent.
  const retryAt = send.from + send.queued + send.ran + 0.005;
  return judge('storm-partial', stormSteps(retryAt), { clientBusy: scheduleOf([FIRST, ...spans]) });
};

describe("a Retry-After held from when the answer went out, whatever the machine's load", () => {
  it('fails a client that woke 0.6 s after the 429 where it retried early elsewhere too, though a busy machine queued that retry past the 2 s', () => {
    // limit-seconds: its first retry came 0.5 s after a 429 (early by the clock); refused again, its
    // timer woke it 0.5 s after that one, and 2.1 s queued for a CPU let the retry out after the wait.
    const steps: Step[] = [
      { at: 0, status: 429, retryAfter: 2, code: 'RATE_LIMITED' },
      { at: 0.505, status: 429, retryAfter: 2, code: 'RATE_LIMITED' },
      { at: 3.135, status: 200 },
      ...servedFrom(3.2, 4),
    ];
    const clientBusy = scheduleOf([
      FIRST,
      { from: 0.005, queued: 0, ran: 0.02 },
      { from: 0.495, queued: 0, ran: 0.005, sends: true },
      { from: 0.51, queued: 0, ran: 0.01 },
      { from: 1.01, queued: 2.1, ran: 0.02, sends: true },
    ]);
    const verdict = judge('limit-seconds', steps, { clientBusy });
    expect(verdict.status).toBe('failed');
    expect(verdict.reasons[0]).toBe('retried 0.5 s after a 429 that said Retry-After: 2 (2 early retries in all)');
    // The same client on a quiet machine: the clock alone says so.
    expect(stormWith([reading(0), retrying(0.725, 0)]).reasons[0]).toBe(
      'retried 0.5 s after a 429 that said Retry-After: 2',
    );
  });

  it('cannot tell a wake in the middle of the wait, queued past its end, from a timer of the runtime’s own where that is all the case shows', () => {
    // ofetch's half second, or undici's housekeeping tick with its Retry-After timer run in the
    // same turn (CI read undici as "woke 0.8 s after" a Retry-After: 2): the readings are the same.
    const verdict = stormWith([reading(0.1), retrying(0.825, 1.5)]);
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toMatch(
      /^undetermined: its retry came 2\.1 s after a 429 that said Retry-After: 2, after the wait; it woke 0\.6 s after that answer, before the wait was over/,
    );
  });

  it('passes a client that slept the 2 s, and one that woke as they ended, however long it was queued', () => {
    expect(stormWith([reading(0.1), retrying(2.325, 0.05)]).status).toBe('passed');
    expect(stormWith([reading(0), retrying(2.225, 1.2)]).status).toBe('passed');
    // Counted from the answer (got with an HTTP-date): queued 1 s to read it, it slept until 2.205 s.
    expect(stormWith([reading(1.0), retrying(2.206, 0.1)]).status).toBe('passed');
  });

  it('cannot tell a wake the readings missed, from before the wait was over until the send, from one after it', () => {
    // ofetch's half second, its wake and its retry queued past the 2 s, and the sampler held from
    // 0.3 s to the send as long: nothing shows whether it slept until the instant or woke early.
    const spans = [FIRST, reading(0), retrying(0.725, 1.7)];
    const readings = scheduleOf(spans).filter(([at]) => at < START + 300 || at > START + 2_440);
    const retryAt = 0.725 + 1.7 + 0.02 + 0.005;
    const verdict = judge('storm-partial', stormSteps(retryAt), { clientBusy: readings });
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toMatch(
      /^undetermined: its retry came 2\.2 s after a 429 that said Retry-After: 2, after the wait, but a busy machine held the readings of the client from before the wait was over until it sent the retry: whether it woke to send it before the wait was over or after cannot be told/,
    );
    // Read throughout, the same client is seen waking 0.5 s after the answer.
    expect(stormWith(spans.slice(1)).status).not.toBe('passed');
    // Read throughout, one that woke just before the instant and ran its own code past it passes.
    expect(stormWith([reading(0.3), { from: 2.1, queued: 0, ran: 0.1, sends: true }]).status).toBe('passed');
  });

  it('passes a client whose time between its wake and its retry was its own code running, not a queue', () => {
    // Woke 0.6 s after the 429, then 1.5 s on a CPU (work, a collection, time a host took from the
    // machine): on a free machine its retry comes as late, after the 2 s.
    const ranLong: ClientSpan = { from: 0.825, queued: 0, ran: 1.5, sends: true };
    expect(stormWith([reading(0.1), ranLong]).status).toBe('passed');
    // The same wake, the same 1.5 s queued for a CPU: not passed, as above.
    expect(stormWith([reading(0.1), { ...ranLong, queued: 1.5, ran: 0.02 }]).status).toBe('undetermined');
  });

  it('passes a client whose requests the mock read and answered before the sampler read their sends', () => {
    // A quiet mock answers within 2 ms of a send, the sampler reads every 5 ms: the 429's own send
    // is read just after the 429 went out, the retry's just after its answer. Taken for the
    // retry's, the 429's send had the client wake "0 s" after it (well-behaved, got, axios).
    const steps: Step[] = [
      // The mock's loop turning every 5 ms: each request was sent after its turn but one.
      { at: 0.002, status: 429, retryAfter: 2, code: 'RATE_LIMITED', sent: 0.003, sentAfter: -0.008 },
      { at: 2.012, status: 200, sent: 2.013, sentAfter: 2.002 },
      ...servedFrom(2.013, 4),
    ];
    const clientBusy = scheduleOf([
      { from: -0.1, queued: 0, ran: 0.101, sends: true },
      { from: 0.004, queued: 0, ran: 0.002 },
      { from: 2.01, queued: 0, ran: 0.0015, sends: true },
    ]);
    expect(judge('limit-seconds', steps, { clientBusy }).status).toBe('passed');
  });

  it('says it cannot tell where a busy machine held the 429 so long that a short wait ended after the 2 s', () => {
    // Queued 1.6 s to read the answer, asleep 0.5 s, awake at 2.33 s: a half second of its own, or
    // the 2 s counted from the answer and a wake that came late? Neither passed nor failed.
    const verdict = stormWith([reading(1.6), retrying(2.325, 0.05)]);
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toMatch(
      /^undetermined: it woke to retry 2\.1 s after a 429 that said Retry-After: 2, after the wait, but waited only 0\.5 s of it off the CPU queue/,
    );
  });

  it('fails a naive loop whose at-once retries a starved machine let out after the Retry-After: limit-seconds and in-flight', () => {
    // Each retry queued 3.2 s behind the busy loops: seen 3.3 s after the 429 (Retry-After: 3).
    const steps: Step[] = [{ at: 0, status: 429, retryAfter: 3, code: 'RATE_LIMITED' }, ...servedFrom(3.25, 5)];
    const clientBusy = scheduleOf([FIRST, { from: 0.005, queued: 3.2, ran: 0.04, sends: true }]);
    for (const name of ['limit-seconds', 'in-flight']) {
      const verdict = judge(name, steps, { clientBusy });
      expect(verdict.status).toBe('failed');
      expect(verdict.reasons[0]).toMatch(
        /^woke to retry 0 s after a 429 that said Retry-After: 3; its request came 3\.\d s/,
      );
    }
  });

  it('fails an at-once retry that a held mock read only after the Retry-After, though the client wrote again since', () => {
    // The mock's loop held from 0.01 s to 3.3 s: the retry, sent 0.05 s after the 429, was read at
    // 3.3 s and answered at once; the client's next request was read with it by the sampler.
    const steps: Step[] = [
      { at: 0, status: 429, retryAfter: 3, code: 'RATE_LIMITED' },
      { at: 3.3, status: 200, sentAfter: 0.01 },
      ...servedFrom(3.3, 4),
    ];
    const clientBusy = scheduleOf([
      FIRST,
      { from: 0.01, queued: 0, ran: 0.04, sends: true },
      { from: 3.3, queued: 0, ran: 0.002, sends: true },
    ]);
    const verdict = judge('limit-seconds', steps, { clientBusy });
    expect(verdict.reasons[0]).toMatch(
      /^woke to retry 0 s after a 429 that said Retry-After: 3; its request came 3\.3 s/,
    );
  });

  it('fails a call the client woke to send while banned, though a busy machine let it out after the ban', () => {
    const steps: Step[] = [{ at: 0, status: 403, retryAfter: 3, code: 'API_KEY_BANNED' }, ...servedFrom(3.25, 5)];
    const naive = judge('ban', steps, {
      clientBusy: scheduleOf([FIRST, { from: 0.005, queued: 3.2, ran: 0.04, sends: true }]),
    });
    expect(naive.reasons).toEqual(['sent 1 request while banned (the 403 said to wait 3 s)']);
    const waited = judge('ban', steps, {
      clientBusy: scheduleOf([
        FIRST,
        { from: 0.005, queued: 0.1, ran: 0.02 },
        { from: 3.13, queued: 0.1, ran: 0.02, sends: true },
      ]),
    });
    expect(waited.status).toBe('passed');
  });

  it("fails a naive loop's at-once retry on a new connection that a held mock accepted seconds later (real readings)", () => {
    // The retry was written 0.05 to 0.1 s after the 429; the mock's loop, held, accepted its
    // connection at 3.3 s and read it at 4.27 s, its turn before that at 3.29 s. A connection's first
    // request can have been sent since the turn before its accept (-0.4 s), not its read: taken
    // from the read, the retry's write was passed over and the client seemed asleep until 4.24 s.
    const verdict = judge('limit-http-date', NAIVE_HTTP_DATE_STEPS, {
      clientBusy: seriesOf(NAIVE_HTTP_DATE_READINGS),
    });
    expect(verdict.status).toBe('failed');
    expect(verdict.reasons[0]).toMatch(
      /^woke to retry 0(\.1)? s after a 429 that said Retry-After: an HTTP-date 3 s after the answer's Date; its request came 4\.2 s after the answer/,
    );
  });

  it('never passes a request that can be a retry sent at once, on a connection opened after the first (real readings)', () => {
    // in-flight: the naive loop's one retry opened a second connection, as a client sending three
    // at once does; it came 4.2 s after the 429, but its write was read 0.06 s after the answer.
    const verdict = judge('in-flight', NAIVE_IN_FLIGHT_STEPS, { clientBusy: seriesOf(NAIVE_IN_FLIGHT_READINGS) });
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toMatch(
      /^undetermined: a request on a connection it opened with its first requests came 4\.2 s after a 429 that said Retry-After: 3, after the wait; its readings show it sent a request at once after the answer/,
    );
  });

  it('says it cannot tell where the readings show no send of a retry that came after the wait', () => {
    // The client's sends were read (its first request's), but the retry's write never was: the
    // sampler was held from 0.05 s until after the retry came. No evidence that it slept: not passed.
    const steps: Step[] = [
      { at: 0, status: 429, retryAfter: 3, code: 'RATE_LIMITED', sentAfter: -0.01 },
      { at: 3.3, status: 200, sentAfter: 0.02 },
      ...servedFrom(3.3, 4),
    ];
    const clientBusy = scheduleOf([FIRST]).filter(([at]) => at < START + 50 || at > START + 3_400);
    const verdict = judge('limit-seconds', steps, { clientBusy });
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toMatch(
      /^undetermined: its retry came 3\.3 s after a 429 that said Retry-After: 3, after the wait, but/,
    );
  });

  it('passes a client whose last run before its unread send shows it woke after the wait (real readings)', () => {
    // Asleep from 0.11 s to 3.17 s (Retry-After: 3 from 0.1 s), then 3 ms on a CPU; the series
    // ends at 3.195 s, before its send: no write since the answer, and a wake after the wait.
    const verdict = judge('limit-seconds', CAREFUL_UNREAD_SEND_STEPS, {
      clientBusy: seriesOf(CAREFUL_UNREAD_SEND_READINGS),
    });
    expect(verdict.status).toBe('passed');
  });

  it('cannot tell a wake to read another answer, queued past the retry’s timer, from a wake to retry early', () => {
    // in-flight: its first request held and refused at 1.4 s, the second refused at once with
    // Retry-After: 3. It woke at 1.4 s to read the first's answer, and a busy machine kept it
    // queued for a CPU for 1.7 s, past its retry's timer: whose wake it was, the readings do not say.
    const steps = (heldAnswer: number): Step[] => [
      { at: 0, status: 429, retryAfter: 2, code: 'RATE_LIMITED', sent: heldAnswer, connection: 1, sentAfter: -0.1 },
      { at: 0.002, status: 429, retryAfter: 3, code: 'RATE_LIMITED', connection: 2, sentAfter: -0.1 },
      { at: 3.125, status: 200, connection: 2, sentAfter: 3.1 },
      ...servedFrom(3.2, 3).map((step) => ({ ...step, connection: 2 })),
    ];
    const clientBusy = scheduleOf([
      { from: -0.1, queued: 0, ran: 0.09, sends: true },
      { from: 0.007, queued: 0, ran: 0.01 },
      { from: 1.4, queued: 1.7, ran: 0.02, sends: true },
    ]);
    const verdict = judge('in-flight', steps(1.4), { clientBusy });
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toMatch(
      /^undetermined: its retry came 3\.1 s after a 429 that said Retry-After: 3, after the wait; it woke 1\.4 s after that answer, as another answer came to it/,
    );
    // No answer came when it woke, 1.4 s into a 3 s wait: its retry's timer, or one of its own.
    const alone = judge('in-flight', steps(0.01), { clientBusy });
    expect(alone.status).toBe('undetermined');
    expect(alone.notes.at(-1)).toMatch(/; it woke 1\.4 s after that answer, before the wait was over/);
  });

  it('passes requests sent at once that a held mock read after a sibling was refused, with no write since (real readings)', () => {
    // Its second and third requests came 0.9 and 1.3 s after the first's 429, before its wait was
    // over, on connections opened with the first: siblings, the readings showing no send after it.
    const verdict = judge('in-flight', CAREFUL_IN_FLIGHT_STEPS, { clientBusy: seriesOf(CAREFUL_IN_FLIGHT_READINGS) });
    expect(verdict.status).toBe('passed');
  });
});

const served = (at: number): Step => ({ at, status: 200 });

describe('a request the client left to its own timeout, which a busy machine held the mock past', () => {
  /** The record lacks what the client left before the mock came to it; the gate saw it. */
  const judgedWithLeft = (name: string, steps: readonly Step[], exitCode = 1) =>
    judgeCase(
      caseNamed(name),
      recordOf(steps.filter((step) => step.left === undefined)),
      run({ exitCode, exchanges: exchangesOf(steps) }),
    );

  it('cannot tell how a client goes on whose retry after the wait was held past its timeout (ky, 5 s, 54 clients on 2 cores)', () => {
    const steps: Step[] = [
      served(0),
      limited(0.1, 2),
      { at: 2.2, status: 200, sent: null, left: 7.2, sentAfter: 2.15 },
    ];
    const verdict = judgedWithLeft('limit-seconds', steps);
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toBe(
      "undetermined: it sent GET /v1/pets?limit=1 again 2.1 s after that answer, and left it after waiting up to 5.1 s for its answer (the case adds no delay: a busy machine held the mock past the client's own timeout), then ended (exit code 1): whether it goes on once answered cannot be told. Run the case again on a machine with a CPU free",
    );
    // Without that request, the client gave up on the 429 where it should have waited.
    expect(judgedWithLeft('limit-seconds', steps.slice(0, 2)).reasons).toEqual([
      'no request after the 429: the client gave up where it should have waited 2 s and tried again',
    ]);
  });

  it('reads three requests in flight, each on a connection it opened, as siblings where a retry it left came back on one', () => {
    // ky's three on a loaded machine: the second and third came 2.1 s after the first was refused;
    // its first retry, on the first connection after the 3 s, was left to its 5 s timeout.
    const steps: Step[] = [
      limitedUntil(0, 3, { connection: 1, sent: 0.05 }),
      limitedUntil(2.15, 3, { connection: 2 }),
      limitedUntil(2.2, 3, { connection: 3 }),
      { at: 3.1, status: 200, sent: null, left: 8.1, connection: 1 },
    ];
    const verdict = judgedWithLeft('in-flight', steps);
    expect(verdict.reasons).toEqual([]);
    expect(verdict.status).toBe('undetermined');
  });

  it('cannot tell a late sibling on a connection of its own from a retry where nothing shows the client keeps connections alive', () => {
    // ky's three in a CI run: the second came 2.6 s after the first's 429, refused (Retry-After:
    // 1), the third 2.85 s after it, served; its 5 s timeout then ended the client before any
    // retry left it.
    const steps: Step[] = [
      limitedUntil(0, 3, { connection: 1, sent: 0.01 }),
      limitedUntil(2.58, 3, { connection: 2 }),
      { at: 2.86, status: 200, connection: 3 },
    ];
    const unknown = judgedWithLeft('in-flight', steps);
    expect(unknown.reasons).toEqual([]);
    expect(unknown.status).toBe('undetermined');
    expect(unknown.notes.at(-1)).toMatch(
      /^undetermined: a request on a connection of its own came 2\.6 s after a 429 that said Retry-After: 3, before the wait was over, and no request of the client came back on a connection/,
    );
  });

  it('reads a request on a connection the mock accepted before the 429 went out as a sibling of it, not its retry', () => {
    const refused = limitedUntil(0, 3, { connection: 1, sent: 0.05 });
    const late = (at: number, connection: number, connectedBefore: number) =>
      limitedUntil(at, 3, { connection, connectedBefore });
    // Then each comes again once the waits are over, on a connection of its own: nothing else
    // shows the three were sent together.
    const retried = [4, 5, 6].map((connection): Step => ({ at: 5.2 + connection * 0.01, status: 200, connection }));
    // Opened at once with the first (accepted 20 and 30 ms in), sent 2 s late by a starved client.
    const siblings = judgedWithLeft('in-flight', [refused, late(2.15, 2, 0.02), late(2.2, 3, 0.03), ...retried], 0);
    expect(siblings.reasons).toEqual([]);
    expect(siblings.status).toBe('passed');
    // Opened after the 429 went out: a retry 2.1 s after it, before the 3 s.
    const retries = judgedWithLeft('in-flight', [refused, late(2.15, 2, 2.1), late(2.2, 3, 2.1), ...retried], 0);
    expect(retries.reasons[0]).toMatch(
      /^retried 2\.1 s after a 429 that said Retry-After: 3 \(2 early retries in all\)/,
    );
  });
});
