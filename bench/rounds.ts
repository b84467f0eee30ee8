// Compared loads in alternating rounds, and the rows of the bench's table made from them: what
// run-bench.ts and redis-rows.ts measure with.
import autocannon from 'autocannon';
import type { Load } from './loads.js';
import { peakRssDuring, processTreeCpuMs, type Running } from './processes.js';
import { ratio } from './targets.js';

export type Figures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  peakRssMb: number;
  /** The server's main-thread CPU time per answered request (with its workers', under --workers), in microseconds. */
  cpuUsPerRequest: number;
  errors: number;
};
/** One round of a compared load: each server's figures, by its name in the comparison. */
export type Round = Record<string, Figures>;
/**
 * A row of the table. Figures are medians across rounds; ratios are the medians of each round's
 * ratio. `ratio` and `p99Ratio` are the mock's against the floor, or, where the row's name says
 * so, against another mock measured in the same rounds (fewer pets, fewer keys).
 */
export type Row = {
  load: string;
  mock: Figures;
  floor?: Figures;
  bare?: Figures;
  ratio?: number;
  p99Ratio?: number;
  /** CPU per request over the reference's (rows measured against another mock). */
  cpuRatio?: number;
  /** The floor's requests/s over bare Express's. */
  floorRatio?: number;
  rounds?: Round[];
};
export const MOCK = 'mock';
export const FLOOR = 'floor';
export const BARE = 'bare';

/** A short unmeasured load first: every server compiles and caches what it needs on first use. */
export const WARM_UP_SECONDS = 1;
/**
 * Compared loads run in rounds, each server in turn in each: on a shared machine, speed drifts by
 * ±15% from one minute to the next, and each round's ratio is taken between runs seconds apart.
 * The median of the rounds' ratios is the figure.
 */
export const ROUNDS = 5;
export const ROUND_SECONDS = 2;

async function measure(server: Running, load: Load, seconds: number): Promise<Figures> {
  const cpuBeforeMs = processTreeCpuMs(server.child.pid);
  const { result, peakMb } = await peakRssDuring(server.child.pid, () =>
    autocannon({ ...load.options(server.origin), duration: seconds }),
  );
  const cpuMs = processTreeCpuMs(server.child.pid) - cpuBeforeMs;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    peakRssMb: peakMb,
    cpuUsPerRequest: Math.round((cpuMs * 1000) / Math.max(1, result.requests.total)),
    // Answers the load did not expect: 4xx/5xx (a create's 201 is expected).
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function warmUp(server: Running, load: Load): Promise<void> {
  await autocannon({ ...load.options(server.origin), duration: WARM_UP_SECONDS });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function combine(figures: Figures[]): Figures {
  return {
    requestsPerSecond: median(figures.map((figure) => figure.requestsPerSecond)),
    p50Ms: median(figures.map((figure) => figure.p50Ms)),
    p99Ms: median(figures.map((figure) => figure.p99Ms)),
    peakRssMb: figures.reduce((peak, figure) => Math.max(peak, figure.peakRssMb), 0),
    cpuUsPerRequest: median(figures.map((figure) => figure.cpuUsPerRequest)),
    errors: figures.reduce((sum, figure) => sum + figure.errors, 0),
  };
}

/**
 * Every server under the same load, in alternating rounds. Each round starts with the next server
 * in turn, so that none always runs first, or right after the same other one.
 */
export async function inRounds(servers: Record<string, Running>, load: Load): Promise<Round[]> {
  const entries = Object.entries(servers);
  for (const [, server] of entries) await warmUp(server, load);
  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const figures: Round = {};
    for (let turn = 0; turn < entries.length; turn += 1) {
      const [name, server] = entries[(round + turn) % entries.length] as [string, Running];
      figures[name] = await measure(server, load, ROUND_SECONDS);
    }
    rounds.push(figures);
  }
  return rounds;
}

function figuresOf(round: Round, name: string): Figures {
  const figures = round[name];
  if (!figures) throw new Error(`No figures of ${name} in the round.`);
  return figures;
}

/** The median of the rounds' ratios of `name` to `reference`, on one figure. */
function ratioIn(rounds: Round[], name: string, reference: string, figure: (figures: Figures) => number): number {
  return median(rounds.map((round) => figure(figuresOf(round, name)) / figure(figuresOf(round, reference))));
}

const perSecond = (figures: Figures) => figures.requestsPerSecond;
export const p99 = (figures: Figures) => figures.p99Ms;

/** The row of the mock `name` in `rounds`: against `reference` if given, with the floor and bare Express if there. */
export function rowOf(load: string, rounds: Round[], name: string, reference?: string): Row {
  const combined = (server: string) => combine(rounds.map((round) => figuresOf(round, server)));
  const first = rounds[0] ?? {};
  const row: Row = { load, mock: combined(name), rounds };
  if (reference !== undefined) {
    row.ratio = ratioIn(rounds, name, reference, perSecond);
    row.p99Ratio = ratioIn(rounds, name, reference, p99);
    row.cpuRatio = ratioIn(rounds, name, reference, (figures) => figures.cpuUsPerRequest);
  }
  if (FLOOR in first) row.floor = combined(FLOOR);
  if (BARE in first) row.bare = combined(BARE);
  if (FLOOR in first && BARE in first) row.floorRatio = ratioIn(rounds, FLOOR, BARE, perSecond);
  return row;
}

export const ratioText = (value: number | undefined) => (value === undefined ? '' : ratio(value));

export function logRow(row: Row): void {
  const floor = row.floor ? `, floor ${row.floor.requestsPerSecond}/s` : '';
  const bare = row.bare ? `, bare ${row.bare.requestsPerSecond}/s` : '';
  console.log(`  ${row.load}: mock ${row.mock.requestsPerSecond}/s${floor}${bare}, ratio ${ratioText(row.ratio)}`);
}

/** A Markdown table, its columns padded to their widest cell. */
export function formatTable(header: string[], lines: string[][]): string {
  const widths = header.map((title, column) =>
    lines.reduce((widest, line) => Math.max(widest, (line[column] ?? '').length), title.length),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...lines.map(format)].join('\n');
}
