// serve --redis: every world's parts live in Redis under --redis-prefix, shared by every process
// on it. Loaded only by a start with --redis (server.ts), so that a start on the data file never
// loads the Redis client.

import { type ClockSettings, createClock } from '../clock.js';
import { initialSimulationSettings } from '../control/settings-controls.js';
import type { SimulationStart } from '../control/simulation.js';
import { HttpError } from '../errors.js';
import type { RateLimitSettings } from '../limits/rate-limit-headers.js';
import { type ChangeFeed, openChangeFeed } from '../redis/change-feed.js';
import type { LiveScope } from '../redis/live-scope.js';
import { prepareSharedState } from '../redis/prepare-shared-state.js';
import { connectRedis, type RedisConnection } from '../redis/redis-connection.js';
import { createRedisDataStore, dataKeys } from '../redis/redis-data-store.js';
import { createRedisLimitState } from '../redis/redis-limit-state.js';
import { createRedisScopes, scopePrefix, scopeRegistryKeys } from '../redis/redis-scopes.js';
import { createRedisSharedValues, sharedValueKeys } from '../redis/redis-shared-values.js';
import { createRedisViolationLog } from '../redis/redis-violation-log.js';
import { createScopeRegistry, type ScopeRegistry } from '../scopes/scope-registry.js';
import { tooManyScopesMessage } from '../scopes/world-of-request.js';
import type { DataSet, KeyFields } from '../store/data-set.js';
import { MAX_VIOLATIONS } from '../store/violation-log.js';
import type { World } from '../world.js';
import { assembleWorld } from './assemble-world.js';
import { type Config, OPTION_RANGES } from './config.js';
import type { OpenState, StateParts } from './open-state.js';

type RedisWorldParts = {
  connection: RedisConnection;
  prefix: string;
  initialSettings: RateLimitSettings;
  createInitialData: () => DataSet | Promise<DataSet>;
  keyFields: KeyFields;
  clockOptions?: { start?: Date; frozen?: boolean };
  start?: SimulationStart;
  log?: (line: string) => void;
  /** Runs first at each refresh (a scope is entered in Redis, made or refused there); true when made anew. */
  enter?: () => Promise<boolean>;
  /** Whether data found missing may be filled from the fixtures (not for a scope dropped meanwhile). */
  mayFill?: () => Promise<boolean>;
  /** Why data may be missing, when it may not be filled. */
  goneReason?: string;
  /** Tells every part of changes made through other processes (see change-feed.ts). */
  feed?: ChangeFeed;
  /** The scope this world is, if one: writes stop once it is dropped. */
  scope?: LiveScope;
};

/**
 * A world whose every part lives in Redis under `prefix`, shared by every process that builds
 * one over the same prefix. Its first refresh stores the settings' start values where none are
 * stored yet; data missing under the prefix is filled from the fixtures when first read.
 */
function assembleRedisWorld(parts: RedisWorldParts): World & { storeStartValues(): Promise<void> } {
  const { connection, prefix, feed } = parts;
  const values = createRedisSharedValues(connection, prefix, feed, parts.scope);
  const clock = createClock({
    ...parts.clockOptions,
    settings: values.value<ClockSettings>('clock', { offsetMs: 0 }),
    keepStoredSettings: true,
  });
  const settingsStore = values.value('simulation', initialSimulationSettings(parts.initialSettings));
  const data = createRedisDataStore(connection, prefix, {
    keyFieldOf: parts.keyFields,
    dataWhenEmpty: async () => (!parts.mayFill || (await parts.mayFill()) ? parts.createInitialData() : undefined),
    ...(parts.goneReason ? { goneReason: parts.goneReason } : {}),
    ...(feed ? { feed } : {}),
    ...(parts.scope ? { scope: parts.scope } : {}),
    onFilled: () =>
      parts.log?.(`Redis at ${connection.where} held no data under "${prefix}": filled it from the fixtures.`),
  });
  // Once per world (the start and the first request share it), again only after a failure.
  let started: Promise<void> | undefined;
  const storeStartValues = () =>
    (started ??= values.storeInitial(false).catch((error: unknown) => {
      started = undefined;
      throw error;
    }));
  const catchUp = async () => {
    await Promise.all([values.reload(), data.catchUp()]);
  };
  const refresh = async () => {
    // A scope made anew has none of the state this process's copies hold: they ask Redis now.
    const madeAnew = parts.enter ? await parts.enter() : false;
    await storeStartValues();
    if (madeAnew) await catchUp();
    else await values.refresh();
  };
  const stored = dataKeys(prefix);
  // Each decision checks the settings and key it was computed on, and tells the versions it saw.
  const limitState = createRedisLimitState(connection, prefix, {
    fence: {
      keys: {
        settingsVersion: sharedValueKeys(prefix).version,
        dataVersion: stored.version,
        meta: stored.meta,
        apiKeys: stored.apiKeys,
      },
      settingsVersion: values.knownVersion,
      apiKeyJson: data.apiKeyJsonNow,
      observe(stamps) {
        values.noteVersion(stamps.settingsVersion);
        data.noteVersion(stamps.dataVersion, stamps.generation);
      },
      catchUp,
    },
    ...(parts.scope ? { scope: parts.scope } : {}),
  });
  const world = assembleWorld({
    data,
    clock,
    initialSettings: parts.initialSettings,
    createInitialData: parts.createInitialData,
    ...(parts.start ? { start: parts.start } : {}),
    limitState,
    settingsStore,
    violations: createRedisViolationLog(connection, prefix, MAX_VIOLATIONS, parts.scope),
    refresh,
    confirmMissingKey: catchUp,
  });
  const release = () => {
    values.close();
    data.stopListening();
  };
  return { ...world, release, storeStartValues };
}

