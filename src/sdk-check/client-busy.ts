// How long a client's processes have been on a CPU or queued for one, from Linux's schedstat
// (/proc/PID/task/PID/schedstat: run time, then run-queue wait, in ns), and what they have written
// (/proc/PID/io's wchar: a request's send shows there at once) and read (its rchar: an answer's
// read), sampled every 5 ms in a thread of its own, so that the mock's busy event loop delays no
// reading. A wait the client chose (a backoff timer) is spent off the CPU and out of its queue;
// one a busy machine made (its retry code starved of CPU) is spent on them. So from an answer to the client's send of its next
// request, the time neither running nor queued is the wait it chose, at any load: a client
// retrying at once chooses none however slow the machine makes it, or the mock (the time from the
// send to the mock's reading it is left out). Each process's main thread is read (where node,
// Python and most runtimes run a client's code). Where schedstat cannot be read (another system)
// the series is empty and the judge falls back on the client's own pace.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * One reading: this machine's ms, the tree's busy ms so far (on a CPU or queued for one), the bytes
 * it has written so far (a send among them), of its busy ms those queued, and the bytes it has read
 * so far (an answer among them) (the last two absent: not read).
 */
export type BusySample = readonly [
  wallMs: number,
  busyMs: number,
  writtenBytes: number,
  queuedMs?: number,
  readBytes?: number,
];

/** Run time plus run-queue wait (ns) from a schedstat line; undefined for anything else. */
export function busyNsOf(schedstat: string): number | undefined {
  const [running, waiting] = schedstat.trim().split(/\s+/).map(Number);
  return Number.isFinite(running) && Number.isFinite(waiting) ? (running as number) + (waiting as number) : undefined;
}

// The sampler, run in a worker of its own (plain JavaScript: it runs from the sources in tests).
// For each tracked process: the busy ns of every process of its tree last seen (a process that
// ends keeps what it spent), summed into one series.
const SAMPLER = `
const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const INTERVAL_MS = 5;
const tracked = new Map();
const read = (path) => { try { return readFileSync(path, 'utf8'); } catch { return ''; } };
const written = (io) => Number(/^wchar: (\\d+)/m.exec(io)?.[1] ?? 0);
const readIn = (io) => Number(/^rchar: (\\d+)/m.exec(io)?.[1] ?? 0);
const busyNs = (line) => { const [run, wait] = line.trim().split(/\\s+/).map(Number); return Number.isFinite(run) && Number.isFinite(wait) ? [run + wait, wait] : undefined; };
// A reading the thread was held in (a busy machine preempts it) has no instant: it is left out.
const READ_WITHIN_MS = 10;
function sample(root, state) {
  const readFrom = Date.now();
  const pending = [root];
  for (let at = 0; at < pending.length && at < 256; at += 1) {
    const pid = pending[at];
    const busy = busyNs(read('/proc/' + pid + '/task/' + pid + '/schedstat'));
    if (busy === undefined) continue;
    const io = read('/proc/' + pid + '/io');
    state.last.set(pid, [busy[0], written(io), busy[1], readIn(io)]);
    for (const child of read('/proc/' + pid + '/task/' + pid + '/children').split(/\\s+/)) if (/^\\d+$/.test(child)) pending.push(Number(child));
  }
  let busy = 0;
  let bytes = 0;
  let queued = 0;
  let got = 0;
  for (const [ns, wrote, waited, gotIn] of state.last.values()) { busy += ns; bytes += wrote; queued += waited; got += gotIn; }
  const readTo = Date.now();
  if (state.last.size > 0 && readTo - readFrom <= READ_WITHIN_MS) state.series.push([(readFrom + readTo) / 2, busy / 1e6, bytes, queued / 1e6, got]);
}
setInterval(() => { for (const [root, state] of tracked) sample(root, state); }, INTERVAL_MS);
parentPort.on('message', ({ track, untrack }) => {
  if (track !== undefined) { const state = { last: new Map(), series: [] }; tracked.set(track, state); sample(track, state); }
  if (untrack !== undefined) { const state = tracked.get(untrack); tracked.delete(untrack); parentPort.postMessage({ pid: untrack, series: state ? state.series : [] }); }
});
parentPort.postMessage({ ready: true });
`;

