// The verdicts, on records made by hand: what backing off is (and is not) on a busy machine, the
// case without Retry-After, the clock case, and the faults (a lost create shows both ids; a client
// that makes no create is not judged).
import { describe, expect, it } from '@jest/globals';
import { assessCompliance } from '../limits/compliance.js';
import type { RecordedRequest } from '../limits/request-record.js';
import type { GateExchange } from './case-gate.js';
import { CATALOGUE, type SdkCase } from './catalogue.js';
import { type ClientRun, judgeCase } from './judge.js';
import { judgeWaits } from './judge-retries.js';

const START = Date.parse('2026-11-21T10:00:00Z');
const caseNamed = (name: string) => CATALOGUE.find((entry) => entry.name === name) as SdkCase;

type Step = {
  at: number;
  status: number;
  retryAfter?: number;
  retryAt?: number;
  code?: string;
  fault?: RecordedRequest['fault'];
  storm?: boolean;
};

/** A record from steps (seconds from the start), each answered at once. */
function recordOf(steps: readonly Step[]): RecordedRequest[] {
  return steps.map((step, position) => ({
    index: position + 1,
    atMs: START + step.at * 1000,
    at: new Date(START + step.at * 1000).toISOString(),
    method: 'GET',
    path: '/v1/pets?limit=1',
    status: step.status,
    ...(step.retryAfter === undefined ? {} : { retryAfterSeconds: step.retryAfter }),
    ...(step.retryAt === undefined ? {} : { retryAtMs: START + step.retryAt * 1000 }),
    ...(step.code === undefined ? {} : { code: step.code }),
    ...(step.fault === undefined ? {} : { fault: step.fault }),
    ...(step.storm ? { storm: true } : {}),
  }));
}

const run = (overrides: Partial<ClientRun> = {}): ClientRun => ({
  exitCode: 0,
  timedOut: false,
  seconds: 5,
  timeoutSeconds: 30,
  ...overrides,
});

function judge(name: string, steps: readonly Step[], overrides: Partial<ClientRun> = {}) {
  const record = recordOf(steps);
  return judgeCase(caseNamed(name), record, assessCompliance('k', record), run(overrides));
}

/** A limit refusal whose window ends at 3 s. */
const limited = (at: number): Step => ({
  at,
  status: 429,
  retryAfter: Math.max(1, Math.ceil(3 - at)),
  retryAt: 3,
  code: 'RATE_LIMITED',
});
const served = (at: number): Step => ({ at, status: 200 });
const then = (from: number, count: number) =>
  Array.from({ length: count }, (_, call) => served(from + 0.05 * (call + 1)));

describe('waits before retries', () => {
  it.each([
    [[0.01, 0.02, 0.01, 0.03], 0, 'at-once'],
    [[0.5, 0.5, 0.5, 0.5], 0, 'fixed'],
    [[0.3, 0.6, 1.2], 0, 'backs-off'],
    [[1, 2], 0, 'backs-off'],
    // The first retry of a starved client pays for code it runs the first time: two waits say little.
    [[3.2, 1.8], 0, 'backs-off'],
    [[0.02, 0.05], 0, 'at-once'],
    // A client slowed by load retries "at once" in about its own pace.
    [[0.4, 0.45], 0.3, 'at-once'],
    [[0.8, 0.5, 0.1, 0.3, 0.3], 0, 'fixed'],
    // A minimum wait kept: a fixed second, once or twice in a 3 s window; a fixed half second is more.
    [[1, 1], 0, 'backs-off'],
    [[0.5, 0.5, 0.5], 0, 'fixed'],
    // urllib3 retries once at once, then backs off.
    [[0.01, 1, 2], 0, 'backs-off'],
    // axios-retry's exponential delay: 0.2 s, then doubling.
    [[0.2, 0.4, 0.8, 1.6], 0, 'backs-off'],
    // ky's 0.3, 0.6, 1.2 s with its first retry held up by a busy machine: still growth.
    [[0.9, 0.6, 1.2], 0, 'backs-off'],
    // ky's 0.3, 0.6, 1.2 s with its first two retries held up 0.1 s each: two waits to read growth from.
    [[0.4, 0.81, 1.21], 0, 'backs-off'],
    [[0.4, 0.8, 0.9], 0, 'fixed'],
    // A fixed half second whose first retry was held up the same way: still fixed.
    [[0.9, 0.5, 0.5], 0, 'fixed'],
    // Retries at once by a starved client, one of which the machine held up: not growth.
    [[0.01, 0.01, 0.3], 0, 'at-once'],
    [[0.3, 0.01, 0.02], 0, 'at-once'],
  ] as const)('%j with a pace of %p s read as %s', (waits, cadence, expected) => {
    expect(judgeWaits(waits, cadence)).toBe(expected);
  });
});

