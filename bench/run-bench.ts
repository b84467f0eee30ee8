// `npm run bench`: the mock against a bare Express baseline, in one run on one machine, loaded by
// autocannon on loopback. Prints a table with each figure of the mock as a ratio to the
// baseline, and writes the results as JSON (bench-results/) so that runs can be compared.
// Bounded: about four minutes.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import {
  BENCH_KEY,
  CONNECTIONS,
  CREATE,
  DURATION_SECONDS,
  type Load,
  MIXED,
  READ_ONE,
  READ_PAGE,
  UPDATE_STOCK,
} from './loads.js';
import {
  mainThreadCpuMs,
  PACKAGE_ROOT,
  peakRssDuring,
  type Running,
  rssMb,
  startBaseline,
  startMock,
} from './processes.js';
import { storeCreatesPerSecond } from './store-alone.js';
import { checkTargets, type RunFigures, ratio, renderTargets, type TargetCheck } from './targets.js';

type Figures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  peakRssMb: number;
  /** The server's main-thread CPU time per answered request, in microseconds. */
  cpuUsPerRequest: number;
  errors: number;
};
/** A compared row: figures are medians across rounds; ratios are the medians of each round's ratio. */
type Row = {
  load: string;
  mock: Figures;
  baseline?: Figures;
  ratio?: number;
  p99Ratio?: number;
  /** Baseline's CPU per request over the mock's, median of the rounds: 1 would be as cheap. */
  cpuRatio?: number;
  rounds?: Array<{ mock: Figures; baseline: Figures }>;
};
/** A row of two servers measured in turn: every figure is there. */
type ComparedRow = Required<Row>;
/** The run's figures beside the table's rows, filled in as they are measured (and written to the JSON). */
type Extras = {
  storeAloneCreatesPerSecond: Record<string, number>;
  coldStartMs?: number;
  baselineColdStartMs?: number;
  idleRssMb?: number;
  targets?: TargetCheck[];
};

const KEYS_ROW = 'read one pet, 100,000 keys (ratio: to 10 keys)';

const UNLIMITED = {
  key: BENCH_KEY,
  plan: 'enterprise' as const,
  limits: { perMinute: 1_000_000_000, perDay: 100_000_000_000 },
};

/** A short unmeasured load first: both servers compile and cache what they need on first use. */
const WARM_UP_SECONDS = 1;
/**
 * Compared loads run in rounds, the baseline and the mock one after the other in each: on a
 * shared machine, speed drifts by ±15% from one minute to the next, and each round's ratio is
 * taken between two runs seconds apart. The median of the rounds' ratios is the figure.
 */
const ROUNDS = 5;
const ROUND_SECONDS = 2;

async function measure(server: Running, load: Load, seconds = DURATION_SECONDS): Promise<Figures> {
  const cpuBeforeMs = mainThreadCpuMs(server.child.pid);
  const { result, peakMb } = await peakRssDuring(server.child.pid, () =>
    autocannon({ ...load.options(server.origin), duration: seconds }),
  );
  const cpuMs = mainThreadCpuMs(server.child.pid) - cpuBeforeMs;
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function combine(figures: Figures[]): Figures {
  return {
    requestsPerSecond: median(figures.map((figure) => figure.requestsPerSecond)),
    p50Ms: median(figures.map((figure) => figure.p50Ms)),
    p99Ms: median(figures.map((figure) => figure.p99Ms)),
    peakRssMb: Math.max(...figures.map((figure) => figure.peakRssMb)),
    cpuUsPerRequest: median(figures.map((figure) => figure.cpuUsPerRequest)),
    errors: figures.reduce((sum, figure) => sum + figure.errors, 0),
  };
}

/** `baseline` and `mock` under the same load, in alternating rounds. */
async function compare(name: string, baseline: Running, mock: Running, load: Load): Promise<ComparedRow> {
  await warmUp(baseline, load);
  await warmUp(mock, load);
  const rounds: Array<{ mock: Figures; baseline: Figures }> = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const baselineFigures = await measure(baseline, load, ROUND_SECONDS);
    rounds.push({ baseline: baselineFigures, mock: await measure(mock, load, ROUND_SECONDS) });
  }
  return {
    load: name,
    mock: combine(rounds.map((round) => round.mock)),
    baseline: combine(rounds.map((round) => round.baseline)),
    ratio: median(rounds.map((round) => round.mock.requestsPerSecond / round.baseline.requestsPerSecond)),
    p99Ratio: median(rounds.map((round) => round.mock.p99Ms / round.baseline.p99Ms)),
    cpuRatio: median(rounds.map((round) => round.baseline.cpuUsPerRequest / round.mock.cpuUsPerRequest)),
    rounds,
  };
}

