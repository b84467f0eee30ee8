// The example clients run through `petstore-mock sdk-check --contract` on APIs other than the Pet
// Store: each API's document (the real ones as published, under test/real-contracts/documents/),
// the careful client's workload in that API's own operations, and the naive loop's read.
import { fileURLToPath } from 'node:url';
import { CASE_NAMES } from '../../src/sdk-check/catalogue.js';
import { runCli } from './cli.js';
import { casesWith, MOST_UNDETERMINED, type ShownVerdict } from './sdk-check-verdicts.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const CAREFUL = here('../../examples/sdk-clients/well-behaved.mjs');
const NAIVE = here('../../examples/sdk-clients/naive-loop.mjs');

export type Run = Awaited<ReturnType<typeof runCli>>;
export type Client = 'careful' | 'naive';

type Api = { file: string; careful: readonly string[]; read: string };

export const APIS = {
  // Bump.sh's Train Travel API: OAuth2 (a bearer token), draft 07's RateLimit field, Retry-After in either form.
  'train-travel': {
    file: here('../real-contracts/documents/train-travel/openapi.yaml'),
    careful: [
      ...['--read', '/stations?limit=1', '--create', '/bookings', '--find', '/bookings?limit=100'],
      '--body',
      '{"trip_id":"ea399ba1-6d95-433f-92d1-83f67b775594","passenger_name":"Ada {marker}","has_bicycle":false,"has_dog":false}',
    ],
    read: '/stations?limit=1',
  },
  // DigitalOcean's API v2: a bearer token, ratelimit-limit/-remaining/-reset (the reset an epoch second).
  // A tag's id is its name: the find reads the one the create would have stored.
  digitalocean: {
    file: here('../real-contracts/documents/digitalocean/DigitalOcean-public.v2.yaml'),
    careful: [
      '--read',
      '/v2/account',
      '--create',
      '/v2/tags',
      '--body',
      '{"name":"gala-{marker}"}',
      '--find',
      '/v2/tags/gala-{marker}',
    ],
    read: '/v2/account',
  },
  // Redocly's Museum API: HTTP basic; no limit header and no refusal declared.
  museum: {
    file: here('../real-contracts/documents/museum/openapi.yaml'),
    careful: [
      ...['--read', '/special-events?limit=1', '--create', '/special-events', '--find', '/special-events?limit=30'],
      '--body',
      '{"name":"Gala {marker}","location":"Hall A","eventDescription":"A night","dates":["2026-12-24"],"price":20}',
    ],
    read: '/special-events?limit=1',
  },
  // Written here: an API key in the query, GitHub's x-ratelimit-*, Retry-After in integer seconds, no create.
  'forecast-alerts': {
    file: here('./sdk-check-contracts/forecast-alerts.yaml'),
    careful: ['--read', '/alerts?per_page=1'],
    read: '/alerts?per_page=1',
  },
} as const satisfies Record<string, Api>;
export type ApiName = keyof typeof APIS;

/**
 * One sdk-check run of a client on an API's contract, with its JUnit and HTML reports where
 * `reports` names a path stem. Nine cases at a time, not all 18: a large contract costs the mock
 * more per request, and on a busy machine a request can then reach it seconds after the client
 * sent it, which the slow-answers case would take for the client's own impatience.
 */
export function runOnContract(
  api: ApiName,
  client: Client,
  options: { cases?: readonly string[]; reports?: string } = {},
): Promise<Run> {
  const { file, careful, read } = APIS[api];
  const command = client === 'careful' ? [process.execPath, CAREFUL, ...careful] : [process.execPath, NAIVE, read];
  const reports = options.reports ? ['--junit', `${options.reports}.xml`, '--html', `${options.reports}.html`] : [];
  // The naive loop hangs on a stall until a short limit; the careful client's 5 s timeouts end well within 20.
  const timeout = client === 'careful' ? '20' : '6';
  const cases = options.cases ?? CASE_NAMES;
  return runCli([
    'sdk-check',
    ...['--contract', file, '--parallel', '9', '--timeout', timeout, '--cases', cases.join(','), ...reports],
    '--',
    ...command,
  ]);
}

/** The cases of a run with this status are exactly these; if not, the run's whole output says why. */
export function expectCases(run: Run, status: ShownVerdict['status'], expected: readonly string[]): void {
  const found = casesWith(run.stdout, status);
  if (JSON.stringify(found) !== JSON.stringify([...expected].sort()))
    throw new Error(
      `Cases ${status}: ${found.join(', ')}; expected ${[...expected].sort().join(', ')}.\n${run.stdout}`,
    );
}

/**
 * These cases passed, but for at most MOST_UNDETERMINED that a busy machine left undetermined
 * (it hid when the client sent, which the case says): none of them failed.
 */
export function expectPassed(run: Run, expected: readonly string[]): void {
  const undetermined = casesWith(run.stdout, 'undetermined');
  const found = [...casesWith(run.stdout, 'passed'), ...undetermined].sort();
  if (JSON.stringify(found) !== JSON.stringify([...expected].sort()) || undetermined.length > MOST_UNDETERMINED)
    throw new Error(
      `Cases passed or undetermined: ${found.join(', ')}; expected ${[...expected].sort().join(', ')}, at most ${MOST_UNDETERMINED} undetermined.\n${run.stdout}`,
    );
}

/** What the naive loop fails on any API: every case but the slow answers (it has no timeout to misuse) and the create (it makes none). */
export const NAIVE_FAILS = CASE_NAMES.filter((name) => name !== 'slow-answers' && name !== 'fault-create-reset');