/** A write this large is a request (a runtime's own wake-ups write 8 bytes). */
export const REQUEST_BYTES = 64;
/**
 * A reading stamped this long after the mock saw a request read its files after it (a reading's
 * stamp is the middle of its files' reads, which take at most READ_WITHIN_MS): the send is in it.
 */
export const SETTLED_MS = 5;

/** A write read this close before a request came (or its bound) shows the client's sends are read. */
const SHOWN_WITHIN_MS = 50;

/** Whether this kernel keeps schedstat at all (read once). */
const readable = (() => {
  if (process.platform !== 'linux') return false;
  try {
    return busyNsOf(readFileSync('/proc/self/schedstat', 'utf8')) !== undefined;
  } catch {
    return false;
  }
})();

let worker: Worker | undefined;
let ready: Promise<void> | undefined;
const waiting = new Map<number, (series: BusySample[]) => void>();

/**
 * Starts the sampler (once; unreferenced, it keeps no process alive) and resolves when it reads:
 * awaited before a client starts, since on a busy machine a thread takes a second to start, and
 * the client's first requests (a case's edge) come sooner.
 */
export function busySamplerReady(): Promise<void> {
  if (!readable) return Promise.resolve();
  ready ??= new Promise<void>((resolve) => {
    const started = new Worker(SAMPLER, { eval: true });
    // Referenced only while an answer of it is awaited: it keeps no process alive otherwise.
    started.on('message', (message: { ready?: boolean; pid?: number; series?: BusySample[] }) => {
      if (message.ready) resolve();
      if (message.pid !== undefined) {
        waiting.get(message.pid)?.(message.series ?? []);
        waiting.delete(message.pid);
      }
      if (waiting.size === 0) started.unref();
    });
    // A sampler that cannot run leaves every series empty: the judge falls back on the client's pace.
    started.on('error', () => {
      worker = undefined;
      resolve();
      for (const answer of waiting.values()) answer([]);
      waiting.clear();
    });
    worker = started;
  });
  return ready;
}

/**
 * Samples the busy time of `pid`'s process tree (after busySamplerReady); the function returned
 * stops it and resolves with the series (empty where it cannot be read).
 */
export function sampleBusy(pid: number): () => Promise<BusySample[]> {
  if (!readable || !worker) return async () => [];
  const sampler = worker;
  sampler.postMessage({ track: pid });
  let stopped: Promise<BusySample[]> | undefined;
  return () => {
    stopped ??= new Promise<BusySample[]>((resolve) => {
      waiting.set(pid, resolve);
      sampler.ref();
      sampler.postMessage({ untrack: pid });
    });
    return stopped;
  };
}

/** Where a send lies in a series: the last reading at or before the answer, and the one that read the send. */
export type SendReadings = {
  before: number;
  sent: number;
  /** Whether the send's write was read; if not, `sent` is the last reading before the mock saw the request. */
  writeRead: boolean;
  /**
   * The last reading of a write that can be the send, where there are several read before the
   * mock saw the request (the bound on the send is loose where the mock was held): `sent` is the
   * first. Which was the send is not known.
   */
  lastWrite?: number;
};

/**
 * The readings around a client's send of a request seen at `toMs` after an answer at `fromMs`:
 * the first write read since `sentAfterMs` (the earliest instant it can have been sent: the mock's
 * loop would have read it sooner; by default the answer), up to the first reading made wholly
 * after `toMs`, which has the send however late a busy machine let the sampler make it. After the
 * send the client waits on the mock, which is not its choice; writes read earlier are not it (the
 * request it was refused for, read late; a log line), nor are those after (the next request).
 * Undefined where the series does not cover the span.
 */