/**
 * Everything in Redis under --redis-prefix, shared by every process on it: the default scope's
 * world under the prefix, each scope's under prefix + "scope:NAME:". The start options apply
 * when this start filled or rebuilt the data; a process joining a running mock keeps its state.
 */
export async function openRedisState(config: Config, parts: StateParts): Promise<OpenState> {
  const url = config.redis as string;
  const connection = await connectRedis(url, { onStatus: config.log, waitForRedis: config.waitForRedis });
  try {
    const origin = await prepareSharedState(connection, config.redisPrefix, {
      reset: config.reset,
      createInitialData: parts.createInitialData,
      keyFields: parts.keyFields,
    });
    const fresh = origin !== 'kept from earlier runs';
    const feed = await openChangeFeed(connection, config.redisPrefix);
    const clockOptions = {
      ...(config.clockStart ? { start: config.clockStart } : {}),
      frozen: config.clockFrozen,
    };
    const defaultWorld = assembleRedisWorld({
      connection,
      prefix: config.redisPrefix,
      initialSettings: parts.initialSettings,
      createInitialData: parts.createInitialData,
      keyFields: parts.keyFields,
      clockOptions,
      start: config.start,
      log: config.log,
      feed,
    });
    const scopeLimits = { maxScopes: config.maxScopes, idleSeconds: config.scopeIdleSeconds };
    const sharedScopes = createRedisScopes(connection, config.redisPrefix, scopeLimits);
    const tooMany = tooManyScopesMessage(scopeLimits);
    // Each process keeps its own world object per scope name; the scope itself (made, counted,
    // dropped) lives in Redis, entered by every request through the world's refresh.
    const localScopes = createScopeRegistry<World>({
      createWorld: (name) => {
        const goneReason = `the scope "${name}" was dropped while this request ran; send it again to make the scope anew`;
        return assembleRedisWorld({
          connection,
          prefix: scopePrefix(config.redisPrefix, name),
          initialSettings: parts.initialSettings,
          createInitialData: () => parts.fixtures,
          keyFields: parts.keyFields,
          log: config.log,
          async enter() {
            const entered = await sharedScopes.enter(name);
            if (entered === 'refused') throw new HttpError('TOO_MANY_SCOPES', tooMany);
            return entered === 'made';
          },
          mayFill: () => sharedScopes.isLive(name),
          goneReason,
          feed,
          scope: { scopesKey: scopeRegistryKeys(config.redisPrefix)[0], name, goneReason },
        });
      },
      forgetWorld: (world) => world.release?.(),
      // Redis counts the scopes of every process; this process only keeps a world object per name.
      maxScopes: OPTION_RANGES.maxScopes.max,
      idleSeconds: config.scopeIdleSeconds,
    });
    const idleMs = config.scopeIdleSeconds * 1000;
    const scopes: ScopeRegistry<World> = {
      ...localScopes,
      list: async () =>
        (await sharedScopes.list()).map((scope) => ({ ...scope, expiresAtMs: scope.lastUsedAtMs + idleMs })),
      async drop(name) {
        localScopes.drop(name);
        return sharedScopes.drop(name);
      },
    };
    return {
      defaultWorld,
      scopes,
      store: undefined,
      location: `${connection.where} under the prefix "${config.redisPrefix}" (${origin})`,
      async started(simulation) {
        await defaultWorld.storeStartValues();
        if (!(config.applyStartToSharedState ?? fresh)) return;
        await defaultWorld.clock.reset();
        await simulation.applyStart();
      },
      close: async () => {
        await feed.close();
        await connection.close();
      },
    };
  } catch (error) {
    await connection.close();
    throw error;
  }
}
