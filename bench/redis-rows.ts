// The bench's rows of shared state (serve --redis): the same loads as the file store's, on one
// process and on --workers 2, in the same rounds as a mock on the file store and as ratios to it;
// what a limiter decision costs in Redis against in memory; and the Redis store's creates per
// second alone. Starts its own redis-server (Debian's, as the tests do) and removes it after.
import { join } from 'node:path';
import { generateDataSet } from '../src/fixtures/generate-data-set.js';
import { createInMemoryLimitState } from '../src/limits/in-memory-limit-state.js';
import { connectRedis, type RedisConnection } from '../src/redis/redis-connection.js';
import { createRedisDataStore, writeDataSet } from '../src/redis/redis-data-store.js';
import { createRedisLimitState } from '../src/redis/redis-limit-state.js';
import { FORMAT_COLLECTIONS, keyFieldsOf } from '../src/store/data-set.js';
import { type RedisServer, startRedisServer } from '../test/support/redis-server.js';
import { limiterDecisionsPerSecond } from './limiter-alone.js';
import { BENCH_KEY_OPTION, CONNECTIONS, CREATE, MIXED, READ_ONE, READ_PAGE, UPDATE_STOCK } from './loads.js';
import { startMock } from './processes.js';
import { checkRedisTargets, type RedisLoadRatios } from './redis-targets.js';
import { formatTable, inRounds, logRow, type Row, ratioText, rowOf } from './rounds.js';
import { renderTargets, type TargetCheck } from './targets.js';

export type RedisFigures = {
  rows: Row[];
  /** Decisions a second of the limiter alone, 50 callers: in memory and in Redis, on 1 key and on 50. */
  limiterDecisionsPerSecond: Record<string, number>;
  /** Creates a second of the Redis store alone (no HTTP, 50 writers), with the default fixtures stored. */
  storeAloneCreatesPerSecond: number;
  targets?: TargetCheck[];
};

const FILE = 'file';
const ONE = 'redis';
const TWO = 'redis-workers';
/** The same key as the file store's rows: enterprise, with limits the load never reaches. */
const KEY_OPTION = ['--key', BENCH_KEY_OPTION];
const ALONE_SECONDS = 3;

/** Each load on the file store, on Redis and on Redis with 2 workers, each from fresh fixtures. */
async function loadRows(redis: RedisServer, folder: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [index, load] of [READ_ONE, READ_PAGE, CREATE, UPDATE_STOCK, MIXED].entries()) {
    // A prefix per mock and load: the creates of one do not slow another.
    const onRedis = (name: string) => ['--redis', redis.url, '--redis-prefix', `bench-${index}-${name}:`];
    const servers = {
      [FILE]: await startMock(['--data', join(folder, `redis-rows-${index}.json`), ...KEY_OPTION]),
      [ONE]: await startMock([...onRedis(ONE), ...KEY_OPTION]),
      [TWO]: await startMock([...onRedis(TWO), '--workers', '2', ...KEY_OPTION]),
    };
    const rounds = await inRounds(servers, load);
    await Promise.all(Object.values(servers).map((server) => server.stop()));
    rows.push(
      rowOf(`${load.name}: file store`, rounds, FILE),
      rowOf(`${load.name}: Redis`, rounds, ONE, FILE),
      rowOf(`${load.name}: Redis, --workers 2`, rounds, TWO, FILE),
    );
    for (const row of rows.slice(-2)) logRow(row);
  }
  return rows;
}

/** The limiter alone, in memory and in Redis, with every caller on one key and with a key each. */
async function limiterFigures(connection: RedisConnection): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const keys of [1, CONNECTIONS]) {
    const label = `${keys} key${keys === 1 ? '' : 's'}`;
    figures[`in memory, ${label}`] = await limiterDecisionsPerSecond(createInMemoryLimitState(), keys, ALONE_SECONDS);
    const inRedis = createRedisLimitState(connection, `bench-limiter-${keys}:`);
    figures[`Redis, ${label}`] = await limiterDecisionsPerSecond(inRedis, keys, ALONE_SECONDS);
  }
  return figures;
}

