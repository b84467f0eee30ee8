// The verdicts, on records made by hand: a Retry-After held from when its answer went out (not
// from when the mock decided it, nor from where the window ends), an HTTP-date from its own
// instant; the same verdict whether the mock or the client was slowed by a busy machine (the
// flips seen: ofetch on storm-partial and clock-behind); a case whose edge the client never met
// said to be not exercised; requests in flight together; slow answers sent again.
import { describe, expect, it } from '@jest/globals';
import type { BusySample } from './client-busy.js';
import { judgeCase } from './judge.js';
import { judgeResends, type ResendTimes } from './judge-resends.js';
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

const served = (at: number, extra: Partial<Step> = {}): Step => ({ at, status: 200, ...extra });

describe('a Retry-After in seconds counts from when its answer went out', () => {
  /** A storm's 429 decided at 0.2 s, its head out at `sent`, saying Retry-After: 2; then the retry. */
  const storm = (sent: number, retryAt: number) =>
    judge('storm-partial', [
      served(0),
      { at: 0.2, sent, status: 429, retryAfter: 2, code: 'RATE_LIMITED', storm: true },
      ...[retryAt, retryAt + 0.05, retryAt + 0.1, retryAt + 0.15].map((at) => served(at)),
    ]);

  it.each([
    ['on a quiet machine', 0.205, 0.71],
    ['when a busy mock sent the 429 0.8 s after deciding it', 1.0, 1.52],
    ['when a busy machine held the retry 1.2 s more', 0.205, 1.9],
  ])('fails ofetch retrying 0.5 s after the 429 it read, %s', (_, sent, retryAt) => {
    const verdict = storm(sent, retryAt);
    expect(verdict.status).toBe('failed');
    expect(verdict.reasons[0]).toMatch(/^retried \d(\.\d)? s after a 429 that said Retry-After: 2$/);
  });

  it('passes a client that waited the 2 s from when it could read the 429, however late that was', () => {
    expect(storm(1.0, 3.01).status).toBe('passed');
    // 2.05 s after the mock decided it, but 1.25 s after the answer went out: not the 2 s it read.
    expect(storm(1.0, 2.25).reasons[0]).toBe('retried 1.3 s after a 429 that said Retry-After: 2');
  });

  it('holds a retry to the told wait, not to the end of the window: served after the window ended is still early', () => {
    // The window ends at 3 s; the 429 went out 0.4 s late, so Retry-After: 3 asks until 3.4 s.
    const early = judge('limit-seconds', [limited(0, 3, { sent: 0.4 }), ...servedFrom(3.15, 5)]);
    expect(early.reasons).toEqual(['retried 2.8 s after a 429 that said Retry-After: 3']);
    expect(judge('limit-seconds', [limited(0, 3, { sent: 0.4 }), ...servedFrom(3.41, 5)]).status).toBe('passed');
  });

  it('holds an HTTP-date to its own instant: a client that reads it against its own clock retries right at it', () => {
    const atTheDate = judge('limit-http-date', [limitedUntil(0, 3, { sent: 0.3 }), ...servedFrom(2.96, 5)]);
    expect(atTheDate.status).toBe('passed');
    const before = judge('limit-http-date', [limitedUntil(0, 3), ...servedFrom(1.9, 5)]);
    expect(before.reasons[0]).toMatch(
      /^retried 1\.9 s after a 429 that said Retry-After: an HTTP-date 3 s after the answer's Date/,
    );
    // ky's timer, run by a loop clock a few ms behind, came 3 ms before the date (a busy CI machine):
    // at it. 50 ms before is early.
    expect(judge('limit-http-date', [limitedUntil(0, 3), ...servedFrom(2.947, 5)]).status).toBe('passed');
    expect(judge('limit-http-date', [limitedUntil(0, 3), ...servedFrom(2.9, 5)]).status).toBe('failed');
  });
});