export function sendReadings(
  series: readonly BusySample[],
  fromMs: number,
  toMs: number,
  sentAfterMs = fromMs,
): SendReadings | undefined {
  let before: number | undefined;
  let send: number | undefined;
  let lastWrite: number | undefined;
  let last: number | undefined;
  let settled = false;
  for (let at = 0; at < series.length && !settled; at += 1) {
    const sample = series[at] as BusySample;
    settled = sample[0] >= toMs + SETTLED_MS;
    if (sample[0] <= fromMs) before = at;
    else {
      if (sample[0] <= toMs) last = at;
      const previous = series[at - 1];
      const wrote = previous !== undefined && sample[2] - previous[2] >= REQUEST_BYTES;
      if (wrote && sample[0] >= sentAfterMs - SETTLED_MS) {
        send ??= at;
        // A write first read after the mock saw the request is the send only where none came before.
        if (sample[0] <= toMs) lastWrite = at;
      }
    }
  }
  if (before === undefined || last === undefined) return undefined;
  // No send read: the request went out within a reading of the mock seeing it, or the series ended first.
  const found: SendReadings = { before, sent: send ?? last, writeRead: settled && send !== undefined };
  if (lastWrite !== undefined && lastWrite !== send) found.lastWrite = lastWrite;
  return found;
}

/**
 * Whether the series shows the client's sends at all: the write of one of its requests was read
 * where it was sent. A client whose runtime sends with send(2), which Linux's wchar leaves out
 * (Python's sockets), or from a process too short-lived to be read (curl in a shell loop), shows
 * none: its retries are then judged on the clock alone, as where no series was read.
 */
export function sendsShown(
  series: readonly BusySample[],
  requests: ReadonlyArray<{ arrivedMs: number; sentAfterMs?: number }>,
): boolean {
  return requests.some((request) => {
    const from = Math.min(request.sentAfterMs ?? request.arrivedMs, request.arrivedMs) - SHOWN_WITHIN_MS;
    return sendReadings(series, from, request.arrivedMs, request.sentAfterMs)?.writeRead === true;
  });
}

/**
 * The wait a client chose between `fromMs` (an answer went out) and `toMs` (its next request was
 * seen): the time from `fromMs` to its send, less the time its tree spent on a CPU or queued for
 * one. Undefined where the series does not cover the span.
 */
export function chosenWaitMs(
  series: readonly BusySample[],
  fromMs: number,
  toMs: number,
  sentAfterMs?: number,
): number | undefined {
  const readings = sendReadings(series, fromMs, toMs, sentAfterMs);
  if (!readings) return undefined;
  const before = series[readings.before] as BusySample;
  const sent = series[readings.sent] as BusySample;
  return Math.max(0, sent[0] - fromMs - (sent[1] - before[1]));
}

/**
 * How long the client's tree waited off a CPU and out of its queue from `fromMs` until its last
 * write (its last words: an error it printed), a request's size or more. Undefined where it wrote
 * nothing since, or the series does not cover the span. Its exit is not the bound: a runtime may
 * idle a while on its way out (node's, half a second after an unhandled rejection on a busy machine).
 */
export function waitedBeforeLastWordsMs(series: readonly BusySample[], fromMs: number): number | undefined {
  const before = series.findLast((sample) => sample[0] <= fromMs);
  let words: BusySample | undefined;
  for (let at = series.length - 1; at > 0 && !words; at -= 1) {
    const sample = series[at] as BusySample;
    if (sample[0] <= fromMs) break;
    if (sample[2] - (series[at - 1] as BusySample)[2] >= REQUEST_BYTES) words = sample;
  }
  if (!before || !words) return undefined;
  return Math.max(0, words[0] - fromMs - (words[1] - before[1]));
}
