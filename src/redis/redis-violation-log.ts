// The contract violations of a validation proxy whose state is in Redis: one list per scope,
// newest kept up to the same bound as in memory, shared by every proxy process on the prefix.
//
// Keys under the prefix P:  P violations  list of violation JSON, oldest first
import type { ContractViolation, ViolationLog } from '../store/violation-log.js';
import { execAll, type RedisConnection } from './redis-connection.js';

export function createRedisViolationLog(connection: RedisConnection, prefix: string, max: number): ViolationLog {
  const key = `${prefix}violations`;
  return {
    async record(violation) {
      await connection.run((client) =>
        execAll(client.multi().rpush(key, JSON.stringify(violation)).ltrim(key, -max, -1)),
      );
    },
    async list() {
      const stored = await connection.run((client) => client.lrange(key, 0, -1));
      return stored.map((json) => JSON.parse(json) as ContractViolation);
    },
    async clear() {
      await connection.run((client) => client.del(key));
    },
  };
}
