// `npm run bench`: the mock against two baselines, in one run on one machine, loaded by autocannon
// on loopback: the floor (Express with express-openapi-validator checking requests and answers
// against the same contract, storing nothing: floor-server.ts) and bare Express (no validation:
// baseline-server.ts). The mock is held to the floor, the floor to bare Express. Prints a table of
// the figures and their ratios, checks the targets, and writes the results as JSON
// (bench-results/) so that runs can be compared. Then the same loads with shared state
// (redis-rows.ts). Bounded: about eleven minutes; `--only redis` runs the Redis rows alone.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateDataSet } from '../src/fixtures/generate-data-set.js';
import { writeSplitDraft } from '../test/support/contract-drafts.js';
import { writeBigDataFile } from './big-data-file.js';
import {
  BENCH_KEY,
  BENCH_KEY_LIMITS,
  BENCH_KEY_OPTION,
  CONNECTIONS,
  CREATE,
  MIXED,
  READ_ONE,
  READ_PAGE,
  UPDATE_STOCK,
} from './loads.js';
import { type MillionStarts, measureMillionStarts } from './million-starts.js';
import { PACKAGE_ROOT, type Running, rssMb, startBaseline, startFloor, startMock, startNpmStart } from './processes.js';
import { measureProxyKeys, type ProxyKeyFigures, renderProxyKeys } from './proxy-keys.js';
import { measureRedisRows, type RedisFigures, reportRedis } from './redis-rows.js';
import {
  BARE,
  type Figures,
  FLOOR,
  formatTable,
  inRounds,
  logRow,
  MOCK,
  median,
  p99,
  ROUND_SECONDS,
  ROUNDS,
  type Row,
  ratioText,
  rowOf,
  WARM_UP_SECONDS,
} from './rounds.js';
import { measureScopes, type ScopeFigures } from './scopes.js';
import { type StoreAlone, storeAlone } from './store-alone.js';
import { checkTargets, type RunFigures, ratio, renderTargets, type TargetCheck } from './targets.js';

/** The run's figures beside the table's rows, filled in as they are measured (and written to the JSON). */
type Extras = {
  storeAlone: Record<string, StoreAlone>;
  millionStarts?: MillionStarts;
  coldStartMs?: ColdStarts;
  idleRssMb?: { mock: number; floor: number; bare: number };
  scopes?: ScopeFigures;
  proxyKeys?: ProxyKeyFigures;
  targets?: TargetCheck[];
};

const DURABLE_CREATES_ROW = 'create a pet (mock: durable, file store; floor and bare: stored nowhere)';
const PETS_100_ROW = 'create a pet, 100 pets stored';
const PETS_1M_ROW = 'create a pet, 1,000,000 pets stored (ratio: to 100)';
const KEYS_ROW = 'read one pet, 100,000 keys (ratio: to 10 keys)';

const UNLIMITED = {
  key: BENCH_KEY,
  plan: 'enterprise' as const,
  limits: BENCH_KEY_LIMITS,
};

/** The store alone, per size: a few seconds each, to keep the run bounded. */
const STORE_ALONE_SECONDS = 3;
const COLD_STARTS = 5;

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

type ColdStarts = { mock: number; floor: number; bare: number; npmStart: number; draft: number };

/**
 * Cold starts of the mock, the floor and bare Express, `npm start` on this built checkout
 * (over a data file of 60 pets, as one kept from an earlier run), and the mock serving a draft of
 * the contract (the built-in one split over files, as --contract reads a team's), interleaved,
 * median of each.
 */