/** The Redis store alone: 50 writers each awaiting its create (a pet and its stock entry) before the next. */
async function storeAloneCreates(connection: RedisConnection): Promise<number> {
  const prefix = 'bench-store-alone:';
  const keyFieldOf = keyFieldsOf([]);
  const [pets, inventory] = ['pets', 'inventory'].map((name) =>
    FORMAT_COLLECTIONS.find((list) => list.name === name),
  ) as [(typeof FORMAT_COLLECTIONS)[number], (typeof FORMAT_COLLECTIONS)[number]];
  await writeDataSet(connection, prefix, generateDataSet({ pets: 60, orders: 10 }), keyFieldOf, false);
  const store = createRedisDataStore(connection, prefix, { keyFieldOf, dataWhenEmpty: async () => undefined });
  let created = 0;
  const endAt = performance.now() + ALONE_SECONDS * 1000;
  const writer = async () => {
    while (performance.now() < endAt) {
      await store.transaction(async (tx) => {
        const pet = await tx.insert(pets, { name: 'store-alone', categoryId: 1, status: 'available' });
        await tx.insert(inventory, { petId: pet.id, quantity: 0, status: 'available' });
      });
      created += 1;
    }
  };
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, writer));
  const rate = Math.round(created / ((performance.now() - startedAt) / 1000));
  await store.close();
  return rate;
}

export async function measureRedisRows(folder: string): Promise<RedisFigures> {
  const redis = await startRedisServer();
  try {
    const rows = await loadRows(redis, folder);
    const connection = await connectRedis(redis.url);
    try {
      const limiter = await limiterFigures(connection);
      console.log(`  the limiter alone: ${JSON.stringify(limiter)} decisions/s`);
      const storeAlone = await storeAloneCreates(connection);
      console.log(`  the Redis store alone: ${storeAlone} creates/s`);
      return { rows, limiterDecisionsPerSecond: limiter, storeAloneCreatesPerSecond: storeAlone };
    } finally {
      await connection.close();
    }
  } finally {
    await redis.remove();
  }
}

/** One process on Redis against the file store, for a load, from the rows measured in its rounds. */
function ratiosOf(rows: Row[], load: string): RedisLoadRatios {
  const row = rows.find((candidate) => candidate.load === `${load}: Redis`);
  if (!row) throw new Error(`The Redis rows have no row "${load}: Redis".`);
  return { requests: row.ratio ?? 0, p99: row.p99Ratio ?? Number.POSITIVE_INFINITY, cpuPerRequest: row.cpuRatio ?? 0 };
}

/** The rows of shared state as a table, then the limiter's and the store's figures alone, then the targets. */
export function reportRedis(figures: RedisFigures): void {
  const header = [
    'load',
    'req/s',
    'to the file store',
    'p99 ms',
    'p99 to the file store',
    'CPU us/req',
    'CPU to the file store',
    'peak RSS MB',
  ];
  const lines = figures.rows.map((row) => [
    row.load,
    String(row.mock.requestsPerSecond),
    ratioText(row.ratio),
    String(row.mock.p99Ms),
    ratioText(row.p99Ratio),
    String(row.mock.cpuUsPerRequest),
    ratioText(row.cpuRatio),
    String(row.mock.peakRssMb),
  ]);
  console.log(`\nShared state (serve --redis), each load on the three mocks in turn:\n${formatTable(header, lines)}\n`);
  for (const row of figures.rows) {
    if (row.mock.errors > 0) console.log(`warning: ${row.load}: ${row.mock.errors} answers not 2xx`);
  }
  console.log(
    `limiter decisions/s alone (no HTTP, ${CONNECTIONS} callers, ${ALONE_SECONDS} s): ` +
      Object.entries(figures.limiterDecisionsPerSecond)
        .map(([where, rate]) => `${where}: ${rate}`)
        .join('; '),
  );
  console.log(
    `creates/s by the Redis store alone (no HTTP, ${CONNECTIONS} writers, ${ALONE_SECONDS} s): ${figures.storeAloneCreatesPerSecond}`,
  );
  figures.targets = checkRedisTargets({
    readOne: ratiosOf(figures.rows, READ_ONE.name),
    readPage: ratiosOf(figures.rows, READ_PAGE.name),
    create: ratiosOf(figures.rows, CREATE.name),
    updateStock: ratiosOf(figures.rows, UPDATE_STOCK.name),
  });
  console.log(`targets of shared state:\n${renderTargets(figures.targets)}\n`);
}
