// One case: a fresh mock world in this process (in memory, a free loopback port), set up as the
// catalogue says; the SDK author's command run against it with PETSTORE_BASE_URL and
// PETSTORE_API_KEY, within a time limit; then the verdict from what the mock recorded.
import { spawn } from 'node:child_process';
import type { Timeline } from '../limits/timeline.js';
import { createMockServer } from '../server.js';
import type { SdkCase } from './catalogue.js';
import { type ClientRun, judgeCase, type Verdict } from './judge.js';

/** The key every case gives the client. */
export const CASE_KEY = 'sdk-check';
/** The last lines of the client's output kept for the report. */
const OUTPUT_LINES = 30;

export type CaseResult = {
  case: SdkCase;
  verdict: Verdict;
  run: ClientRun;
  /** The end of what the client printed (stdout and stderr). */
  output: string;
  timeline: Timeline;
};

export type ClientCommand = { command: string; args: readonly string[] };

function runClient(
  client: ClientCommand,
  env: Record<string, string>,
  timeoutSeconds: number,
): Promise<ClientRun & { output: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(client.command, [...client.args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that a time limit stops whatever it started too.
      detached: true,
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).split('\n').slice(-OUTPUT_LINES).join('\n');
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutSeconds * 1000);
    const finish = (exitCode: number | null, note = '') => {
      clearTimeout(timer);
      resolve({ exitCode, timedOut, seconds: (Date.now() - started) / 1000, timeoutSeconds, output: output + note });
    };
    child.on('error', (error) => finish(null, `\n${client.command} could not be started: ${error.message}`));
    child.on('close', (code) => finish(code));
  });
}

export async function runCase(testCase: SdkCase, client: ClientCommand, timeoutSeconds: number): Promise<CaseResult> {
  const mock = await createMockServer({ data: ':memory:', port: 0, host: '127.0.0.1', log: false });
  try {
    const { control } = mock;
    const { setUp } = testCase;
    // Frozen while the world is set up, so that every case starts its client at the same instant.
    await control.moveClock({ now: new Date(setUp.clockStart), frozen: true });
    await control.updateSettings({ retryAfterFormat: setUp.retryAfterFormat });
    await control.putKey(CASE_KEY, 'free', setUp.limits);
    for (let spent = 0; spent < (setUp.spentBefore ?? 0); spent += 1) {
      const answer = await fetch(`${mock.url}/categories?limit=1`, { headers: { 'X-API-Key': CASE_KEY } });
      await answer.arrayBuffer();
    }
    await control.clearRequests(CASE_KEY);
    if (setUp.banSeconds) await control.ban(CASE_KEY, setUp.banSeconds);
    if (setUp.storm) await control.startStorm({ ...setUp.storm, keys: [CASE_KEY] });
    if (setUp.latencyMs) await control.setLatency({ ms: setUp.latencyMs });
    await control.moveClock({ frozen: false });
    const run = await runClient(client, { PETSTORE_BASE_URL: mock.url, PETSTORE_API_KEY: CASE_KEY }, timeoutSeconds);
    const record = await control.requests(CASE_KEY);
    const compliance = await control.compliance(CASE_KEY);
    const { output, ...clientRun } = run;
    return {
      case: testCase,
      verdict: judgeCase(testCase, record, compliance, clientRun),
      run: clientRun,
      output,
      timeline: await control.timeline(CASE_KEY, 2),
    };
  } finally {
    await mock.close();
  }
}
