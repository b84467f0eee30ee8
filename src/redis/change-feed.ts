// How a process learns that shared state changed without asking: every script that changes the
// data, the settings or a scope publishes what changed on the channel of its world's prefix
// (P changes), and one subscriber connection per process receives them all, so that each part
// reads its local copy until told otherwise. Pub/sub rather than client tracking: ioredis speaks
// RESP2 only (tracking would need a REDIRECT connection and a read to re-arm every key), and a
// message can carry the change itself (a commit's change set), which an invalidation cannot.
// Rather than keyspace notifications: those need CONFIG SET on the server, which a shared Redis
// may not allow, and they say which key changed, not how.
//
// A message lost while the subscriber was away cannot be told: each part compares the epoch its
// copy was last brought up to date in with the feed's, and catches up by asking when they differ.
import type { Redis } from 'ioredis';
import type { RedisConnection } from './redis-connection.js';

/**
 * What a script publishes on `${prefix}changes`: a data commit (with its change set and the
 * committer's token), a data reload, a setting, a scope dropped.
 */
export type ChangeMessage =
  | { k: 'data'; v: number; g: string; c?: unknown; o?: string }
  | { k: 'settings'; v: number; n?: string; j?: string }
  | { k: 'drop' };

export type ChangeListener = (message: ChangeMessage) => void;

export type ChangeFeed = {
  /** Hears the messages of one world's prefix until the returned function is called. */
  listen(prefix: string, listener: ChangeListener): () => void;
  /**
   * The current subscription's number while subscribed, 0 while not: a copy brought up to date
   * during subscription E has missed nothing as long as the epoch is still E.
   */
  epoch(): number;
  /**
   * Marks a commit of this process: the message that carries its token (`o`) is dropped unread
   * when it comes, before or after the commit's answer, which tells the committer all of it
   * (reading its change set back cost each create ~2 µs). Answers the function that takes the
   * mark back, for a commit that published nothing.
   */
  ignoreOwn(token: string): () => void;
  close(): Promise<void>;
};

export function changeChannel(prefix: string): string {
  return `${prefix}changes`;
}

/** Prefixes hold no glob characters (config.ts): the root prefix is matched as written. */
const patternUnder = (rootPrefix: string) => `${rootPrefix}*changes`;

const TOKEN_FIELD = ',"o":"';
/** Marked tokens kept at most, the oldest dropped first: a message lost on the way leaves its token. */
const MAX_OWN_TOKENS = 1_000;

/** The committer's token of a data message (the scripts write it before the change set), if it has one. */
function tokenOf(text: string): string | undefined {
  const start = text.indexOf(TOKEN_FIELD);
  if (start === -1) return undefined;
  const end = text.indexOf('"', start + TOKEN_FIELD.length);
  return end === -1 ? undefined : text.slice(start + TOKEN_FIELD.length, end);
}

function parseMessage(text: string): ChangeMessage | undefined {
  try {
    const message = JSON.parse(text) as ChangeMessage;
    return typeof message === 'object' && message !== null && typeof message.k === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/** Subscribes to the changes of every world under `rootPrefix` (its scopes' too) on its own connection. */
export async function openChangeFeed(connection: RedisConnection, rootPrefix: string): Promise<ChangeFeed> {
  const subscriber: Redis = connection.client.duplicate({
    autoResubscribe: false,
    lazyConnect: true,
    enableAutoPipelining: false,
  });
  const listeners = new Map<string, Set<ChangeListener>>();
  const ownTokens = new Set<string>();
  let epoch = 0;
  let subscriptions = 0;

  const subscribe = async () => {
    try {
      await subscriber.psubscribe(patternUnder(rootPrefix));
      subscriptions += 1;
      epoch = subscriptions;
    } catch {
      // Lost again before it was confirmed: the next 'ready' subscribes anew.
    }
  };
  subscriber.on('error', () => undefined);
  subscriber.on('close', () => {
    epoch = 0;
  });
  let connecting = true;
  // Each reconnection subscribes anew (and so starts a new epoch); the first is awaited below.
  subscriber.on('ready', () => {
    if (!connecting) void subscribe();
  });
  subscriber.on('pmessage', (_pattern: string, channel: string, text: string) => {
    // A commit sent before a reconnection may run after it: a marked token waits for its message.
    if (ownTokens.size > 0) {
      const token = tokenOf(text);
      if (token !== undefined && ownTokens.delete(token)) return;
    }
    const heard = listeners.get(channel);
    if (!heard) return;
    const message = parseMessage(text);
    if (!message) return;
    for (const listener of heard) listener(message);
  });
  try {
    await subscriber.connect();
    await subscribe();
  } catch {
    // Without the feed every part asks Redis on each request, as it would after a lost message.
  } finally {
    connecting = false;
  }

  return {
    listen(prefix, listener) {
      const channel = changeChannel(prefix);
      let heard = listeners.get(channel);
      if (!heard) {
        heard = new Set();
        listeners.set(channel, heard);
      }
      heard.add(listener);
      return () => {
        heard.delete(listener);
        if (heard.size === 0 && listeners.get(channel) === heard) listeners.delete(channel);
      };
    },
    epoch: () => epoch,
    ignoreOwn(token) {
      ownTokens.add(token);
      if (ownTokens.size > MAX_OWN_TOKENS) {
        // A Set iterates in the order its entries came.
        const [oldest] = ownTokens;
        if (oldest !== undefined) ownTokens.delete(oldest);
      }
      return () => ownTokens.delete(token);
    },
    async close() {
      epoch = 0;
      subscriber.disconnect();
    },
  };
}
