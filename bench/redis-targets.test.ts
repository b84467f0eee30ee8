import { describe, expect, it } from '@jest/globals';
import { checkRedisTargets, type RedisRunFigures } from './redis-targets.js';

// Each figure exactly at its bound.
const atBounds: RedisRunFigures = {
  readOne: { requests: 0.8, p99: 1.5, cpuPerRequest: 1.3 },
  readPage: { requests: 0.8, p99: 1.5, cpuPerRequest: 2 },
  create: { requests: 0.7, p99: 1.5, cpuPerRequest: 2 },
  updateStock: { requests: 0.7, p99: 1.5, cpuPerRequest: 2 },
};

describe('the targets of shared state', () => {
  it('holds each target at its bound, and names the load and the bound', () => {
    const checks = checkRedisTargets(atBounds);
    expect(checks.filter((check) => !check.met)).toEqual([]);
    expect(checks.map((check) => check.target)).toEqual([
      "Redis, one process, reads of one pet: at least 0.8x the file store's requests/s",
      "Redis, one process, reads of a page of 20: at least 0.8x the file store's requests/s",
      "Redis, one process, creates: at least 0.7x the file store's requests/s",
      "Redis, one process, inventory updates: at least 0.7x the file store's requests/s",
      "Redis, one process, reads of one pet: p99 at most 1.5x the file store's",
      "Redis, one process, reads of a page of 20: p99 at most 1.5x the file store's",
      "Redis, one process, creates: p99 at most 1.5x the file store's",
      "Redis, one process, inventory updates: p99 at most 1.5x the file store's",
      "Redis, one process, reads of one pet: CPU per request at most 1.3x the file store's",
    ]);
  });

  it('fails only the target whose figure is past its bound', () => {
    const failed = (figures: RedisRunFigures) =>
      checkRedisTargets(figures)
        .filter((check) => !check.met)
        .map((check) => `${check.target} ${check.measured}`);
    expect(failed({ ...atBounds, readPage: { ...atBounds.readPage, requests: 0.79 } })).toEqual([
      "Redis, one process, reads of a page of 20: at least 0.8x the file store's requests/s 0.79x",
    ]);
    expect(failed({ ...atBounds, create: { ...atBounds.create, requests: 0.69 } })).toEqual([
      "Redis, one process, creates: at least 0.7x the file store's requests/s 0.69x",
    ]);
    expect(failed({ ...atBounds, updateStock: { ...atBounds.updateStock, p99: 1.51 } })).toEqual([
      "Redis, one process, inventory updates: p99 at most 1.5x the file store's 1.51x",
    ]);
    expect(failed({ ...atBounds, readOne: { ...atBounds.readOne, cpuPerRequest: 1.31 } })).toEqual([
      "Redis, one process, reads of one pet: CPU per request at most 1.3x the file store's 1.31x",
    ]);
  });
});