async function coldStarts(folder: string): Promise<ColdStarts> {
  const npmStartData = await dataFile(folder, 'npm-start', 60);
  const draft = await writeSplitDraft(join(folder, 'draft'));
  const starts = {
    mock: () => startMock(['--data', ':memory:', '--key', BENCH_KEY_OPTION]),
    floor: startFloor,
    bare: startBaseline,
    npmStart: () => startNpmStart(npmStartData),
    draft: () => startMock(['--data', ':memory:', '--key', BENCH_KEY_OPTION, '--contract', draft]),
  };
  const names = Object.keys(starts) as (keyof ColdStarts)[];
  const times: Record<keyof ColdStarts, number[]> = { mock: [], floor: [], bare: [], npmStart: [], draft: [] };
  for (let run = 0; run < COLD_STARTS; run += 1) {
    for (const name of names) times[name].push(await timeToFirstAnswer(starts[name], name));
  }
  const medianOf = (name: keyof ColdStarts) => Math.round(median(times[name]));
  return {
    mock: medianOf('mock'),
    floor: medianOf('floor'),
    bare: medianOf('bare'),
    npmStart: medianOf('npmStart'),
    draft: medianOf('draft'),
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
  return formatTable(header, lines);
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
    createsMillionTo100: rowNamed(rows, PETS_1M_ROW).ratio ?? 0,
    millionStartMs: {
      ownFile: extra.millionStarts?.ownFileMs ?? Number.POSITIVE_INFINITY,
      handWritten: extra.millionStarts?.handWrittenMs ?? Number.POSITIVE_INFINITY,
      ownFileCpu: extra.millionStarts?.ownFileCpuMs ?? Number.POSITIVE_INFINITY,
      handWrittenCpu: extra.millionStarts?.handWrittenCpuMs ?? Number.POSITIVE_INFINITY,
    },
    mbPerHundredThousandPets: extra.millionStarts?.mbPerHundredThousandPets ?? Number.POSITIVE_INFINITY,
    coldStartMs: extra.coldStartMs ?? { mock: Number.POSITIVE_INFINITY, bare: 1 },
    npmStartMs: extra.coldStartMs?.npmStart ?? Number.POSITIVE_INFINITY,
    draftColdStartMs: extra.coldStartMs?.draft ?? Number.POSITIVE_INFINITY,
    idleRssMb: extra.idleRssMb?.mock ?? Number.POSITIVE_INFINITY,
    keysRatio: rowNamed(rows, KEYS_ROW).ratio ?? 0,
    scopesGrowthMb: extra.scopes?.growthMb ?? Number.POSITIVE_INFINITY,
    scopeFirstToLater: extra.scopes?.firstToLater ?? Number.POSITIVE_INFINITY,
  };
}

/** The mock on its file store against the floor and bare Express, and its other figures. */
async function measureFileStore(folder: string, rows: Row[], extra: Extras): Promise<void> {
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
          ? await startMock(['--data', ':memory:', '--key', BENCH_KEY_OPTION])
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

  // Creates with 100, 10,000, 100,000 and 1,000,000 pets stored at start, in the same rounds, against 100.
  const sizes = [
    { pets: 100, label: '100' },
    { pets: 10_000, label: '10,000' },
    { pets: 100_000, label: '100,000' },
    { pets: 1_000_000, label: '1,000,000' },
  ];
  const sized: Record<string, string> = {};
  for (const { pets, label } of sizes) {
    sized[label] = join(folder, `pets-${pets}.json`);
    await writeBigDataFile(sized[label], pets, [UNLIMITED]);
  }
  const scaled: Record<string, Running> = {};
  for (const { pets, label } of sizes) {
    const copy = join(folder, `scale-${pets}.json`);
    await copyFile(sized[label] as string, copy);
    scaled[label] = await startMock(['--data', copy]);
  }
  const scaleRounds = await inRounds(scaled, CREATE);
  await Promise.all(Object.values(scaled).map((server) => server.stop()));
  rows.push(
    rowOf(PETS_100_ROW, scaleRounds, '100'),
    rowOf('create a pet, 10,000 pets stored (ratio: to 100)', scaleRounds, '10,000', '100'),
    rowOf('create a pet, 100,000 pets stored (ratio: to 100)', scaleRounds, '100,000', '100'),
    rowOf(PETS_1M_ROW, scaleRounds, '1,000,000', '100'),
  );
  for (const row of rows.slice(-4)) logRow(row);

  extra.millionStarts = await measureMillionStarts(folder, sized['1,000,000'] as string, sized['100'] as string);
  console.log(`  starts on 1,000,000 pets: ${JSON.stringify(extra.millionStarts)}`);
  for (const { label } of sizes) {
    extra.storeAlone[label] = await storeAlone(folder, sized[label] as string, STORE_ALONE_SECONDS);
  }
  console.log(`  the store alone: ${JSON.stringify(extra.storeAlone)}`);

  // The limiter with 10 keys and with 100,000, in alternating rounds like the compared loads.
  const fewKeys = await startMock(['--data', await dataFile(folder, 'keys-10', 60, 10)]);
  const manyKeys = await startMock(['--data', await dataFile(folder, 'keys-100000', 60, 100_000)]);
  const keyRounds = await inRounds({ few: fewKeys, many: manyKeys }, READ_ONE);
  await fewKeys.stop();
  await manyKeys.stop();
  rows.push(rowOf('read one pet, 10 keys', keyRounds, 'few'), rowOf(KEYS_ROW, keyRounds, 'many', 'few'));
  logRow(rows.at(-1) as Row);

  extra.coldStartMs = await coldStarts(folder);
  extra.idleRssMb = await idleRss();
  extra.scopes = await measureScopes();
  extra.proxyKeys = await measureProxyKeys();
}

