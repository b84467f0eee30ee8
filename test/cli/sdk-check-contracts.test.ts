// `petstore-mock sdk-check --contract FILE` on APIs other than the Pet Store: two real public
// documents (Bump.sh's Train Travel API: OAuth2 bearer tokens, the IETF `RateLimit` field of
// draft 07, Retry-After in either form; Redocly's Museum API: HTTP basic, no limit header and no
// refusal declared) and a small one written in the style of query-key APIs with GitHub's
// x-ratelimit-* (Reset in epoch seconds) and Retry-After in seconds only. On the real ones, the
// careful example client, given each API's own operations, passes every case; the naive loop
// fails them; each runs twice, with the same verdicts. On the small one, a case the contract
// cannot run is skipped, with why, in the console, the JUnit XML and the HTML page, which name
// the key's place and the headers.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASE_NAMES } from '../../src/sdk-check/catalogue.js';
import { CASE_KEY } from '../../src/sdk-check/run-case.js';
import { runCli } from '../support/cli.js';
import { casesWith, type ShownVerdict, verdicts } from '../support/sdk-check-verdicts.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const contract = (name: string) => here(`../support/sdk-check-contracts/${name}`);
const CAREFUL = here('../../examples/sdk-clients/well-behaved.mjs');
const NAIVE = here('../../examples/sdk-clients/naive-loop.mjs');
type Run = Awaited<ReturnType<typeof runCli>>;

/** Each API: its contract, the careful client's workload in its own operations, the naive loop's read. */
const APIS = {
  'train-travel': {
    file: contract('train-travel/openapi.yaml'),
    careful: [
      ...['--read', '/stations?limit=1', '--create', '/bookings', '--find', '/bookings?limit=100'],
      '--body',
      '{"trip_id":"ea399ba1-6d95-433f-92d1-83f67b775594","passenger_name":"Ada {marker}","has_bicycle":false,"has_dog":false}',
    ],
    read: '/stations?limit=1',
    cases: CASE_NAMES,
  },
  museum: {
    file: contract('museum/openapi.yaml'),
    careful: [
      ...['--read', '/special-events?limit=1', '--create', '/special-events', '--find', '/special-events?limit=30'],
      '--body',
      '{"name":"Gala {marker}","location":"Hall A","eventDescription":"A night","dates":["2026-12-24"],"price":20}',
    ],
    read: '/special-events?limit=1',
    cases: CASE_NAMES,
  },
  // The cases its words and its gaps change: three skipped, five run (a fault's verdict names the path, its key in the query).
  'forecast-alerts': {
    file: contract('forecast-alerts.yaml'),
    careful: ['--read', '/alerts?per_page=1'],
    read: '/alerts?per_page=1',
    cases: [
      'limit-seconds',
      'limit-http-date',
      'reset-only',
      'clock-behind',
      'remaining-zero',
      'ban',
      'fault-cut',
      'fault-create-reset',
    ],
  },
} as const;
type ApiName = keyof typeof APIS;
type Client = 'careful' | 'naive';

/** Each case's status in a run. */
const statuses = (run: Run) =>
  Object.fromEntries([...verdicts(run.stdout)].map(([name, verdict]) => [name, verdict.status]));

/** The cases of a run with this status are exactly these; if not, the run's whole output says why. */
function expectCases(run: Run, status: ShownVerdict['status'], expected: readonly string[]): void {
  const found = casesWith(run.stdout, status);
  if (JSON.stringify(found) !== JSON.stringify([...expected].sort()))
    throw new Error(
      `Cases ${status}: ${found.join(', ')}; expected ${[...expected].sort().join(', ')}.\n${run.stdout}`,
    );
}

