// `serve --workers N`: N processes serving one port through node:cluster (the primary accepts the
// connections and hands them round the workers). Each worker runs the same serve command. The
// first starts alone and does the start-time work once (the first fill, --reset, the start
// options), as a single serve would; the others then join the state it prepared. The primary
// prints the banner once all serve, replaces a worker that dies, and on SIGTERM or SIGINT lets
// every worker finish its requests under way and stop.
import cluster, { type Worker } from 'node:cluster';
import { createRestartPolicy, DEFAULT_RESTART_POLICY, type RestartPolicyOptions } from './worker-restarts.js';

const SERVING = 'petstore-mock:serving';
type ServingMessage = { kind: typeof SERVING; banner: string };

function isServingMessage(message: unknown): message is ServingMessage {
  return typeof message === 'object' && message !== null && (message as { kind?: unknown }).kind === SERVING;
}

/** A worker's close lets requests finish for 5 s, then cuts them (server.ts): past this, it is stuck. */
const DRAIN_TIMEOUT_MS = 15_000;

export type WorkersOptions = {
  count: number;
  /** A line for a person. */
  log: (line: string) => void;
  /** A line saying what went wrong. */
  warn: (line: string) => void;
  restartPolicy?: RestartPolicyOptions;
};

export function isWorker(): boolean {
  return cluster.isWorker;
}

/** In a worker: whether it is the one that starts alone and does the start-time work (ids start at 1). */
export function isFirstWorker(): boolean {
  return cluster.worker?.id === 1;
}

/** In a worker: the start of its log lines, saying which process answered. */
export function workerLabel(): string {
  return `[worker ${cluster.worker?.id ?? '?'} pid ${process.pid}]`;
}

/** In a worker: tells the primary it serves, with the banner for the primary to print once. */
export function reportServing(banner: string): void {
  const message: ServingMessage = { kind: SERVING, banner };
  process.send?.(message);
}

/** In a worker that could not start: the channel to the primary would otherwise keep it alive. */
export function releaseFromPrimary(): void {
  process.channel?.unref();
}

type WorkerState = { servingSince: number | undefined; replaces: Worker | undefined };

const describeExit = (code: number | null, signal: string | null) =>
  signal ? `killed by ${signal}` : `exit code ${code ?? '?'}`;
const nameOf = (worker: Worker) => `worker ${worker.id} (pid ${worker.process.pid ?? '?'})`;

/** Runs the workers until they are stopped; resolves with the primary's exit code. */
export function serveWithWorkers(options: WorkersOptions): Promise<number> {
  const policyOptions = options.restartPolicy ?? DEFAULT_RESTART_POLICY;
  const policy = createRestartPolicy(policyOptions);
  const live = new Map<Worker, WorkerState>();
  const pendingForks = new Set<NodeJS.Timeout>();
  let starting = true;
  let stopping = false;
  let exitCode = 0;
  let banner: string | undefined;
  let drainTimer: NodeJS.Timeout | undefined;

  return new Promise<number>((resolve) => {
    const finish = () => {
      clearTimeout(drainTimer);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(exitCode);
    };

    const stop = (code: number) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      for (const timer of pendingForks) clearTimeout(timer);
      if (live.size === 0) return finish();
      for (const worker of live.keys()) worker.process.kill('SIGTERM');
      drainTimer = setTimeout(() => {
        for (const worker of live.keys()) {
          options.warn(`petstore-mock: ${nameOf(worker)} did not stop within ${DRAIN_TIMEOUT_MS / 1000} s; killed.`);
          worker.process.kill('SIGKILL');
        }
        exitCode = 1;
      }, DRAIN_TIMEOUT_MS);
    };

    function onSignal(signal: NodeJS.Signals) {
      if (stopping) return;
      options.log(`\n${signal}: the ${live.size} workers finish the requests under way, then stop.`);
      stop(0);
    }
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);

    const onServing = (worker: Worker, state: WorkerState, message: ServingMessage) => {
      state.servingSince = performance.now();
      if (stopping) return;
      if (!starting) {
        options.log(`${nameOf(worker)} serves${state.replaces ? ` in place of worker ${state.replaces.id}` : ''}.`);
        return;
      }
      if (banner === undefined) {
        banner = message.banner;
        for (let index = 1; index < options.count; index += 1) fork();
      }
      if (live.size < options.count || [...live.values()].some((other) => other.servingSince === undefined)) return;
      starting = false;
      const pids = [...live.keys()].map((each) => each.process.pid).join(', ');
      options.log(banner);
      options.log(
        `  ${live.size} workers serve this port (pids ${pids}). SIGTERM or Ctrl-C to pid ${process.pid} stops them all.\n`,
      );
    };

    const onExit = (worker: Worker, code: number | null, signal: string | null) => {
      const state = live.get(worker);
      live.delete(worker);
      if (stopping) {
        // A worker still starting has no handler yet and dies of the signal itself: nothing was under way.
        const clean = code === 0 || signal === 'SIGTERM' || signal === 'SIGINT';
        if (!clean && exitCode === 0) {
          options.warn(`petstore-mock: ${nameOf(worker)} did not stop cleanly (${describeExit(code, signal)}).`);
          exitCode = 1;
        }
        if (live.size === 0) finish();
        return;
      }
      if (starting) {
        options.warn(
          `petstore-mock: ${nameOf(worker)} stopped before serving (${describeExit(code, signal)}); ` +
            'its message above says why. Stopping the other workers.',
        );
        return stop(1);
      }
      const servedMs = state?.servingSince === undefined ? undefined : performance.now() - state.servingSince;
      const decision = policy.afterDeath(servedMs);
      if (!decision.replace) {
        options.warn(
          `petstore-mock: workers died ${decision.quickDeaths} times in a row, each before serving ` +
            `${policyOptions.quickMs / 1000} s (the last: ${nameOf(worker)}, ${describeExit(code, signal)}); ` +
            'their messages above say why. Stopping the other workers.',
        );
        return stop(1);
      }
      const wait = decision.delayMs > 0 ? ` in ${decision.delayMs} ms` : '';
      options.log(`${nameOf(worker)} stopped (${describeExit(code, signal)}); another starts in its place${wait}.`);
      const timer = setTimeout(() => {
        pendingForks.delete(timer);
        fork(worker);
      }, decision.delayMs);
      pendingForks.add(timer);
    };

    const fork = (replaces?: Worker) => {
      // A signal came while starting: no worker is forked after the others were told to stop.
      if (stopping) return;
      const worker = cluster.fork();
      const state: WorkerState = { servingSince: undefined, replaces };
      live.set(worker, state);
      worker.on('message', (message: unknown) => {
        if (isServingMessage(message)) onServing(worker, state, message);
      });
      worker.on('exit', (code, signal) => onExit(worker, code, signal));
    };

    fork();
  });
}