/** The file store's table, its warnings, the targets and the other figures. */
function reportFileStore(rows: Row[], extra: Extras): void {
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
  if (cold) {
    const toBare = (ms: number) => ratio(ms / cold.bare);
    console.log(
      `cold start (spawn to first answer, median of ${COLD_STARTS}, interleaved): mock ${cold.mock} ms ` +
        `(${toBare(cold.mock)} bare Express), floor ${cold.floor} ms (${toBare(cold.floor)}), bare Express ${cold.bare} ms`,
    );
    console.log(
      `npm start on this built checkout (spawn to first answer, in the same rounds): ${cold.npmStart} ms ` +
        `(${toBare(cold.npmStart)} bare Express); floor ${cold.floor} ms, bare Express ${cold.bare} ms`,
    );
    console.log(
      `serve --contract with a draft split over files (spawn to first answer, in the same rounds): ${cold.draft} ms ` +
        `(${ratio(cold.draft / cold.mock)} the built-in contract's ${cold.mock} ms)`,
    );
  }
  console.log(`idle RSS: mock ${idle?.mock} MB, floor ${idle?.floor} MB, bare Express ${idle?.bare} MB`);
  const scopes = extra.scopes;
  console.log(
    `scopes: ${scopes?.scopes} scopes with a read, a create, an update and a key each: +${scopes?.growthMb} MB RSS; ` +
      `a new scope's first read ${scopes?.firstRequestMs} ms against ${scopes?.laterRequestMs} ms after (medians)`,
  );
  if (extra.proxyKeys) console.log(renderProxyKeys(extra.proxyKeys));
  console.log(
    `durable creates/s by the store alone (no HTTP, ${CONNECTIONS} writers, ${STORE_ALONE_SECONDS} s), and its fold at the stop: ` +
      Object.entries(extra.storeAlone)
        .map(([pets, figures]) => `${figures.createsPerSecond} with ${pets} pets (fold ${figures.foldAtStopMs} ms)`)
        .join(', '),
  );
  const starts = extra.millionStarts;
  if (starts)
    console.log(
      `start on 1,000,000 pets (spawn to first answer, median of 3): ${starts.ownFileMs} ms on the file the mock wrote ` +
        `(CPU ${starts.ownFileCpuMs} ms, every thread), ${starts.handWrittenMs} ms on one written by hand, its records checked ` +
        `(CPU ${starts.handWrittenCpuMs} ms); resident memory 2 s after: ` +
        `${starts.rssMillionMb} MB, against ${starts.rssHundredMb} MB with 100 pets: ${starts.mbPerHundredThousandPets} MB per 100,000 pets`,
    );
}

/** `--only redis`: the rows of shared state alone (a few minutes), without the rest of the run. */
function onlyRedis(): boolean {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  if (values.only === undefined) return false;
  if (values.only === 'redis') return true;
  console.error(`bench: --only takes "redis" (the rows of serve --redis); got "${values.only}".`);
  process.exit(2);
}

async function main(): Promise<void> {
  const startedMs = performance.now();
  const redisOnly = onlyRedis();
  const folder = await mkdtemp(join(tmpdir(), 'petstore-bench-'));
  const rows: Row[] = [];
  const extra: Extras = { storeAlone: {} };
  let redis: RedisFigures;
  try {
    console.log(
      `load average at the start (1, 5, 15 min): ${loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')}`,
    );
    console.log(
      `Loads: autocannon, ${CONNECTIONS} connections, loopback, Node ${process.version}. Compared loads: ` +
        `${WARM_UP_SECONDS} s of warm-up each, then ${ROUNDS} rounds of ${ROUND_SECONDS} s, each server in turn.`,
    );
    if (!redisOnly) await measureFileStore(folder, rows, extra);
    redis = await measureRedisRows(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  if (!redisOnly) reportFileStore(rows, extra);
  reportRedis(redis);
  const results = join(PACKAGE_ROOT, 'bench-results');
  await mkdir(results, { recursive: true });
  const file = join(results, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ when: new Date().toISOString(), node: process.version, rows, ...extra, redis }, null, 2)}\n`,
  );
  console.log(`results: ${file}`);
  // What else the machine ran: the targets are ratios in one run, the start times are not.
  console.log(
    `load average at the end (1, 5, 15 min): ${loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
  console.log(`bench took ${Math.round((performance.now() - startedMs) / 1000)} s`);
}

await main();