/** A data file with `pets` pets and `keys` extra API keys, for the mock to start on. */
async function dataFile(folder: string, name: string, pets: number, keys = 0): Promise<string> {
  const data = generateDataSet({ pets, orders: 10 });
  data.apiKeys.push(UNLIMITED);
  for (let index = 0; index < keys; index += 1) data.apiKeys.push({ key: `bench-key-${index}`, plan: 'pro' });
  const file = join(folder, `${name}.json`);
  await writeFile(file, JSON.stringify(data));
  return file;
}

/** Time from spawning a server to its first answer of a pet; the mock and bare Express in turn. */
async function coldStarts(): Promise<{ mockMs: number; baselineMs: number }> {
  const mock: number[] = [];
  const baseline: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = await startMock(['--data', ':memory:', '--key', `${BENCH_KEY}:enterprise:1000000:100000000`]);
    await fetch(`${started.origin}/v1/pets/by-id/1`, { headers: { 'X-API-Key': BENCH_KEY } });
    mock.push(performance.now() - started.startedMs);
    await started.stop();
    const bare = await startBaseline();
    await fetch(`${bare.origin}/v1/pets/by-id/1`);
    baseline.push(performance.now() - bare.startedMs);
    await bare.stop();
  }
  return { mockMs: Math.round(median(mock)), baselineMs: Math.round(median(baseline)) };
}

const ratioText = (value: number | undefined) => (value === undefined ? '' : ratio(value));