describe('petstore-mock sdk-check --contract on other APIs', () => {
  let folder = '';
  const runs = new Map<string, Run[]>();
  const runsOf = (api: ApiName, client: Client) => runs.get(`${api} ${client}`) ?? [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-sdk-check-contracts-'));
    const queue: Array<{ api: ApiName; client: Client; reports: boolean }> = [];
    for (const api of ['train-travel', 'museum'] as const)
      for (const round of [1, 2])
        for (const client of ['careful', 'naive'] as const) queue.push({ api, client, reports: round === 1 });
    // The small document once, the careful client with every report: its skips are read from it, not timed.
    queue.push({ api: 'forecast-alerts', client: 'careful', reports: true });
    const runOne = async ({ api, client, reports }: (typeof queue)[number]) => {
      const { file, careful, read, cases } = APIS[api];
      const command = client === 'careful' ? [process.execPath, CAREFUL, ...careful] : [process.execPath, NAIVE, read];
      const artifacts = reports
        ? ['--junit', join(folder, `${api}-${client}.xml`), '--html', join(folder, `${api}-${client}.html`)]
        : [];
      // The naive loop hangs on a stall until a short limit; the careful client's 5 s timeouts end well within 20.
      const timeout = client === 'careful' ? '20' : '6';
      const run = await runCli([
        'sdk-check',
        ...['--contract', file, '--parallel', '18', '--timeout', timeout, '--cases', cases.join(','), ...artifacts],
        '--',
        ...command,
      ]);
      runs.set(`${api} ${client}`, [...runsOf(api, client), run]);
    };
    // One run at a time (18 clients at once), beside jest's other files, as sdk-check.test.ts runs them.
    for (const next of queue) await runOne(next);
    // A bound on a hang, well past the runs' length on a loaded machine.
  }, 400_000);
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it.each(['train-travel', 'museum'] as const)('passes the careful client on every case on %s, twice alike', (api) => {
    const [first, second] = runsOf(api, 'careful') as [Run, Run];
    for (const run of [first, second]) {
      expectCases(run, 'failed', []);
      expect(run.stdout).toMatch(new RegExp(`: ${CASE_NAMES.length} passed, 0 failed\\n$`));
      expect(run.code).toBe(0);
    }
    expect(statuses(second)).toEqual(statuses(first));
  });

  it.each(['train-travel', 'museum'] as const)(
    'fails the naive loop on every case with a wait or a fault on %s, twice alike',
    (api) => {
      const [first, second] = runsOf(api, 'naive') as [Run, Run];
      for (const run of [first, second]) {
        expectCases(
          run,
          'failed',
          CASE_NAMES.filter((name) => name !== 'slow-answers' && name !== 'fault-create-reset'),
        );
        expectCases(run, 'not-exercised', ['fault-create-reset']);
        expect(run.code).toBe(1);
      }
      expect(statuses(second)).toEqual(statuses(first));
    },
  );

  it("speaks the Train Travel API's words: its bearer token, its RateLimit field, its own operations", () => {
    const [careful] = runsOf('train-travel', 'careful') as [Run];
    expect(careful.stdout).toContain('On Train Travel API 1.2.1 (openapi.yaml):');
    expect(careful.stdout).toContain(
      '  the key: Authorization: Bearer <key> (the client gets PETSTORE_API_KEY_IN=authorization, PETSTORE_API_KEY_NAME=Bearer beside PETSTORE_API_KEY)',
    );
    expect(careful.stdout).toContain(
      '  limit headers: RateLimit: limit=…, remaining=…, reset=… (IETF draft 07; reset in seconds from the answer)',
    );
    const found = verdicts(careful.stdout);
    expect(found.get('remaining-zero')?.why).toContain("it waited for the window once RateLimit's remaining reached 0");
    expect(found.get('fault-create-reset')?.why).toMatch(
      /^did not send POST \/rest\/Train\+Travel\+API\/1\.0\.0\/bookings again after its connection was reset \(it read first\)/,
    );
    const [naive] = runsOf('train-travel', 'naive') as [Run];
    expect(verdicts(naive.stdout).get('fault-reset')?.why).toMatch(
      /^gave up on GET \/rest\/Train\+Travel\+API\/1\.0\.0\/stations\?limit=1, after its connection was reset/,
    );
    expect(naive.stdout).toContain(
      "… reset-only: the limit reached, and the 429 carries no Retry-After: only RateLimit's reset, 5 s away",
    );
  });

  it('speaks the Museum API’s: basic credentials, the Pet Store’s limit headers where it declares none, its refusals given all the same', () => {
    const [careful] = runsOf('museum', 'careful') as [Run];
    expect(careful.stdout).toContain(
      '  the key: HTTP basic authentication, the key as the user name (the client gets PETSTORE_API_KEY_IN=authorization, PETSTORE_API_KEY_NAME=Basic beside PETSTORE_API_KEY)',
    );
    expect(careful.stdout).toContain("the contract declares none, so the mock sends the Pet Store's");
    expect(careful.stdout).toMatch(
      /\n {2}run as it allows: ban, ban-long: the contract declares no 403 answer: the mock gives it all the same/,
    );
    expect(verdicts(careful.stdout).get('remaining-zero')?.why).toContain('once X-RateLimit-Remaining reached 0');
    const [naive] = runsOf('museum', 'naive') as [Run];
    expect(verdicts(naive.stdout).get('ban')?.why).toMatch(
      /^sent \d+ requests while banned \(the 403 said to wait 3 s\)/,
    );
  });

  it('skips, with why, the cases a contract cannot run, in the console, the JUnit XML and the HTML page; its key in the query shown nowhere', async () => {
    const [careful] = runsOf('forecast-alerts', 'careful') as [Run];
    expectCases(careful, 'skipped', ['clock-behind', 'fault-create-reset', 'limit-http-date']);
    expectCases(careful, 'passed', ['ban', 'fault-cut', 'limit-seconds', 'remaining-zero', 'reset-only']);
    expect(careful.stdout).toMatch(/: 5 passed, 0 failed, 3 skipped\n$/);
    expect(careful.code).toBe(0);
    expect(careful.stdout).toContain(
      '  limit headers: x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-used, x-ratelimit-reset, x-ratelimit-resource (x-ratelimit-reset the Unix second the window ends)',
    );
    const found = verdicts(careful.stdout);
    const onlySeconds =
      'skipped: the contract declares Retry-After as integer seconds: its answers never carry an HTTP-date';
    expect(found.get('limit-http-date')?.why).toBe(onlySeconds);
    expect(found.get('clock-behind')?.why).toBe(onlySeconds);
    expect(found.get('fault-create-reset')?.why).toBe('skipped: the contract has no create (POST) operation to fault');
    expect(found.get('remaining-zero')?.why).toContain('once x-ratelimit-remaining reached 0');

    const xml = await readFile(join(folder, 'forecast-alerts-careful.xml'), 'utf8');
    expect(xml).toContain('tests="8" failures="0" errors="0" skipped="3"');
    expect(xml).toContain(`<skipped message="${onlySeconds}"/>`);
    const page = await readFile(join(folder, 'forecast-alerts-careful.html'), 'utf8');
    expect(page).toContain('<span class="skipped">3 skipped</span>');
    expect(page).toContain(
      '<dt>the key</dt><dd>the query parameter api_key (the client gets PETSTORE_API_KEY_IN=query, PETSTORE_API_KEY_NAME=api_key beside PETSTORE_API_KEY)</dd>',
    );
    expect(page).toContain('<dt>skipped</dt><dd>limit-http-date: the contract declares Retry-After as integer seconds');
    expect(page).toMatch(/<section class="case skip" data-index="\d" data-case="clock-behind">/);
    // The key travels in the query of every path the timelines hold: each report writes it as $PETSTORE_API_KEY.
    expect(page).toContain('/v2/alerts?per_page=1&api_key=$PETSTORE_API_KEY');
    for (const text of [xml, page, careful.stdout, careful.stderr]) expect(text).not.toContain(CASE_KEY);
  });
});
