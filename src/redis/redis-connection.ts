// One connection to the Redis that holds the shared state (serve --redis). Commands never wait
// for a lost connection: they fail at once (no offline queue, no resend), so that a request gets
// 503 STATE_UNAVAILABLE instead of hanging, while the client reconnects in the background.
import { type ChainableCommander, Redis } from 'ioredis';
import { StateOutOfReachError } from '../store/state-unavailable.js';
import { withAnswerDeadline } from './answer-deadline.js';

export type RedisConnection = {
  readonly client: Redis;
  /** The URL without credentials, for messages. */
  readonly where: string;
  /** Runs a command (or script) of the shared state; a lost connection becomes a StateOutOfReachError (a StateUnavailableError). */
  run<T>(command: (client: Redis) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** A command that gets no answer within this time fails: Redis is there but not answering (see withAnswerDeadline). */
const COMMAND_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * Runs a MULTI and answers its replies in order. A command refused inside the transaction comes
 * back as a reply, not a rejection: it is thrown here, so that no caller reads it as a value.
 */
export async function execAll(transaction: ChainableCommander): Promise<unknown[]> {
  const results = await transaction.exec();
  if (!results) throw new Error('A Redis transaction was aborted (a watched key changed).');
  return results.map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}

// The keys and arguments go as one array (ioredis flattens it into the command): spread into the
// call, a data set's tens of thousands of records overflowed the stack.
type ScriptCommand = (numberOfKeys: string, keysThenArgs: readonly string[]) => Promise<unknown>;

// Every script, defined on each connection as it is made, before its first command: a command
// defined later is missing from an auto-pipeline already under way in the same turn, which
// misaligns that pipeline's replies (redis/ioredis#1931, fixed upstream by redis/ioredis#2180).
const scripts = new Map<string, { lua: string; numberOfKeys?: number }>();

/** Registers a script for every connection (see above); `numberOfKeys` when it is fixed. */
export function registerScript(name: string, lua: string, numberOfKeys?: number): void {
  scripts.set(name, numberOfKeys === undefined ? { lua } : { lua, numberOfKeys });
}

function defineScriptsOn(client: Redis): void {
  for (const [name, definition] of scripts) client.defineCommand(name, definition);
}

/**
 * A Lua script run by EVALSHA (ioredis's defineCommand: the script is sent once per connection,
 * and again only if Redis lost it). Call it through `run`, so that a lost connection is reported.
 */
export function defineScript(name: string, lua: string) {
  registerScript(name, lua);
  return (connection: RedisConnection, keys: readonly string[], args: readonly string[]): Promise<unknown> => {
    const command = (connection.client as Redis & Record<string, ScriptCommand | undefined>)[name];
    if (!command) throw new Error(`The script ${name} was registered after the Redis connection was made.`);
    return command.call(connection.client, String(keys.length), keys.concat(args));
  };
}

export class RedisUrlError extends Error {}

/** Redis could not be reached at start: the mock does not start without its state. */
export class RedisUnreachableError extends Error {}

/** Checks `redis://HOST:PORT[/DB]` (or rediss://) and answers it without credentials. */
export function describeRedisUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RedisUrlError(`--redis "${url}" is not a URL. Give redis://HOST:PORT[/DB], e.g. redis://127.0.0.1:6379.`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new RedisUrlError(
      `--redis "${url}" is not a redis:// URL. Give redis://HOST:PORT[/DB], e.g. redis://127.0.0.1:6379.`,
    );
  const db = parsed.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db))
    throw new RedisUrlError(
      `--redis "${url}": the database after the port must be a number, e.g. redis://127.0.0.1:6379/2.`,
    );
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * A ReplyError is Redis refusing a command (a bug of ours), unless it says Redis cannot serve
 * now (loading, busy with a script, unable to persist, a read-only replica): that is out of reach too.
 */
function isReplyError(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.name === 'ReplyError' &&
    !/^(LOADING|BUSY|MISCONF|READONLY|MASTERDOWN|TRYAGAIN)\b/.test(error.message)
  );
}

export type ConnectOptions = {
  /** Told once when the connection is lost and once when it is back. */
  onStatus?: (line: string) => void;
  /** Keep trying while Redis is out of reach at start (told once through onStatus), instead of failing. */
  waitForRedis?: boolean;
};

const WAIT_RETRY_MS = 500;

/** Connects, waiting while Redis is out of reach when told to: see connectRedis. */
export async function connectRedis(url: string, options: ConnectOptions = {}): Promise<RedisConnection> {
  for (let told = false; ; ) {
    try {
      return await connectOnce(url, options);
    } catch (error) {
      if (!options.waitForRedis || !(error instanceof RedisUnreachableError)) throw error;
      if (!told) options.onStatus?.(`${error.message} Waiting for it.`);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, WAIT_RETRY_MS));
    }
  }
}

/** Connects, or rejects with a message saying what to do when Redis cannot be reached. */
async function connectOnce(url: string, options: ConnectOptions): Promise<RedisConnection> {
  const where = describeRedisUrl(url);
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // Every command of one turn of the event loop goes out in one write (one system call), and
    // its replies come back together: what keeps a process on Redis near one on its own file.
    // Safe with scripts only because all are defined before the first command (defineScriptsOn).
    enableAutoPipelining: true,
    // Bounds what does not go through run (the ready check of each connection, PSUBSCRIBE, QUIT);
    // run's own deadline comes first, so a late timer of ioredis's does not decide for it.
    commandTimeout: 2 * COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Keep trying while serving: a Redis restarted comes back into use without a restart of ours.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  defineScriptsOn(client);
  let lost = false;
  // Until the first connection, a failure is the start's to report (and it stops): no promise of 503s.
  let connected = false;
  let lastError = '';
  // Without a listener ioredis would print every failed reconnection; the 'close' line says it once.
  client.on('error', (error: Error) => {
    lastError = error.message;
  });
  client.on('close', () => {
    if (!connected || lost || client.status === 'end') return;
    lost = true;
    options.onStatus?.(
      `Redis at ${where} is out of reach${lastError ? ` (${lastError})` : ''}: what needs it is answered 503 STATE_UNAVAILABLE until it is back.`,
    );
  });
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    options.onStatus?.(`Redis at ${where} is back: serving again.`);
  });
  try {
    await client.connect();
    connected = true;
  } catch (error) {
    client.disconnect();
    // The socket's own error (e.g. ECONNREFUSED) says more than ioredis's "Connection is closed."
    const reason = lastError || (error instanceof Error ? error.message : String(error));
    throw new RedisUnreachableError(
      `Redis at ${where} could not be reached (${reason}). Start it (e.g. redis-server --port 6379 --save ''), or pass the --redis URL of a running one.`,
    );
  }
  return {
    client,
    where,
    async run(command) {
      try {
        return await withAnswerDeadline(command(client), COMMAND_TIMEOUT_MS);
      } catch (error) {
        if (isReplyError(error)) throw error;
        throw new StateOutOfReachError(where, error instanceof Error ? error.message : String(error));
      }
    },
    async close() {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