describe('a case whose edge the client never met is not exercised: neither passed nor failed', () => {
  it('storm-partial: one request, which the storm lets through (it refuses the 2nd)', () => {
    const verdict = judge('storm-partial', [served(0)]);
    expect(verdict.status).toBe('not-exercised');
    expect(verdict.reasons).toEqual([]);
    expect(verdict.notes.at(-1)).toMatch(
      /^not exercised: the client made 1 request and met no storm 429: make 5 or more/,
    );
  });

  it('remaining-zero: no request after the answer that said X-RateLimit-Remaining: 0', () => {
    const verdict = judge('remaining-zero', [served(0), served(0.05)]);
    expect(verdict.status).toBe('not-exercised');
    expect(verdict.notes.at(-1)).toContain('none after the answer that said X-RateLimit-Remaining: 0');
  });

  it('slow-answers: a single answer', () => {
    expect(judge('slow-answers', [served(0, { sent: 1.5 })]).status).toBe('not-exercised');
  });
});

describe('reset-only and clock-behind: backing off is credited, the ban and giving up are not', () => {
  /** ofetch: three retries after its own half second, waits as a busy machine stretched them, then it gives up. */
  const ofetch = (name: string, waits: readonly number[]) => {
    let at = 0;
    const steps = [limitedUntil(0, 5)];
    for (const wait of waits) {
      at += 0.005 + wait;
      steps.push(limitedUntil(at, 5));
    }
    return judge(name, steps, { exitCode: 1 });
  };

  it.each([
    ['reset-only', [0.5, 0.5, 0.5]],
    ['reset-only', [0.9, 0.5, 0.7]],
    ['clock-behind', [0.9, 0.5, 0.7]],
    ['clock-behind', [1.2, 1.2, 1.2]],
  ] as const)('%s fails ofetch with waits of %j: it gives up inside the window', (name, waits) => {
    const verdict = ofetch(name, waits);
    expect(verdict.status).toBe('failed');
    expect(verdict.reasons).toHaveLength(1);
    expect(verdict.reasons[0]).toMatch(
      /^no request after the 429: the client gave up where it should have waited \d s/,
    );
  });

  it('fails a fixed half second kept up: it reaches the ban (5 requests while limited)', () => {
    const steps = [0, 0.5, 1, 1.5, 2].map((at) => limitedUntil(at, 5));
    const banned: Step = { at: 2.5, status: 403, retryAfter: 600, code: 'API_KEY_BANNED' };
    const verdict = judge('reset-only', [...steps, banned], { exitCode: 1 });
    expect(verdict.reasons[0]).toMatch(
      /^retried 5 times before the wait was over \(waits of 0\.5 s, .*\), after 429s that said no Retry-After, and reached the ban \(5 requests while limited; "continued requests after a 429 may cause a temporary ban of the API key", the seed\)/,
    );
  });

  it("passes undici's backoff (0.5, 1, 2 s) even when a busy machine made its first wait the longest", () => {
    const steps = [0, 1.7, 2.71, 4.72].map((at) => limitedUntil(at, 5));
    const verdict = judge('reset-only', [...steps, ...servedFrom(8.7, 5)]);
    expect(verdict.status).toBe('passed');
    expect(verdict.notes.join('\n')).toContain(
      'waited before each retry (waits of 1.7 s, 1 s, 2 s) and stayed under the ban',
    );
    expect(verdict.notes.join('\n')).toContain(
      "X-RateLimit-Reset had said the window ended 5 s after the answer's Date",
    );
  });

  /**
   * A client's retries after the waits it chose (`chosen`), each queued `queued` s for a CPU after
   * its timer fired, refused until the window's end at 5 s and served after it.
   */
  const retriesChosen = (
    chosen: readonly number[],
    queued: number,
    read: (series: BusySample[]) => BusySample[] = (series) => series,
  ) => {
    const steps: Step[] = [limitedUntil(0, 5)];
    const spans: ClientSpan[] = [{ from: -0.1, queued: 0, ran: 0.09, sends: true }];
    let answered = 0.005;
    for (const wait of chosen) {
      spans.push({ from: answered + 0.001, queued: 0, ran: 0.005 });
      const woke = answered + 0.006 + wait;
      spans.push({ from: woke, queued, ran: 0.01, sends: true });
      const at = woke + queued + 0.015;
      steps.push(at < 5 ? limitedUntil(at, 5) : { at, status: 200 });
      answered = at + 0.005;
    }
    return judge('reset-only', [...steps, ...servedFrom(answered + 0.05, 4)], {
      clientBusy: read(scheduleOf(spans, 20)),
    });
  };

  it('cannot tell whether a fixed half second would reach the ban where only a busy machine kept it under', () => {
    // ofetch's 0.5 s, each retry queued 1.5 s for a CPU: its third came after the window's end.
    const verdict = retriesChosen([0.5, 0.5, 0.5], 1.5);
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toMatch(
      /^undetermined: waited before each retry .* but only because a busy machine stretched its waits: on a free machine, after the 0\.5 s, 0\.5 s, 0\.5 s it chose, and more of its last where none was seen, its retries would have reached the ban \(5 requests while limited\) within the 5 s the window had left/,
    );
    // undici's backoff queued as long: the waits it chose carry it past the window's end.
    expect(retriesChosen([0.5, 1, 2, 4], 1.5).status).toBe('passed');
    // A second apart on a free machine: five refused, the sixth (the ban's) after the window's end.
    expect(retriesChosen([1, 1.1, 1, 1.1, 1], 0).status).toBe('passed');
  });

  it('cannot tell whether its waits kept it under the ban where the readings of its retries are missing', () => {
    // The same half second, queued as long, and the sampler held from 0.1 s to 6 s: no wait is read.
    const unread = (series: BusySample[]) => series.filter(([at]) => at < START + 100 || at > START + 6_000);
    const verdict = retriesChosen([0.5, 0.5, 0.5], 1.5, unread);
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toMatch(
      /^undetermined: waited before each retry \(waits of [\d., s]+\) and stayed under the ban, but a busy machine held the readings of the client, which do not show how much of those waits it chose/,
    );
  });

  it('passes a client that waits until X-RateLimit-Reset, and fails retries at once, saying why', () => {
    expect(judge('reset-only', [limitedUntil(0, 5), ...servedFrom(5.01, 5)]).status).toBe('passed');
    const atOnce = judge(
      'clock-behind',
      [0, 0.4, 0.41, 0.42].map((at) => limitedUntil(at, 5)),
      { exitCode: 1 },
    );
    expect(atOnce.reasons[0]).toMatch(
      /^retried at once after 429s whose Retry-After named a date 5 s after the answer's Date .*this server's clock is 5 minutes behind this machine's.*measure an HTTP-date against the answer's Date \(RFC 9110 section 6.6.1/,
    );
  });

  it('clock-behind: passes a client that measured the date against Date, saying so', () => {
    const verdict = judge('clock-behind', [limitedUntil(0, 5), ...servedFrom(5.05, 5)]);
    expect(verdict.status).toBe('passed');
    expect(verdict.notes.join('\n')).toContain("measured the HTTP-date against the answer's Date");
  });
});

describe('remaining-zero: X-RateLimit-Remaining: 0 on the second answer, the window ending at 5 s', () => {
  it('credits a client that paces itself until X-RateLimit-Reset, and one that honours the 429', () => {
    const paced = judge('remaining-zero', [served(0), served(0.05), ...servedFrom(5.01, 4)]);
    expect(paced.status).toBe('passed');
    expect(paced.notes.join('\n')).toContain('paced itself');
    const honoured = judge('remaining-zero', [served(0), served(0.05), limited(0.1, 5), ...servedFrom(5.2, 4)]);
    expect(honoured.status).toBe('passed');
  });

  it('fails a retry of the 429 before the wait it told', () => {
    const steps = [served(0), served(0.05), limited(0.1, 5), ...servedFrom(0.7, 4)];
    expect(judge('remaining-zero', steps).reasons).toEqual(['retried 0.6 s after a 429 that said Retry-After: 5']);
  });
});

describe('in-flight: several requests on one key', () => {
  /**
   * Three requests in flight, refused with waits until 3, 2.5 and 2.8 s, the last two seen by a
   * busy mock 0.3 s after the first was answered; then their retries, on whichever connection the
   * client's pool gives them.
   */
  function inFlight(retriesAt: readonly number[]) {
    const refusals: Step[] = [
      limitedUntil(0, 3, { connection: 1 }),
      limitedUntil(0.3, 2.5, { connection: 2 }),
      limitedUntil(0.32, 2.8, { connection: 3 }),
    ];
    const retries = retriesAt.map((at, nth) => served(at, { connection: 3 - nth }));
    return judge('in-flight', [...refusals, ...retries]);
  }

  it("passes retries that each waited some sibling's Retry-After, on whatever connection they came", () => {
    const verdict = inFlight([2.55, 2.85, 3.05]);
    expect(verdict.reasons).toEqual([]);
    expect(verdict.status).toBe('passed');
  });

  it('fails a retry that came before every wait told to the requests in flight', () => {
    expect(inFlight([0.7, 2.85, 3.05]).reasons[0]).toMatch(/^retried [\d.]+ s after a 429 that said Retry-After: \d/);
  });

  /**
   * ky's three requests on a loaded machine, as the mock recorded them (a busy run): its second
   * and third came 1.3 and 1.5 s after the first was refused, each on a connection it opened; ky's
   * retries came on those connections once the waits were over.
   */
  const lateSiblings = (connections: readonly number[]) => {
    const times = [0, 1.34, 1.468, 3.02, 3.367, 3.47, 3.483, 3.491, 3.503];
    const steps = times.map((at, position): Step => {
      const extra = { connection: connections[position] as number, sent: at + (position === 0 ? 0.087 : 0.001) };
      return position < 3 ? limitedUntil(at, at + 2 + (position === 0 ? 1 : 0), extra) : served(at, extra);
    });
    return judge('in-flight', steps);
  };

  it('passes siblings that a loaded machine let leave over a second late, opened before the client came back on a connection', () => {
    const verdict = lateSiblings([1, 2, 3, 1, 1, 1, 2, 3, 4]);
    expect(verdict.reasons).toEqual([]);
    expect(verdict.status).toBe('passed');
  });

  it('holds a request on a new connection 1.3 s after a refusal to the wait, from a client that never keeps one alive', () => {
    expect(lateSiblings([1, 2, 3, 4, 5, 6, 7, 8, 9]).reasons[0]).toMatch(
      /^retried 1\.3 s after a 429 that said Retry-After: 3/,
    );
  });

  it('holds a new connection to the wait once the client has come back on one (undici opens one while the last is not yet released)', () => {
    const steps = [0, 0.01, 0.5, 1.6].map((at, position) =>
      limitedUntil(at, 3, { connection: [1, 2, 1, 3][position] as number }),
    );
    expect(judge('in-flight', steps).reasons[0]).toMatch(
      /^retried 0\.5 s after a 429 that said Retry-After: 3 \(2 early retries in all\)/,
    );
  });
});

describe('day-exhausted: a client that must give up on a 12 h wait', () => {
  const dayLimited = (at: number, extra: Partial<Step> = {}): Step => ({
    at,
    status: 429,
    retryAfter: 43_200,
    code: 'RATE_LIMITED',
    ...extra,
  });

  it('fails a request sent after the 429 the client got', () => {
    const verdict = judge('day-exhausted', [served(0), dayLimited(0.1), dayLimited(1.2)]);
    expect(verdict.status).toBe('failed');
    expect(verdict.reasons[0]).toMatch(/after (the|a) 429 that said Retry-After: 43200/);
  });

  it('passes a client that left a 429 its own timeout outran, then gave up at once on the one it got', () => {
    // A busy machine held the mock past the client's 5 s timeout: the first 429 never reached it.
    const verdict = judge('day-exhausted', [served(0), dayLimited(0.1, { sent: null }), dayLimited(6.2)]);
    expect(verdict.status).toBe('passed');
    expect(verdict.notes.join(' ')).toMatch(/gave up at once on Retry-After: 43\d{3}/);
  });
});

describe('a ban is stayed away from for as long as it said', () => {
  const ban = (at: number): Step => ({ at, status: 403, retryAfter: 3, code: 'API_KEY_BANNED', until: 3 });

  it('fails the calls sent while banned, and passes a client that came back after the ban', () => {
    expect(judge('ban', [ban(0), ban(0.1), ban(0.2), ...servedFrom(3, 5)]).reasons).toEqual([
      'sent 2 requests while banned (the 403 said to wait 3 s)',
    ]);
    expect(judge('ban', [ban(0), ...servedFrom(3.01, 5)]).status).toBe('passed');
  });
});

describe('slow-answers: a request sent again before its answer came', () => {
  it('fails a client whose own timeout (1 s) fired before the 1.5 s answer, though the mock never recorded the requests it left', () => {
    const timedOut = (at: number): Step => ({ at, status: 200, sent: null, connection: 1 + Math.round(at) });
    const steps = [timedOut(0), timedOut(1), served(2, { sent: 3.5, connection: 3 }), served(3.6)];
    const resent =
      "sent GET /v1/pets?limit=1 again 1 s after the previous one, before its answer came, while answers take 1.5 s: the client's timeout is shorter than the answer (raise it)";
    expect(judge('slow-answers', steps).reasons).toEqual([resent]);
    // The requests it left before any answer never reached the record: the gate saw them all the same.
    const recorded = judgeCase(
      caseNamed('slow-answers'),
      recordOf(steps.slice(2)),
      run({ exchanges: exchangesOf(steps) }),
    );
    expect(recorded.reasons).toEqual([resent]);
  });

  it('judges a client that left its only request before the mock came to it by when it left, never as one that sent none', () => {
    // ky's 5 s timeout, and no retry on a timeout: the mock, held by a busy machine, had not yet
    // handled the request (the case's latency holds it before the key is read), so none is recorded.
    const heldPastTimeout = [{ at: 0.2, status: 200, sent: null, left: 5.1, sentAfter: 0.1 }];
    const held = judgeCase(
      caseNamed('slow-answers'),
      [],
      run({ exitCode: 1, exchanges: exchangesOf(heldPastTimeout) }),
    );
    expect(held.status).toBe('undetermined');
    expect(held.notes[0]).toMatch(/^1 request: 0 answered, 0 refused 429, 0 refused 403, 1 left before an answer; /);
    expect(held.notes.at(-1)).toBe(
      "undetermined: it left GET /v1/pets?limit=1 after waiting up to 5 s for its answer, before the answer came (the case makes answers take 1.5 s: a busy machine held the mock past the client's own timeout), and ended (exit code 1) without another request: what the client does with an answer cannot be told. Run the case again on a machine with a CPU free",
    );
    // A 1 s timeout left the same request within the 1.5 s the case makes answers take.
    const tooShort = [{ at: 0.2, status: 200, sent: null, left: 1.2, sentAfter: 0.1 }];
    const short = judgeCase(caseNamed('slow-answers'), [], run({ exitCode: 1, exchanges: exchangesOf(tooShort) }));
    expect(short.status).toBe('failed');
    expect(short.reasons).toEqual([
      "left GET /v1/pets?limit=1 1.1 s after sending it, before its answer came, while answers take 1.5 s, and ended (exit code 1): the client's timeout is shorter than the answer (raise it)",
    ]);
    // With no request at all, the verdict says so.
    expect(judgeCase(caseNamed('slow-answers'), [], run({ exitCode: 1, exchanges: [] })).reasons[0]).toMatch(
      /^the client ended \(exit code 1\) without sending a request/,
    );
  });

  it('leaves undetermined a client that opened a connection and closed it before it sent its request, never failed as one that sent none', () => {
    // A 0.5 s timeout on a machine busy enough to keep the client off a CPU from its connect until
    // its timeout was due: the mock accepted the connection, and it closed with no request on it.
    const emptyConnections = [{ acceptedMs: 1_000, closedMs: 1_020 }];
    const verdict = judgeCase(caseNamed('slow-answers'), [], run({ exitCode: 1, exchanges: [], emptyConnections }));
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toBe(
      'undetermined: it opened 1 connection to the API and closed it without sending a request (the first 20 ms after the mock accepted it), and ended (exit code 1): a busy machine can have kept it off a CPU until its own timeout was due, before it sent. Run the case again on a machine with a CPU free; if it says the same, the client connects and never sends',
    );
  });

  it('fails no client whose timeout fired only because a held mock read the request 4 s after it was sent', () => {
    // Sent at 0 (the loop's last turn before the hold), read at 4, to be answered 1.5 s later: the
    // client's 5 s timeout fired at 5, before the answer, and it read again after a second, when
    // the answers were no longer slow.
    const late = [served(4, { sent: null, sentAfter: 0 }), served(6, { sentAfter: 5.9 }), ...servedFrom(9, 3)];
    const verdict = judge('slow-answers', late);
    expect(verdict.status).toBe('undetermined');
    expect(verdict.notes.at(-1)).toMatch(
      /it can have waited up to 6 s for that answer \(a busy machine held the mock\)/,
    );
    // The same client with its first request read as soon as it was sent: a 1.5 s answer, and it
    // left only after it.
    expect(judge('slow-answers', [served(0, { sent: 1.5, sentAfter: 0 }), ...servedFrom(1.6, 5)]).status).toBe(
      'passed',
    );
  });

  it('passes such a client once it has waited out a slow answer that came as the case makes it', () => {
    const steps = [
      served(4, { sent: null, sentAfter: 0 }),
      served(6, { sent: 7.5, sentAfter: 5.9 }),
      served(7.6, { sent: 9.1, sentAfter: 7.59 }),
      ...servedFrom(9.2, 3),
    ];
    const verdict = judge('slow-answers', steps);
    expect(verdict.status).toBe('passed');
    expect(verdict.notes).toContain(
      'waited out a 1.5 s answer, so its timeout outlasts the 1.5 s answers; it had sent GET /v1/pets?limit=1 again before an earlier answer came, one a busy machine held up to 6 s after the request can have been sent',
    );
  });

  it('fails a client that gave up on an answer sent as soon as the case makes it, though another was held', () => {
    const steps = [
      served(4, { sent: null, sentAfter: 0 }),
      served(6, { sent: 7.5, sentAfter: 5.9 }),
      served(7, { sentAfter: 6.99 }),
      ...servedFrom(9, 3),
    ];
    expect(judge('slow-answers', steps).reasons).toEqual([
      "sent GET /v1/pets?limit=1 again 1 s after the previous one, before its answer came, while answers take 1.5 s: the client's timeout is shorter than the answer (raise it)",
    ]);
  });

  it('fails no client for sending again after an answer it left unread, which went out in time', () => {
    // Its readings show no read of the answer out at 1.5 s before its next send (answers-read.ts).
    const request = (at: number, extra: Partial<ResendTimes> = {}): ResendTimes => ({
      method: 'GET',
      path: '/v1/pets?limit=1',
      arrivedMs: START + at * 1000,
      sentAfterMs: START + at * 1000 - 5,
      answeredMs: START + (at + 1.5) * 1000,
      ...extra,
    });
    const { answeredMs: _out, ...unread } = request(0);
    // Its next answer waited out (1.5 s): its timeout outlasts the case's answers.
    expect(judgeResends([{ ...unread, leftUnread: true }, request(1.6)], 1500).kind).toBe('outlasted');
    // No other answer waited out: whether its timeout is too short cannot be told.
    const judged = judgeResends([{ ...unread, leftUnread: true }, request(1.6, { answeredMs: START + 1700 })], 1500);
    expect(judged.kind === 'hidden' && judged.note).toMatch(
      /^undetermined: it sent GET \/v1\/pets\?limit=1 again after the answer to the previous one had gone out, without reading it/,
    );
    // The same times with the answer out after the next request came: a timeout shorter than the answer.
    expect(judgeResends([{ ...unread }, request(1.6)], 1500).kind).toBe('too-short');
  });

  it('passes a client that waits for each answer', () => {
    const steps = [0, 1.6, 3.2].map((at) => served(at, { sent: at + 1.5 }));
    expect(judge('slow-answers', [...steps, ...servedFrom(4.8, 3)]).status).toBe('passed');
  });
});

describe('a record without the gate’s times (the record alone)', () => {
  it('is judged from the record: each refusal told from when the mock decided it', () => {
    const steps = [limited(0), limited(0.5), ...servedFrom(3.6, 5)];
    const verdict = judgeCase(caseNamed('limit-seconds'), recordOf(steps), run());
    expect(verdict.reasons).toEqual(['retried 0.5 s after a 429 that said Retry-After: 3']);
  });
});
