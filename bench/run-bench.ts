// `npm run bench`: the mock against two baselines, in one run on one machine, loaded by autocannon
// on loopback: the floor (Express with express-openapi-validator checking requests and answers
// against the same contract, storing nothing: floor-server.ts) and bare Express (no validation:
// baseline-server.ts). The mock is held to the floor, the floor to bare Express. Prints a table of
// the figures and their ratios, checks the targets, and writes the results as JSON
// (bench-results/) so that runs can be compared. Bounded: about five minutes.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { generateDataSet } from '../src/fixtures/generate-data-set.js';
import { BENCH_KEY, CONNECTIONS, CREATE, type Load, MIXED, READ_ONE, READ_PAGE, UPDATE_STOCK } from './loads.js';
import {
  mainThreadCpuMs,
  PACKAGE_ROOT,
  peakRssDuring,
  type Running,
  rssMb,
  startBaseline,
  startFloor,
  startMock,
} from './processes.js';
import { measureScopes, type ScopeFigures } from './scopes.js';
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
/** One round of a compared load: each server's figures, by its name in the comparison. */
type Round = Record<string, Figures>;
/**
 * A row of the table. Figures are medians across rounds; ratios are the medians of each round's
 * ratio. `ratio` and `p99Ratio` are the mock's against the floor, or, where the row's name says
 * so, against another mock measured in the same rounds (fewer pets, fewer keys).
 */
type Row = {
  load: string;
  mock: Figures;
  floor?: Figures;
  bare?: Figures;
  ratio?: number;
  p99Ratio?: number;
  /** The floor's requests/s over bare Express's. */
  floorRatio?: number;
  rounds?: Round[];
};
/** The run's figures beside the table's rows, filled in as they are measured (and written to the JSON). */
type Extras = {
  storeAloneCreatesPerSecond: Record<string, number>;
  coldStartMs?: { mock: number; floor: number; bare: number };
  idleRssMb?: { mock: number; floor: number; bare: number };
  scopes?: ScopeFigures;
  targets?: TargetCheck[];
};

const MOCK = 'mock';
const FLOOR = 'floor';
const BARE = 'bare';

const DURABLE_CREATES_ROW = 'create a pet (mock: durable, file store; floor and bare: stored nowhere)';
const PETS_100_ROW = 'create a pet, 100 pets stored';
const PETS_100K_ROW = 'create a pet, 100,000 pets stored (ratio: to 100)';
const KEYS_ROW = 'read one pet, 100,000 keys (ratio: to 10 keys)';

const UNLIMITED = {
  key: BENCH_KEY,
  plan: 'enterprise' as const,
  limits: { perMinute: 1_000_000_000, perDay: 100_000_000_000 },
};

/** A short unmeasured load first: every server compiles and caches what it needs on first use. */
const WARM_UP_SECONDS = 1;
/**
 * Compared loads run in rounds, each server in turn in each: on a shared machine, speed drifts by
 * ±15% from one minute to the next, and each round's ratio is taken between runs seconds apart.
 * The median of the rounds' ratios is the figure.
 */
const ROUNDS = 5;
const ROUND_SECONDS = 2;
/** The store alone, per size: shorter than the old 5 s, to keep the run at about five minutes. */
const STORE_ALONE_SECONDS = 3;
const COLD_STARTS = 5;

