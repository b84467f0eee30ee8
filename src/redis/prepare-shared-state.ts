// What `serve --redis` finds under its prefix at start, and what it does with it: an empty prefix
// is filled from the fixtures (as a new data file is), --reset rebuilds ours, and anything that
// is not this mock's data, or of another data-set version without --reset, stops the start
// before a single key is written.
import { collectionNames, DATA_SET_VERSION, type DataSet, type KeyFields } from '../store/data-set.js';
import { execAll, type RedisConnection } from './redis-connection.js';
import { listKey, PRODUCT_MARK, writeDataSet } from './redis-data-layout.js';
import { createRedisScopes, scopeRegistryKeys } from './redis-scopes.js';
import { removeWorldKeys, worldKeys } from './world-keys.js';

export class SharedStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SharedStateError';
  }
}

export type SharedStateOrigin = 'created from the fixtures' | 'rebuilt from the fixtures' | 'kept from earlier runs';

/**
 * A key this mock would write under the prefix that is already there, if any: the mock's own
 * names are checked one by one (no scan of a keyspace other users share); keys under the prefix
 * with other names are not this mock's business, as they would never be touched.
 */
async function firstKeyUnder(
  connection: RedisConnection,
  prefix: string,
  lists: readonly string[],
): Promise<string | undefined> {
  const names = [
    ...worldKeys(prefix).fixed,
    ...lists.map((name) => listKey(prefix, name)),
    ...scopeRegistryKeys(prefix),
  ];
  const present = await connection.run((client) => {
    const batch = client.multi();
    for (const name of names) batch.exists(name);
    return execAll(batch);
  });
  return names.find((_, index) => present[index] === 1);
}

/** Removes the default world's keys and every scope's, each by name. */
async function removeKeysUnder(connection: RedisConnection, prefix: string): Promise<void> {
  const scopes = createRedisScopes(connection, prefix, { maxScopes: 1, idleSeconds: 1 });
  const names = await connection.run((client) => client.zrange(scopeRegistryKeys(prefix)[0], '0', '-1'));
  for (const name of names) await scopes.drop(name);
  await removeWorldKeys(connection, prefix);
  await connection.run((client) => client.unlink(scopeRegistryKeys(prefix)));
}

export async function prepareSharedState(
  connection: RedisConnection,
  prefix: string,
  options: { reset: boolean; createInitialData: () => DataSet | Promise<DataSet>; keyFields: KeyFields },
): Promise<SharedStateOrigin> {
  const where = `${connection.where} under the prefix "${prefix}"`;
  const readMeta = () => connection.run((client) => client.hgetall(`${prefix}meta`));
  let meta = await readMeta();
  // Another process may start at the same time on the same prefix: its mark comes in the same
  // script as its data, so keys without a mark are looked at twice before they are called foreign.
  while (meta.product === undefined) {
    const foreign = await firstKeyUnder(connection, prefix, collectionNames(await options.createInitialData()));
    if (foreign === undefined) {
      if (await writeDataSet(connection, prefix, await options.createInitialData(), options.keyFields, true)) {
        return 'created from the fixtures';
      }
      meta = await readMeta(); // filled by another process meanwhile: judge what it wrote
      continue;
    }
    meta = await readMeta();
    if (meta.product === undefined) {
      throw new SharedStateError(
        `Redis at ${where} holds keys that are not petstore-mock's (e.g. "${foreign}"); they were left untouched. ` +
          'Pass another --redis-prefix, or another database (redis://HOST:PORT/DB).',
      );
    }
  }
  if (meta.product !== PRODUCT_MARK) {
    throw new SharedStateError(
      `Redis at ${where} holds data marked "${meta.product}", not petstore-mock's; it was left untouched. ` +
        'Pass another --redis-prefix, or another database (redis://HOST:PORT/DB).',
    );
  }
  if (options.reset) {
    // Everything under the prefix is this mock's (its mark says so): counters, bans, storms,
    // settings, records, scopes and violations go with the data.
    await removeKeysUnder(connection, prefix);
    await writeDataSet(connection, prefix, await options.createInitialData(), options.keyFields, false);
    return 'rebuilt from the fixtures';
  }
  if (meta.dataSetVersion !== String(DATA_SET_VERSION)) {
    throw new SharedStateError(
      `Redis at ${where} holds petstore-mock data of data-set version ${meta.dataSetVersion}; this mock reads version ${DATA_SET_VERSION}. ` +
        'It was left untouched: start with --reset to rebuild it from the fixtures (erasing it), or pass another --redis-prefix.',
    );
  }
  return 'kept from earlier runs';
}
