// One case: a mock world of its own (a scope of the run's mock, on a loopback port of its own) on
// this machine's clock (the clock case's 5 minutes behind it), set up as the catalogue says; the SDK author's
// command run against it with PETSTORE_BASE_URL and PETSTORE_API_KEY (and where the contract takes
// the key: PETSTORE_API_KEY_IN, PETSTORE_API_KEY_NAME); the case armed by the
// client's first request, which finds the key's windows, ban, storm or fault set at that instant
// (the time limit counts from there, and as long again for the command to start); then the
// verdict from what the mock recorded.
import { spawn } from 'node:child_process';
import { buildTimeline, type Timeline } from '../limits/timeline.js';
import { createCaseGate } from './case-gate.js';
import { armingOf, type CaseHost } from './case-world.js';
import type { SdkCase } from './catalogue.js';
import { busySamplerReady, sampleBusy } from './client-busy.js';
import { keyPlaceEnv } from './client-credential.js';
import type { PlannedCase } from './contract-cases.js';
import { type ClientRun, judgeCase, type Verdict } from './judge.js';
import { type SeenRequest, seenRequests } from './seen-requests.js';

/** The key every case gives the client: written as $PETSTORE_API_KEY wherever a report shows it. */
export const CASE_KEY = 'sdk-check-case-key';
const KEY_SHOWN = '$PETSTORE_API_KEY';
/** The last lines of the client's output kept for the report. */
const OUTPUT_LINES = 30;

export type CaseResult = {
  case: SdkCase;
  verdict: Verdict;
  run: ClientRun;
  /** Requests the client made in the case. */
  requests: number;
  /** The end of what the client printed (stdout and stderr). */
  output: string;
  /** The client's requests over time (none for a case skipped). */
  timeline: Timeline;
  /** Its requests as the case's mock saw them come (none for a case skipped). */
  seen: SeenRequest[];
  /** How the case ran on the contract served, where not as on the Pet Store's (for the reports). */
  adapted?: string[];
  /** Which run of the case this is, where an earlier one was undetermined (run again alone). */
  runNumber?: number;
};

export type ClientCommand = { command: string; args: readonly string[] };

/** A value for the reports, the case's key written as $PETSTORE_API_KEY wherever it shows (a path's query). */
const withoutKey = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll(CASE_KEY, KEY_SHOWN)) as T;
/** The key as HTTP basic carries it (the key as the user name, no password), for a client that prints its Authorization. */
const BASIC_KEY = Buffer.from(`${CASE_KEY}:`).toString('base64');
/** A client's output without its key, in clear or as basic credentials. */
const outputWithoutKey = (output: string) =>
  output.replaceAll(CASE_KEY, KEY_SHOWN).replaceAll(BASIC_KEY, `base64(${KEY_SHOWN}:)`);

async function runClient(
  client: ClientCommand,
  env: Record<string, string>,
  timeoutSeconds: number,
  firstRequest: Promise<void>,
): Promise<ClientRun & { output: string }> {
  await busySamplerReady();
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(client.command, [...client.args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that a time limit stops whatever it started too.
      detached: true,
    });
    const stopSampling = child.pid === undefined ? async () => [] : sampleBusy(child.pid);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).split('\n').slice(-OUTPUT_LINES).join('\n');
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let timedOut = false;
    let firstRequestSeconds: number | undefined;
    const stop = () => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    // As long to start as to run: a command that takes seconds to start (npm run, tsx, pytest) is not cut short.
    let timer = setTimeout(stop, timeoutSeconds * 1000);
    void firstRequest.then(() => {
      firstRequestSeconds = (Date.now() - started) / 1000;
      clearTimeout(timer);
      if (!timedOut) timer = setTimeout(stop, timeoutSeconds * 1000);
    });
    let done = false;
    const finish = (exitCode: number | null, startError?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const seconds = (Date.now() - started) / 1000;
      void stopSampling().then((clientBusy) =>
        resolve({
          exitCode,
          timedOut,
          seconds,
          timeoutSeconds,
          ...(firstRequestSeconds === undefined ? {} : { firstRequestSeconds }),
          ...(startError ? { startError } : {}),
          ...(clientBusy.length > 0 ? { clientBusy } : {}),
          output,
        }),
      );
    };
    child.on('error', (error) => finish(null, error.message));
    child.on('close', (code) => finish(code));
  });
}