async function measure(server: Running, load: Load, seconds: number): Promise<Figures> {
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

/**
 * Every server under the same load, in alternating rounds. Each round starts with the next server
 * in turn, so that none always runs first, or right after the same other one.
 */
async function inRounds(servers: Record<string, Running>, load: Load): Promise<Round[]> {
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
const p99 = (figures: Figures) => figures.p99Ms;

/** The row of the mock `name` in `rounds`: against `reference` if given, with the floor and bare Express if there. */
function rowOf(load: string, rounds: Round[], name: string, reference?: string): Row {
  const combined = (server: string) => combine(rounds.map((round) => figuresOf(round, server)));
  const first = rounds[0] ?? {};
  const row: Row = { load, mock: combined(name), rounds };
  if (reference !== undefined) {
    row.ratio = ratioIn(rounds, name, reference, perSecond);
    row.p99Ratio = ratioIn(rounds, name, reference, p99);
  }
  if (FLOOR in first) row.floor = combined(FLOOR);
  if (BARE in first) row.bare = combined(BARE);
  if (FLOOR in first && BARE in first) row.floorRatio = ratioIn(rounds, FLOOR, BARE, perSecond);
  return row;
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

/** Spawn to first answer of a pet, in ms; a first answer that is not 200 is told, not hidden. */
async function timeToFirstAnswer(start: () => Promise<Running>, name: string): Promise<number> {
  const started = await start();
  const answer = await fetch(`${started.origin}/v1/pets/by-id/1`, { headers: { 'X-API-Key': BENCH_KEY } });
  const elapsedMs = performance.now() - started.startedMs;
  if (answer.status !== 200) console.log(`  warning: ${name}'s first answer at cold start was ${answer.status}`);
  await started.stop();
  return elapsedMs;
}

/** Cold starts of the mock, the floor and bare Express, interleaved, median of each. */
async function coldStarts(): Promise<{ mock: number; floor: number; bare: number }> {
  const starts = {
    mock: () => startMock(['--data', ':memory:', '--key', `${BENCH_KEY}:enterprise:1000000:100000000`]),
    floor: startFloor,
    bare: startBaseline,
  };
  const times: Record<keyof typeof starts, number[]> = { mock: [], floor: [], bare: [] };
  for (let run = 0; run < COLD_STARTS; run += 1) {
    for (const name of ['mock', 'floor', 'bare'] as const)
      times[name].push(await timeToFirstAnswer(starts[name], name));
  }
  return {
    mock: Math.round(median(times.mock)),
    floor: Math.round(median(times.floor)),
    bare: Math.round(median(times.bare)),
  };
}

/** RSS of each server a second after its first answer, all three side by side. */
async function idleRss(): Promise<{ mock: number; floor: number; bare: number }> {
  const servers = [await startMock(['--data', ':memory:']), await startFloor(), await startBaseline()] as const;
  for (const server of servers) await fetch(`${server.origin}/v1/pets`, { headers: { 'X-API-Key': 'demo-free' } });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const [mock, floor, bare] = servers.map((server) => rssMb(server.child.pid));
  await Promise.all(servers.map((server) => server.stop()));
  return { mock: mock ?? 0, floor: floor ?? 0, bare: bare ?? 0 };
}

const ratioText = (value: number | undefined) => (value === undefined ? '' : ratio(value));
const slashed = (row: Row, figure: (figures: Figures) => number) =>
  [row.mock, row.floor, row.bare]
    .filter((figures): figures is Figures => figures !== undefined)
    .map(figure)
    .join('/');

function renderTable(rows: Row[]): string {
  const header = [
    'load',
    'mock req/s',
    'floor req/s',
    'bare req/s',
    'mock/floor',
    'floor/bare',
    'p99 ms mock/floor/bare',
    'p99 mock/floor',
    'CPU us/req mock/floor/bare',
    'mock peak RSS MB',
  ];
  const lines = rows.map((row) => [
    row.load,
    String(row.mock.requestsPerSecond),
    String(row.floor?.requestsPerSecond ?? ''),
    String(row.bare?.requestsPerSecond ?? ''),
    ratioText(row.ratio),
    ratioText(row.floorRatio),
    slashed(row, p99),
    ratioText(row.p99Ratio),
    slashed(row, (figures) => figures.cpuUsPerRequest),
    String(row.mock.peakRssMb),
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
  const reads = (load: string) => {
    const row = rowNamed(rows, load);
    return {
      mockToFloor: row.ratio ?? 0,
      p99MockToFloor: row.p99Ratio ?? Number.POSITIVE_INFINITY,
      floorToBare: row.floorRatio ?? 0,
    };
  };
  return {
    readOne: reads(READ_ONE.name),
    readPage: reads(READ_PAGE.name),
    durableCreatesToFloor: rowNamed(rows, DURABLE_CREATES_ROW).ratio ?? 0,
    creates100kTo100: rowNamed(rows, PETS_100K_ROW).ratio ?? 0,
    coldStartMs: extra.coldStartMs ?? { mock: Number.POSITIVE_INFINITY, bare: 1 },
    idleRssMb: extra.idleRssMb?.mock ?? Number.POSITIVE_INFINITY,
    keysRatio: rowNamed(rows, KEYS_ROW).ratio ?? 0,
    scopesGrowthMb: extra.scopes?.growthMb ?? Number.POSITIVE_INFINITY,
    scopeFirstToLater: extra.scopes?.firstToLater ?? Number.POSITIVE_INFINITY,
  };
}

function logRow(row: Row): void {
  const floor = row.floor ? `, floor ${row.floor.requestsPerSecond}/s` : '';
  const bare = row.bare ? `, bare ${row.bare.requestsPerSecond}/s` : '';
  console.log(`  ${row.load}: mock ${row.mock.requestsPerSecond}/s${floor}${bare}, ratio ${ratioText(row.ratio)}`);
}

async function main(): Promise<void> {
  const startedMs = performance.now();
  const folder = await mkdtemp(join(tmpdir(), 'petstore-bench-'));
  const rows: Row[] = [];
  const extra: Extras = { storeAloneCreatesPerSecond: {} };
  try {
    console.log(
      `Loads: autocannon, ${CONNECTIONS} connections, loopback, Node ${process.version}. Compared loads: ` +
        `${WARM_UP_SECONDS} s of warm-up each, then ${ROUNDS} rounds of ${ROUND_SECONDS} s, each server in turn.`,
    );
    const bare = await startBaseline();
    const floor = await startFloor();
    for (const load of [READ_ONE, READ_PAGE, CREATE, UPDATE_STOCK, MIXED]) {
      // Each load starts from the same 60 pets: the creates of one load do not slow the next.
      const mock = await startMock(['--data', await dataFile(folder, `load-${rows.length}`, 60)]);
      // Reads of one pet also load the mock without its response check, and creates the mock in
      // memory (what durability costs, apart from the request path), in the same rounds.
      const variant =
        load === READ_ONE
          ? await startMock(['--data', await dataFile(folder, 'unvalidated', 60), '--no-validate-responses'])
          : load === CREATE
            ? await startMock(['--data', ':memory:', '--key', `${BENCH_KEY}:enterprise:1000000000:100000000000`])
            : undefined;
      const rounds = await inRounds(
        { [BARE]: bare, [FLOOR]: floor, [MOCK]: mock, ...(variant ? { variant } : {}) },
        load,
      );
      await mock.stop();
      await variant?.stop();
      rows.push(rowOf(load === CREATE ? DURABLE_CREATES_ROW : load.name, rounds, MOCK, FLOOR));
      logRow(rows.at(-1) as Row);
      if (variant) {
        const name =
          load === CREATE ? 'create a pet, mock in memory (--data :memory:)' : 'read one pet, responses not validated';
        rows.push(rowOf(name, rounds, 'variant', FLOOR));
        logRow(rows.at(-1) as Row);
      }
    }
    await floor.stop();
    await bare.stop();

    // Creates with 100, 10,000 and 100,000 pets stored at start, in the same rounds, against 100.
    const sizes = [
      { pets: 100, label: '100' },
      { pets: 10_000, label: '10,000' },
      { pets: 100_000, label: '100,000' },
    ];
    const scaled: Record<string, Running> = {};
    for (const { pets, label } of sizes) {
      scaled[label] = await startMock(['--data', await dataFile(folder, `scale-${pets}`, pets)]);
    }
    const scaleRounds = await inRounds(scaled, CREATE);
    await Promise.all(Object.values(scaled).map((server) => server.stop()));
    rows.push(
      rowOf(PETS_100_ROW, scaleRounds, '100'),
      rowOf('create a pet, 10,000 pets stored (ratio: to 100)', scaleRounds, '10,000', '100'),
      rowOf(PETS_100K_ROW, scaleRounds, '100,000', '100'),
    );
    for (const row of rows.slice(-3)) logRow(row);

    const storeAlone = extra.storeAloneCreatesPerSecond;
    for (const { pets, label } of sizes) {
      storeAlone[label] = await storeCreatesPerSecond(folder, pets, STORE_ALONE_SECONDS);
    }
    console.log(`  the store alone: ${JSON.stringify(storeAlone)} creates/s`);

    // The limiter with 10 keys and with 100,000, in alternating rounds like the compared loads.
    const fewKeys = await startMock(['--data', await dataFile(folder, 'keys-10', 60, 10)]);
    const manyKeys = await startMock(['--data', await dataFile(folder, 'keys-100000', 60, 100_000)]);
    const keyRounds = await inRounds({ few: fewKeys, many: manyKeys }, READ_ONE);
    await fewKeys.stop();
    await manyKeys.stop();
    rows.push(rowOf('read one pet, 10 keys', keyRounds, 'few'), rowOf(KEYS_ROW, keyRounds, 'many', 'few'));
    logRow(rows.at(-1) as Row);

    extra.coldStartMs = await coldStarts();
    extra.idleRssMb = await idleRss();
    extra.scopes = await measureScopes();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  console.log(`\n${renderTable(rows)}\n`);
  for (const row of rows) {
    for (const [name, figures] of Object.entries({ mock: row.mock, floor: row.floor, bare: row.bare })) {
      if (figures && figures.errors > 0)
        console.log(`warning: ${row.load}: ${figures.errors} answers of the ${name} not 2xx`);
    }
  }
  const targets = checkTargets(runFigures(rows, extra));
  extra.targets = targets;
  console.log(`targets:\n${renderTargets(targets)}\n`);
  const cold = extra.coldStartMs;
  const idle = extra.idleRssMb;
  console.log(
    `cold start (spawn to first answer, median of ${COLD_STARTS}, interleaved): mock ${cold?.mock} ms, ` +
      `floor ${cold?.floor} ms, bare Express ${cold?.bare} ms`,
  );
  console.log(`idle RSS: mock ${idle?.mock} MB, floor ${idle?.floor} MB, bare Express ${idle?.bare} MB`);
  const scopes = extra.scopes;
  console.log(
    `scopes: ${scopes?.scopes} scopes with a read, a create, an update and a key each: +${scopes?.growthMb} MB RSS; ` +
      `a new scope's first read ${scopes?.firstRequestMs} ms against ${scopes?.laterRequestMs} ms after (medians)`,
  );
  console.log(
    `durable creates/s by the store alone (no HTTP, ${CONNECTIONS} writers, ${STORE_ALONE_SECONDS} s): ` +
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
  console.log(`bench took ${Math.round((performance.now() - startedMs) / 1000)} s`);
}

await main();