function renderTable(rows: Row[]): string {
  const header = [
    'load',
    'mock req/s',
    'base req/s',
    'ratio',
    'mock p50/p99 ms',
    'base p50/p99 ms',
    'p99 ratio',
    'mock/base CPU us/req',
    'CPU ratio',
    'mock peak RSS MB',
    'base MB',
  ];
  const lines = rows.map((row) => [
    row.load,
    String(row.mock.requestsPerSecond),
    String(row.baseline?.requestsPerSecond ?? ''),
    ratioText(row.ratio),
    `${row.mock.p50Ms}/${row.mock.p99Ms}`,
    row.baseline ? `${row.baseline.p50Ms}/${row.baseline.p99Ms}` : '',
    ratioText(row.p99Ratio),
    `${row.mock.cpuUsPerRequest}${row.baseline ? `/${row.baseline.cpuUsPerRequest}` : ''}`,
    ratioText(row.cpuRatio),
    String(row.mock.peakRssMb),
    String(row.baseline?.peakRssMb ?? ''),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...lines.map(format)].join('\n');
}

function rowNamed(rows: Row[], load: string): Row {
  const row = rows.find((candidate) => candidate.load === load);
  if (!row) throw new Error(`The bench has no row "${load}".`);
  return row;
}

/** The figures the targets are checked against, from the rows and the run's other measurements. */
function runFigures(rows: Row[], extra: Extras): RunFigures {
  const compared = (load: string) => {
    const row = rowNamed(rows, load);
    return { ratio: row.ratio ?? 0, p99Ratio: row.p99Ratio ?? Number.POSITIVE_INFINITY };
  };
  const creates = (pets: string) => rowNamed(rows, `create a pet, ${pets} pets stored`).mock.requestsPerSecond;
  return {
    readOne: compared(READ_ONE.name),
    readPage: compared(READ_PAGE.name),
    bareExpressPerSecond: rowNamed(rows, READ_ONE.name).baseline?.requestsPerSecond ?? 0,
    createsPerSecond: { pets10k: creates('10,000'), pets100k: creates('100,000') },
    coldStartMs: extra.coldStartMs ?? Number.POSITIVE_INFINITY,
    idleRssMb: extra.idleRssMb ?? Number.POSITIVE_INFINITY,
    keysRatio: rowNamed(rows, KEYS_ROW).ratio ?? 0,
  };
}

async function main(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'petstore-bench-'));
  const rows: Row[] = [];
  const extra: Extras = { storeAloneCreatesPerSecond: {} };
  try {
    console.log(
      `Loads: autocannon, ${CONNECTIONS} connections, loopback, Node ${process.version}. Compared loads: ` +
        `${WARM_UP_SECONDS} s of warm-up, then ${ROUNDS} rounds of ${ROUND_SECONDS} s, baseline and mock in turn.`,
    );
    const baseline = await startBaseline();
    for (const load of [READ_ONE, READ_PAGE, CREATE, UPDATE_STOCK, MIXED]) {
      // Each load starts from the same 60 pets: the creates of one load do not slow the next.
      const mock = await startMock(['--data', await dataFile(folder, `load-${rows.length}`, 60)]);
      const row = await compare(load.name, baseline, mock, load);
      await mock.stop();
      rows.push(row);
      console.log(
        `  ${load.name}: mock ${row.mock.requestsPerSecond}/s, baseline ${row.baseline?.requestsPerSecond}/s, ratio ${row.ratio?.toFixed(2)}`,
      );
    }

    const unvalidated = await startMock([
      '--data',
      await dataFile(folder, 'unvalidated', 60),
      '--no-validate-responses',
    ]);
    rows.push(await compare('read one pet, responses not validated', baseline, unvalidated, READ_ONE));
    await unvalidated.stop();

    const storeAlone = extra.storeAloneCreatesPerSecond;
    for (const [pets, label] of [
      [100, '100'],
      [10_000, '10,000'],
      [100_000, '100,000'],
    ] as const) {
      // Bare Express stores nothing, so its creates are the same baseline at every size.
      const scaled = await startMock(['--data', await dataFile(folder, `scale-${pets}`, pets)]);
      rows.push(await compare(`create a pet, ${label} pets stored`, baseline, scaled, CREATE));
      await scaled.stop();
      storeAlone[label] = await storeCreatesPerSecond(folder, pets, DURATION_SECONDS);
      console.log(
        `  creates with ${label} pets stored: ${rows.at(-1)?.mock.requestsPerSecond}/s over HTTP, ` +
          `${storeAlone[label]}/s by the store alone`,
      );
    }

    await baseline.stop();

    // The limiter with 10 keys and with 100,000, in alternating rounds like the compared loads.
    const fewKeys = await startMock(['--data', await dataFile(folder, 'keys-10', 60, 10)]);
    const manyKeys = await startMock(['--data', await dataFile(folder, 'keys-100000', 60, 100_000)]);
    const keys = await compare(KEYS_ROW, fewKeys, manyKeys, READ_ONE);
    rows.push({ load: 'read one pet, 10 keys', mock: keys.baseline }, { ...keys, baseline: undefined });
    await fewKeys.stop();
    await manyKeys.stop();

    const cold = await coldStarts();
    extra.coldStartMs = cold.mockMs;
    extra.baselineColdStartMs = cold.baselineMs;
    const idle = await startMock(['--data', ':memory:']);
    await fetch(`${idle.origin}/v1/pets`, { headers: { 'X-API-Key': 'demo-free' } });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    extra.idleRssMb = rssMb(idle.child.pid);
    await idle.stop();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  console.log(`\n${renderTable(rows)}\n`);
  const targets = checkTargets(runFigures(rows, extra));
  extra.targets = targets;
  console.log(`targets:\n${renderTargets(targets)}\n`);
  console.log(
    `cold start (spawn to first answer, median of 5): mock ${extra.coldStartMs} ms, bare Express ${extra.baselineColdStartMs} ms; ` +
      `idle RSS: ${extra.idleRssMb} MB`,
  );
  console.log(
    `durable creates/s by the store alone (no HTTP, ${CONNECTIONS} writers): ` +
      Object.entries(extra.storeAloneCreatesPerSecond)
        .map(([pets, rate]) => `${rate} with ${pets} pets`)
        .join(', '),
  );
  const results = join(PACKAGE_ROOT, 'bench-results');
  await mkdir(results, { recursive: true });
  const file = join(results, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ when: new Date().toISOString(), node: process.version, rows, ...extra }, null, 2)}\n`,
  );
  console.log(`results: ${file}`);
}

await main();
