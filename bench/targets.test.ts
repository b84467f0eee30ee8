import { describe, expect, it } from '@jest/globals';
import { checkTargets, type RunFigures, renderTargets, scaledToThisMachine } from './targets.js';

// Figures shaped like a run on a 2-core machine where bare Express answers 3,000 requests/s.
const run: RunFigures = {
  readOne: { ratio: 0.91, p99Ratio: 1.25 },
  readPage: { ratio: 0.89, p99Ratio: 1.05 },
  bareExpressPerSecond: 3_000,
  createsPerSecond: { pets10k: 2_000, pets100k: 1_500 },
  coldStartMs: 410,
  idleRssMb: 62,
  keysRatio: 1.02,
};

const verdicts = (figures: RunFigures) =>
  Object.fromEntries(checkTargets(figures).map((check) => [check.target.trim(), check.met]));

describe('the bench targets', () => {
  it('scales an absolute rate by this machine against the reference machine', () => {
    expect(scaledToThisMachine(3_000, 8_600)).toBe(3_000);
    expect(scaledToThisMachine(3_000, 4_300)).toBe(1_500);
  });

  it('holds each target against its own figure, and the absolute write rate apart from the scaled one', () => {
    const met = verdicts(run);
    expect(met['durable creates with 10,000 pets: 3,000/s']).toBe(false);
    expect(met['the same, scaled to this machine (bare Express 3,000/s against 8,600/s): 1,047/s']).toBe(true);
    expect(met['durable creates with 100,000 pets: 1,000/s']).toBe(true);
    expect(Object.values(met).filter((held) => !held)).toHaveLength(1);
  });

  it('fails each target whose figure misses it', () => {
    const slow: RunFigures = {
      readOne: { ratio: 0.7, p99Ratio: 2.5 },
      readPage: { ratio: 0.74, p99Ratio: 2.01 },
      bareExpressPerSecond: 8_600,
      createsPerSecond: { pets10k: 2_999, pets100k: 999 },
      coldStartMs: 500,
      idleRssMb: 100,
      keysRatio: 0.8,
    };
    expect(checkTargets(slow).every((check) => !check.met)).toBe(true);
  });

  it('renders one line per target, the unmet ones marked', () => {
    const lines = renderTargets(checkTargets(run)).split('\n');
    expect(lines).toHaveLength(checkTargets(run).length);
    expect(lines.filter((line) => line.includes('NOT MET'))).toEqual([
      expect.stringContaining('durable creates with 10,000 pets: 3,000/s'),
    ]);
    expect(lines[0]).toMatch(/^ {2}met {6}reads of one pet: at least 0\.75x bare Express +0\.91x$/);
  });
});
