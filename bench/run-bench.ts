// `npm run bench`: the mock against a bare Express baseline, in one run on one machine, loaded by
// autocannon on loopback. Prints a table with each figure of the mock as a ratio to the
// baseline, and writes the results as JSON (bench-results/) so that runs can be compared.
// Bounded: about two minutes.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { BENCH_KEY, CREATE, type Load, MIXED, READ_ONE, READ_PAGE, UPDATE_STOCK } from './loads.js';
import { PACKAGE_ROOT, peakRssDuring, type Running, rssMb, startBaseline, startMock } from './processes.js';

type Figures = { requestsPerSecond: number; p50Ms: number; p99Ms: number; peakRssMb: number; errors: number };
type Row = { load: string; mock: Figures; baseline?: Figures };

const UNLIMITED = {
  key: BENCH_KEY,
  plan: 'enterprise' as const,
  limits: { perMinute: 1_000_000_000, perDay: 100_000_000_000 },
};

/** A short unmeasured load first: both servers compile and cache what they need on first use. */
const WARM_UP_SECONDS = 1;

async function measure(server: Running, load: Load): Promise<Figures> {
  await autocannon({ ...load.options(server.origin), duration: WARM_UP_SECONDS });
  const { result, peakMb } = await peakRssDuring(server.child.pid, () => autocannon(load.options(server.origin)));
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    peakRssMb: peakMb,
    // Answers the load did not expect: 4xx/5xx (a create's 201 is expected).
    errors: result.errors + result.timeouts + result.non2xx,
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

async function coldStartMs(): Promise<number> {
  const timings: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const mock = await startMock(['--data', ':memory:', '--key', `${BENCH_KEY}:enterprise:1000000:100000000`]);
    // Time from spawning `serve` to the first answer of the API.
    await fetch(`${mock.origin}/v1/pets/by-id/1`, { headers: { 'X-API-Key': BENCH_KEY } });
    timings.push(performance.now() - mock.startedMs);
    await mock.stop();
  }
  return Math.round(timings.sort((a, b) => a - b)[1] ?? 0);
}

const ratio = (mock: number, baseline: number | undefined) => (baseline ? `${(mock / baseline).toFixed(2)}x` : '');

function renderTable(rows: Row[]): string {
  const header = [
    'load',
    'mock req/s',
    'base req/s',
    'ratio',
    'mock p50/p99 ms',
    'base p50/p99 ms',
    'p99 ratio',
    'mock peak RSS MB',
    'base MB',
  ];
  const lines = rows.map((row) => [
    row.load,
    String(row.mock.requestsPerSecond),
    String(row.baseline?.requestsPerSecond ?? ''),
    ratio(row.mock.requestsPerSecond, row.baseline?.requestsPerSecond),
    `${row.mock.p50Ms}/${row.mock.p99Ms}`,
    row.baseline ? `${row.baseline.p50Ms}/${row.baseline.p99Ms}` : '',
    ratio(row.mock.p99Ms, row.baseline?.p99Ms),
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

async function main(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'petstore-bench-'));
  const rows: Row[] = [];
  const extra: Record<string, unknown> = {};
  try {
    console.log(`Loads: autocannon, 50 connections, 5 s each after 1 s of warm-up, loopback. Node ${process.version}.`);
    const baseline = await startBaseline();
    const mock = await startMock(['--data', await dataFile(folder, 'main', 60)]);
    for (const load of [READ_ONE, READ_PAGE, CREATE, UPDATE_STOCK, MIXED]) {
      const row: Row = { load: load.name, baseline: await measure(baseline, load), mock: await measure(mock, load) };
      rows.push(row);
      console.log(
        `  ${load.name}: mock ${row.mock.requestsPerSecond}/s, baseline ${row.baseline?.requestsPerSecond}/s`,
      );
    }
    await mock.stop();
    await baseline.stop();

    const unvalidated = await startMock([
      '--data',
      await dataFile(folder, 'unvalidated', 60),
      '--no-validate-responses',
    ]);
    rows.push({
      load: 'read one pet, responses not validated',
      mock: await measure(unvalidated, READ_ONE),
      baseline: rows[0]?.baseline,
    });
    await unvalidated.stop();

    for (const [pets, label] of [
      [100, '100'],
      [10_000, '10,000'],
      [100_000, '100,000'],
    ] as const) {
      const scaled = await startMock(['--data', await dataFile(folder, `scale-${pets}`, pets)]);
      rows.push({ load: `create a pet, ${label} pets stored`, mock: await measure(scaled, CREATE) });
      console.log(`  creates with ${label} pets stored: ${rows.at(-1)?.mock.requestsPerSecond}/s`);
      await scaled.stop();
    }

    for (const keys of [10, 100_000]) {
      const keyed = await startMock(['--data', await dataFile(folder, `keys-${keys}`, 60, keys)]);
      rows.push({ load: `read one pet, ${keys.toLocaleString('en-US')} keys`, mock: await measure(keyed, READ_ONE) });
      await keyed.stop();
    }

    extra.coldStartMs = await coldStartMs();
    const idle = await startMock(['--data', ':memory:']);
    await fetch(`${idle.origin}/v1/pets`, { headers: { 'X-API-Key': 'demo-free' } });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    extra.idleRssMb = rssMb(idle.child.pid);
    await idle.stop();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  console.log(`\n${renderTable(rows)}\n`);
  console.log(
    `cold start (serve to first answer, median of 3): ${extra.coldStartMs} ms; idle RSS: ${extra.idleRssMb} MB`,
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
