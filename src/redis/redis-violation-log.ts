// The contract violations of a validation proxy whose state is in Redis: one list per scope,
// newest kept up to the same bound as in memory, shared by every proxy process on the prefix.
//
// Keys under the prefix P:  P violations  list of violation JSON, oldest first

import { StateUnavailableError } from '../store/state-unavailable.js';
import type { ContractViolation, ViolationLog } from '../store/violation-log.js';
import { LIVE_SCOPE_LUA, type LiveScope, liveScopeArgs } from './live-scope.js';
import { defineScript, type RedisConnection } from './redis-connection.js';

export const violationLogKey = (prefix: string) => `${prefix}violations`;

// KEYS: the list, the scopes' sorted set. ARGV: violation JSON, most kept, the scope's name ('' for none).
const APPEND = `${LIVE_SCOPE_LUA}
if scopeGone(KEYS[2], ARGV[3]) then return -1 end
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[2]), -1)
return 1
`;
const appendScript = defineScript('petstoreAppendViolation', APPEND);

export function createRedisViolationLog(
  connection: RedisConnection,
  prefix: string,
  max: number,
  scope?: LiveScope,
): ViolationLog {
  const key = violationLogKey(prefix);
  const live = liveScopeArgs(scope, key);
  return {
    async record(violation) {
      const answer = await connection.run(() =>
        appendScript(connection, [key, live.key], [JSON.stringify(violation), String(max), live.name]),
      );
      if (answer === -1)
        throw new StateUnavailableError(connection.where, scope?.goneReason ?? 'its scope was dropped');
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