/**
 * A few turns of the event loop, each with a poll that waits a little: a connection the client
 * opened is accepted in one, its request read in the next.
 */
const afterPendingReads = async () => {
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setTimeout(resolve, 10));
};

export async function runCase(
  testCase: SdkCase,
  client: ClientCommand,
  timeoutSeconds: number,
  host: CaseHost,
): Promise<CaseResult> {
  const gate = createCaseGate(testCase, host.profile.dialect);
  const world = await host.openCase(gate);
  try {
    const { control } = world;
    const { setUp } = testCase;
    // This machine's clock, untouched, but in the case about clocks.
    if (setUp.clockBehindMinutes)
      await control.moveClock({ now: new Date(Date.now() - setUp.clockBehindMinutes * 60_000) });
    await control.updateSettings({
      retryAfterFormat: setUp.retryAfterFormat,
      ...(setUp.banThreshold ? { ban: { threshold: setUp.banThreshold } } : {}),
    });
    await control.putKey(CASE_KEY, 'free', setUp.limits);
    if (setUp.latencyMs) await control.setLatency({ ms: setUp.latencyMs });
    gate.open(control, CASE_KEY, armingOf(testCase, world, CASE_KEY, host.profile));
    const run = await runClient(
      client,
      {
        PETSTORE_BASE_URL: world.url,
        PETSTORE_API_KEY: CASE_KEY,
        ...keyPlaceEnv(host.profile.credential),
        PETSTORE_SDK_CHECK_CASE: testCase.name,
      },
      timeoutSeconds,
      gate.firstRequest,
    );
    // What the client sent before it ended is read first (a loaded mock may not have come to a
    // request it left to its timeout); no request comes once the case has closed its port: what
    // follows reads a settled record.
    await afterPendingReads();
    await world.close();
    const record = await control.requests(CASE_KEY);
    const { output, ...clientRun } = run;
    const exchanges = gate.exchanges;
    const judged = { ...clientRun, emptyConnections: gate.emptyConnections };
    const verdict = judgeCase(testCase, record, { ...judged, roadCleared: gate.cleared, exchanges });
    return {
      case: testCase,
      // A key in the query (a contract's apiKey in: query) is in every path the verdict names.
      verdict: withoutKey(verdict),
      run: judged,
      // Those it left before the mock came to them are the gate's alone.
      requests: Math.max(record.length, exchanges.length),
      // A client that prints its key (in a URL, a curl line, an error) leaves it out of the reports.
      output: outputWithoutKey(output),
      timeline: withoutKey({ ...(await control.timeline(CASE_KEY, 2)), key: KEY_SHOWN }),
      seen: withoutKey(seenRequests(exchanges)),
    };
  } finally {
    await world.close();
  }
}

/** A case the contract served cannot run (it lacks what the case needs): its verdict says why, no client is run. */
export function skippedResult(plan: PlannedCase, timeoutSeconds: number): CaseResult {
  return {
    case: plan.case,
    verdict: { status: 'skipped', reasons: [], notes: [plan.skipped ?? 'skipped'] },
    run: { exitCode: null, timedOut: false, seconds: 0, timeoutSeconds },
    requests: 0,
    output: '',
    timeline: buildTimeline({
      key: KEY_SHOWN,
      record: [],
      nowMs: Date.now(),
      minutes: 2,
      perMinute: plan.case.setUp.limits.perMinute,
    }),
    seen: [],
    adapted: [],
  };
}
