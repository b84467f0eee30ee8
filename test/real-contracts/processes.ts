// The servers of a run: the built mock, Prism's validation proxy and Prism's mock, each a node
// process started directly (no npx or npm wrapper, which would not pass a signal on) and
// stopped by its own PID, on success and on failure alike.
import { type ChildProcess, spawn } from 'node:child_process';

const KEPT_OUTPUT = 4_000_000;
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

export type Server = {
  /** The URL its banner printed. */
  url: string;
  pid: number;
  /** What it printed so far (the last few megabytes). */
  output(): string;
  stop(): Promise<void>;
};

const running = new Set<ChildProcess>();

/** The start of the reason when a server was stopped by a signal this run did not send: worth one more try. */
export const OUTSIDE_STOP = 'stopped from outside this run';

function waitForExit(child: ChildProcess, milliseconds: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), milliseconds);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (child.pid === undefined) return;
  child.kill('SIGTERM');
  if (!(await waitForExit(child, 3_000))) {
    child.kill('SIGKILL');
    await waitForExit(child, 3_000);
  }
}

/** Stops every server still running: the last step of a run, whatever happened before it. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map(stopChild));
}

/** Kills what is left at once, for a run interrupted by a signal. */
export function killAllNow(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/**
 * Runs `node SCRIPT ARGS` and resolves once its output matches `banner` (whose first group is
 * the URL); rejects with the output's end when it exits first or prints none within the bound.
 */
export function startServer(args: string[], banner: RegExp, seconds: number, cwd: string): Promise<Server> {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  let settled = false;
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stopChild(child).then(() => reject(new Error(`${reason}\n${output.slice(-3_000)}`)));
    };
    const timer = setTimeout(() => fail(`no banner within ${seconds} s`), seconds * 1000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString().replace(ANSI, '')).slice(-KEPT_OUTPUT);
      const url = banner.exec(output)?.[1];
      if (url && !settled) {
        settled = true;
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.on('data', keep);
        child.stderr?.off('data', onData);
        child.stderr?.on('data', keep);
        resolve({ url, pid: child.pid ?? 0, output: () => output, stop: () => stopChild(child) });
      }
    };
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString().replace(ANSI, '')).slice(-KEPT_OUTPUT);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) =>
      fail(signal ? `${OUTSIDE_STOP}: ${signal} before its banner` : `exited (${code}) before its banner`),
    );
    child.once('error', (error) => fail(`could not start: ${error.message}`));
  });
}
