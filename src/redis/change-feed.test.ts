// The change feed on a real redis-server: a message reaches the listeners of its prefix, and the
// message of a commit this process marked as its own (ignoreOwn) is dropped unread, once.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type RedisServer, startRedisServer } from '../../test/support/redis-server.js';
import { type ChangeFeed, type ChangeMessage, changeChannel, openChangeFeed } from './change-feed.js';
import { connectRedis, type RedisConnection } from './redis-connection.js';

let server: RedisServer;
let connection: RedisConnection;
let feed: ChangeFeed;

beforeAll(async () => {
  server = await startRedisServer();
  connection = await connectRedis(server.url);
  feed = await openChangeFeed(connection, 'feed-test:');
});

afterAll(async () => {
  await feed.close();
  await connection.close();
  await server.remove();
});

/** Publishes data messages with the committers' tokens given, then a last one, and answers what the listener heard. */
async function heardOf(tokens: string[]): Promise<ChangeMessage[]> {
  const prefix = 'feed-test:';
  const heard: ChangeMessage[] = [];
  let last: () => void = () => undefined;
  const lastHeard = new Promise<void>((resolve) => {
    last = resolve;
  });
  const stop = feed.listen(prefix, (message) => {
    heard.push(message);
    if (message.k === 'drop') last();
  });
  for (const [index, token] of tokens.entries()) {
    const text = `{"k":"data","v":${index + 1},"g":"g1","o":${JSON.stringify(token)},"c":{"lists":{},"apiKeys":[]}}`;
    await connection.client.publish(changeChannel(prefix), text);
  }
  await connection.client.publish(changeChannel(prefix), '{"k":"drop"}');
  await lastHeard;
  stop();
  return heard;
}

describe('the change feed', () => {
  it("drops the message of a commit marked as this process's, once, and hears every other", async () => {
    feed.ignoreOwn('process-a:1');
    const unmark = feed.ignoreOwn('process-a:2');
    unmark();
    const heard = await heardOf(['process-a:1', 'process-b:1', 'process-a:1', 'process-a:2']);
    expect(heard.map((message) => (message.k === 'data' ? message.o : message.k))).toEqual([
      'process-b:1',
      'process-a:1',
      'process-a:2',
      'drop',
    ]);
  });
});
