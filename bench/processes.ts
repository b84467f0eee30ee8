// Starting the servers under test as separate processes, and watching their memory.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = `${PACKAGE_ROOT}bin/petstore-mock.js`;
export const BASELINE = fileURLToPath(new URL('./baseline-server.js', import.meta.url));
export const FLOOR = fileURLToPath(new URL('./floor-server.js', import.meta.url));

export type Running = { child: ChildProcess; origin: string; startedMs: number; stop(): Promise<void> };

/** A command other than `node` that starts a server, such as npm, in the folder it runs in. */
type Wrapper = { command: string; cwd: string };

/**
 * Starts a server process (`node ARGS`, or `wrapper.command ARGS`) and resolves once it printed
 * the URL or port it listens on. A wrapper runs in a process group of its own and is stopped
 * whole: npm passes no signal on to the server it started.
 */
export function startProcess(
  args: string[],
  pattern: RegExp,
  toOrigin: (match: RegExpExecArray) => string,
  wrapper?: Wrapper,
): Promise<Running> {
  const startedMs = performance.now();
  const child = wrapper
    ? spawn(wrapper.command, args, { cwd: wrapper.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const signal = () => {
    if (wrapper && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    else child.kill('SIGTERM');
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({
        child,
        origin: toOrigin(match),
        startedMs,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            signal();
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}

const API_LINE = /API\s+(http:\/\/[^/\s]+)/;

export function startMock(extraArgs: string[]): Promise<Running> {
  return startProcess([CLI, 'serve', '--port', '0', '--quiet', ...extraArgs], API_LINE, (match) => match[1] as string);
}

/**
 * `npm start` in this checkout, as a developer runs it once it is built: npm, the check that
 * dist/ is up to date, then the serve (on `dataFile`, as one kept from an earlier run).
 */
export function startNpmStart(dataFile: string): Promise<Running> {
  return startProcess(
    ['start', '--', '--port', '0', '--quiet', '--data', dataFile],
    API_LINE,
    (match) => match[1] as string,
    { command: 'npm', cwd: PACKAGE_ROOT },
  );
}

export function startBaseline(): Promise<Running> {
  return startProcess([BASELINE], /listening (\d+)/, (match) => `http://127.0.0.1:${match[1]}`);
}

/** Express with express-openapi-validator checking both ways, storing nothing (floor-server.ts). */
export function startFloor(): Promise<Running> {
  return startProcess([FLOOR], /listening (\d+)/, (match) => `http://127.0.0.1:${match[1]}`);
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/**
 * CPU time of a process's main thread in ms (Linux /proc: user + system, in clock ticks of
 * 10 ms). The main thread runs the server's JavaScript: its time per request is what bounds
 * requests/s, and it varies less than requests/s when the load generator shares the cores.
 */
export function mainThreadCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
}

/** The processes a process started (Linux /proc): the workers of serve --workers. */
function childrenOf(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children === '' ? [] : children.split(' ').map(Number);
  } catch {
    return [];
  }
}

/** mainThreadCpuMs of a process and of its children: under --workers, every process that answers. */
export function processTreeCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  return childrenOf(pid).reduce((sum, child) => sum + mainThreadCpuMs(child), mainThreadCpuMs(pid));
}

/** rssMb of a process and of its children. */
export function processTreeRssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const total = childrenOf(pid).reduce((sum, child) => sum + rssMb(child), rssMb(pid));
  return Math.round(total * 10) / 10;
}

/** Samples a process's RSS (with its children's) every 100 ms while `work` runs, and returns the peak. */
export async function peakRssDuring<T>(
  pid: number | undefined,
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number }> {
  let peakMb = processTreeRssMb(pid);
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, processTreeRssMb(pid));
  }, 100);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, processTreeRssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}