describe('reset-only: no Retry-After', () => {
  it('passes a client that waits until X-RateLimit-Reset', () => {
    expect(judge('reset-only', [limited(0), ...then(3.05, 5)]).status).toBe('passed');
  });

  it('credits exponential backoff that stays under the ban, with a note that the reset was 3 s away', () => {
    const verdict = judge('reset-only', [limited(0), limited(0.5), limited(1.5), ...then(3.5, 5)]);
    expect(verdict.status).toBe('passed');
    expect(verdict.notes.join('\n')).toContain('backed off (waits of 0.5 s, 1 s, 2.1 s), as the seed asks');
    expect(verdict.notes.join('\n')).toContain("the window ended 3 s after the answer's Date");
  });

  it('fails retries at a fixed short interval, quoting the seed', () => {
    const steps = [0, 0.5, 1, 1.5, 2, 2.5].map(limited);
    const verdict = judge('reset-only', [...steps, ...then(3, 5)]);
    expect(verdict.reasons[0]).toMatch(
      /^retried at a fixed short interval after 429s that said no Retry-After \(waits of 0.5 s, 0.5 s, 0.5 s, 0.5 s, 0.5 s before 5 retries that came too early\): back off exponentially, as the seed asks/,
    );
  });

  it('fails retries that reach the ban', () => {
    const steps = [...Array.from({ length: 11 }, (_, retry) => limited(retry * 0.05))];
    const banned: Step = { at: 0.6, status: 403, retryAfter: 600, code: 'API_KEY_BANNED' };
    const verdict = judge('reset-only', [...steps, banned], { exitCode: 1 });
    expect(verdict.reasons[0]).toMatch(
      /^retried \d+ times before the wait was over, .*and reached the ban \("continued requests after a 429 may cause a temporary ban of the API key", the seed\)/,
    );
  });
});

/**
 * The gate's exchanges of `steps` (reads of one page), each on the connection `connections` gives
 * it by position: a connection's first request opens it. Each answered `answerMs(position)` after it came.
 */
function exchangesOf(
  steps: readonly Step[],
  connections: readonly number[],
  answerMs: (position: number) => number = () => 5,
): GateExchange[] {
  const opened = new Set<number>();
  return steps.map((step, position) => {
    const connection = connections[position] as number;
    const opens = !opened.has(connection);
    opened.add(connection);
    return {
      arrivedMs: START + step.at * 1000,
      answeredMs: START + step.at * 1000 + answerMs(position),
      connection,
      ...(opens ? { opensConnection: true } : {}),
      method: 'GET',
      path: '/v1/pets?limit=1',
    };
  });
}

describe('in-flight: several requests on one key', () => {
  /**
   * Three requests in flight, refused with waits until 3, 2.5 and 2.8 s, the last two seen by a
   * busy mock 0.3 s after the first was answered; then their retries.
   */
  function inFlight(retriesAt: readonly number[]) {
    const refusals: Step[] = [
      { ...limited(0), retryAt: 3 },
      { ...limited(0.3), retryAt: 2.5 },
      { ...limited(0.32), retryAt: 2.8 },
    ];
    const steps = [...refusals, ...retriesAt.map(served)];
    // The first refusal goes out as its siblings come, on connections of their own; the retries
    // take whichever connection the client's pool gives them.
    const exchanges = exchangesOf(steps, [1, 2, 3, 3, 2, 1]);
    return judge('in-flight', steps, { exchanges });
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
   * ky's three requests on a loaded machine, as the mock recorded them (a busy run, --parallel 18):
   * its second and third came 1.3 and 1.5 s after the first was refused, each on a connection it
   * opened; ky's retries came on those connections once the waits were over.
   */
  const lateSiblings = (connections: readonly number[]) => {
    const steps: Step[] = [
      { ...limited(0), retryAt: 3 },
      { ...limited(1.34), retryAt: 3.34 },
      { ...limited(1.468), retryAt: 3.468 },
      ...[3.02, 3.367, 3.47, 3.483, 3.491, 3.503].map(served),
    ];
    const exchanges = exchangesOf(steps, connections, (position) => (position === 0 ? 87 : 1));
    return judge('in-flight', steps, { exchanges });
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
    const steps: Step[] = [0, 0.01, 0.5, 1.6].map((at) => ({ ...limited(at), retryAt: 3 }));
    const exchanges = exchangesOf(steps, [1, 2, 1, 3]);
    expect(judge('in-flight', steps, { exchanges }).reasons[0]).toMatch(
      /^retried 0\.5 s after a 429 that said Retry-After: 3 \(2 early retries in all\)/,
    );
  });
});

