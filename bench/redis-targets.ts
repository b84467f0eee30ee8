// The targets of shared state: one process on Redis against the file store, measured in the same
// rounds (redis-rows.ts). A process on Redis keeps a copy of the world and is told of changes,
// so a read waits on Redis only for the limiter's decision: it is held close to the file store.
import { ratio, type TargetCheck } from './targets.js';

/** One load's figures, one process on Redis over the file store's, in the same rounds. */
export type RedisLoadRatios = { requests: number; p99: number; cpuPerRequest: number };

export type RedisRunFigures = {
  readOne: RedisLoadRatios;
  readPage: RedisLoadRatios;
  create: RedisLoadRatios;
  updateStock: RedisLoadRatios;
};

export const REDIS_BOUNDS = {
  /** Reads (one pet, a page): Redis may cost 20% of the file store's requests/s. */
  readsToFile: 0.8,
  /** Creates and inventory updates also wait for their commit: 30%. */
  writesToFile: 0.7,
  /** p99 of every load, at most. */
  p99ToFile: 1.5,
  /** CPU per read (one pet), at most. */
  readCpuToFile: 1.3,
} as const;

export function checkRedisTargets(run: RedisRunFigures): TargetCheck[] {
  const loads = [
    ['reads of one pet', run.readOne, REDIS_BOUNDS.readsToFile],
    ['reads of a page of 20', run.readPage, REDIS_BOUNDS.readsToFile],
    ['creates', run.create, REDIS_BOUNDS.writesToFile],
    ['inventory updates', run.updateStock, REDIS_BOUNDS.writesToFile],
  ] as const;
  return [
    ...loads.map(([name, figures, bound]) => ({
      target: `Redis, one process, ${name}: at least ${bound}x the file store's requests/s`,
      measured: ratio(figures.requests),
      met: figures.requests >= bound,
    })),
    ...loads.map(([name, figures]) => ({
      target: `Redis, one process, ${name}: p99 at most ${REDIS_BOUNDS.p99ToFile}x the file store's`,
      measured: ratio(figures.p99),
      met: figures.p99 <= REDIS_BOUNDS.p99ToFile,
    })),
    {
      target: `Redis, one process, reads of one pet: CPU per request at most ${REDIS_BOUNDS.readCpuToFile}x the file store's`,
      measured: ratio(run.readOne.cpuPerRequest),
      met: run.readOne.cpuPerRequest <= REDIS_BOUNDS.readCpuToFile,
    },
  ];
}
