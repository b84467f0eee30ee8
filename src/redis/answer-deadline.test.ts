import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type RedisServer, startRedisServer } from '../../test/support/redis-server.js';
import { NoAnswerError, withAnswerDeadline } from './answer-deadline.js';
import { connectRedis, type RedisConnection, RedisUnreachableError } from './redis-connection.js';

let server: RedisServer;
let connection: RedisConnection;

beforeAll(async () => {
  server = await startRedisServer();
  connection = await connectRedis(server.url);
});

afterAll(async () => {
  await connection?.close();
  await server?.remove();
});

/** Keeps the event loop from turning for `ms`, as a process busy with other work does. */
const blockLoop = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

describe('a Redis command with a deadline', () => {
  it('takes the answer that came while the process was too busy to read it, past the deadline', async () => {
    const counted = withAnswerDeadline(connection.client.incr('deadline:count'), 50);
    // Redis answers within a millisecond; the process reads it only after the deadline has passed.
    setImmediate(() => blockLoop(200));
    await expect(counted).resolves.toBe(1);
    expect(await connection.client.get('deadline:count')).toBe('1');
  });

  it('fails with NoAnswerError when no answer comes', async () => {
    const never = new Promise<string>(() => undefined);
    await expect(withAnswerDeadline(never, 50)).rejects.toThrow(new NoAnswerError(50));
  });

  it('passes on the command’s own failure', async () => {
    await connection.client.set('deadline:text', 'not a number');
    await expect(withAnswerDeadline(connection.client.incr('deadline:text'), 1_000)).rejects.toThrow(/not an integer/);
  });
});

describe('a Redis that takes connections and never answers', () => {
  it('is reported as out of reach at start, as ioredis bounds the ready check of a connection', async () => {
    const silent = createServer(() => undefined);
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    try {
      await expect(connectRedis(`redis://127.0.0.1:${port}`)).rejects.toThrow(RedisUnreachableError);
    } finally {
      silent.close();
    }
  }, 30_000);
});