describe('storm-partial: one request at a time', () => {
  it("fails the naive loop's retry at once, on the connection undici alternates to (a record of a busy run)", () => {
    const steps: Step[] = [
      served(0),
      { at: 0.201, status: 429, retryAfter: 1, retryAt: 1.201, code: 'RATE_LIMITED', storm: true },
      ...[0.261, 0.338, 0.372, 0.39].map(served),
    ];
    const exchanges = exchangesOf(steps, [1, 2, 1, 2, 1, 2], () => 4);
    const verdict = judge('storm-partial', steps, { exchanges });
    expect(verdict.status).toBe('failed');
    expect(verdict.reasons[0]).toMatch(/^retried 0(\.1)? s after a 429 that said Retry-After: 1$/);
  });
});

describe('clock-behind: the server clock 5 minutes behind the client', () => {
  it('passes a client that measured the date against Date, saying so', () => {
    const verdict = judge('clock-behind', [limited(0), ...then(3.05, 5)]);
    expect(verdict.status).toBe('passed');
    expect(verdict.notes.join('\n')).toContain("measured the HTTP-date against the answer's Date");
  });

  it('passes growing minimum waits (as undici and axios-retry keep them), and fails retries at once, saying why it matters', () => {
    expect(judge('clock-behind', [limited(0), limited(0.5), limited(1.5), ...then(3.5, 5)]).status).toBe('passed');
    const atOnce = judge('clock-behind', [0, 0.01, 0.02, 0.03, 0.04].map(limited), { exitCode: 1 });
    expect(atOnce.reasons[0]).toMatch(
      /^retried at once after 429s whose Retry-After named a date 3 s after the answer's Date .*this server's clock is 5 minutes behind this machine's.*Servers with slow clocks are met in production: measure an HTTP-date against the answer's Date \(RFC 9110 section 6.6.1/,
    );
  });
});

describe('faults', () => {
  it('fault-reset: passes reading again after waits, fails giving up, fails reading again at once', () => {
    const reset = (at: number): Step => ({ at, status: 200, fault: 'reset' });
    expect(judge('fault-reset', [reset(0), reset(1), reset(3), ...then(7, 5)]).status).toBe('passed');
    expect(judge('fault-reset', [reset(0)], { exitCode: 1 }).reasons).toEqual([
      'gave up on GET /v1/pets?limit=1, after its connection was reset before the answer (exit code 1): read again, with growing waits, instead of ending',
    ]);
    expect(judge('fault-reset', [reset(0), reset(0.01), reset(0.02), ...then(0.03, 5)]).reasons[0]).toMatch(
      /^read again after waits of 0 s, 0 s, 0.1 s after 3 resets in a row: at once/,
    );
  });

  it('fault-cut: a client that ends content after a cut answer took the partial body', () => {
    const cut: Step = { at: 0, status: 200, fault: 'cut' };
    expect(judge('fault-cut', [cut, ...then(0.5, 5)]).status).toBe('passed');
    expect(judge('fault-cut', [cut], { exitCode: 0 }).reasons[0]).toMatch(
      /^ended \(exit code 0\) with no request after .*: it took the partial body for the answer, or dropped the read.*RFC 9112 section 6.3/,
    );
  });

  it('fault-stall: a client still waiting at the time limit is told it hung, and how to set a timeout', () => {
    const verdict = judge('fault-stall', [{ at: 0, status: 200, fault: 'stall' }], { timedOut: true, exitCode: null });
    expect(verdict.reasons).toHaveLength(1);
    expect(verdict.reasons[0]).toMatch(
      /^hung on a stalled answer: still waiting for the body of GET \/v1\/pets\?limit=1 when the case's time limit \(30 s\) ended\. Give every request a timeout/,
    );
    expect(judge('fault-stall', [{ at: 0, status: 200, fault: 'stall' }, ...then(5, 5)]).status).toBe('passed');
  });

  it('fault-unavailable: the 503 Retry-After is honoured as a 429 one', () => {
    const unavailable = (at: number): Step => ({
      at,
      status: 503,
      retryAfter: 2,
      code: 'SERVICE_UNAVAILABLE',
      fault: 'unavailable',
    });
    expect(judge('fault-unavailable', [unavailable(0), unavailable(2.05), ...then(4.1, 5)]).status).toBe('passed');
    expect(judge('fault-unavailable', [unavailable(0), unavailable(0.5), ...then(2.6, 5)]).reasons[0]).toBe(
      'retried 0.5 s after a 503 that said Retry-After: 2',
    );
  });

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
  const CREATED: Step[] = [{ at: 0, status: 201, fault: 'reset' }];

  it('fault-create-reset: a blind resend is a duplicate, both ids shown; a read first, or the error surfaced, passes', () => {
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

  it('fault-create-reset: a client that makes no create is told the case was not exercised', () => {
    const verdict = judge('fault-create-reset', CREATED, { exchanges: [exchange(0, 'GET')] });
    expect(verdict.status).toBe('not-exercised');
    expect(verdict.reasons).toEqual([]);
    expect(verdict.notes.at(-1)).toMatch(/^not exercised: the client made no create \(POST\)/);
  });
});
