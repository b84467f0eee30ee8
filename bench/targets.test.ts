import { describe, expect, it } from '@jest/globals';
import { checkTargets, type RunFigures, renderTargets } from './targets.js';

// Figures shaped like a run on a 2-core machine, each on the right side of its bound.
const run: RunFigures = {
  readOne: { mockToFloor: 1.12, p99MockToFloor: 0.95, floorToBare: 0.72 },
  readPage: { mockToFloor: 0.9, p99MockToFloor: 2, floorToBare: 0.6 },
  durableCreatesToFloor: 0.9,
  createsMillionTo100: 0.8,
  millionStartMs: { ownFile: 2_100, handWritten: 2_900, ownFileCpu: 2_000, handWrittenCpu: 2_500 },
  mbPerHundredThousandPets: 45,
  coldStartMs: { mock: 870, bare: 290 },
  npmStartMs: 1_150,
  draftColdStartMs: 960,
  idleRssMb: 62,
  keysRatio: 0.85,
  scopesGrowthMb: 70,
  scopeFirstToLater: 1.5,
};

// The same figures, each just past its bound.
const slow: RunFigures = {
  readOne: { mockToFloor: 0.89, p99MockToFloor: 2.01, floorToBare: 0.59 },
  readPage: { mockToFloor: 0.899, p99MockToFloor: 2.5, floorToBare: 0.5 },
  durableCreatesToFloor: 0.89,
  createsMillionTo100: 0.79,
  millionStartMs: { ownFile: 3_000, handWritten: 3_001, ownFileCpu: 2_000, handWrittenCpu: 2_500 },
  mbPerHundredThousandPets: 60,
  coldStartMs: { mock: 1_000, bare: 333 },
  npmStartMs: 1_200,
  draftColdStartMs: 1_000,
  idleRssMb: 100,
  keysRatio: 0.8,
  scopesGrowthMb: 200,
  scopeFirstToLater: 1.51,
};

describe('the bench targets', () => {
  it('holds every target when each figure is at or inside its bound', () => {
    const checks = checkTargets(run);
    expect(checks.filter((check) => !check.met)).toEqual([]);
    expect(checks.map((check) => check.target)).toEqual([
      'reads of one pet: at least 0.9x the floor',
      "reads of one pet: p99 at most 2x the floor's",
      'reads of a page of 20: at least 0.9x the floor',
      "reads of a page of 20: p99 at most 2x the floor's",
      "durable creates (file store, 60 pets): at least 0.9x the floor's in-memory creates",
      'the floor itself, reads of one pet: at least 0.6x bare Express',
      'the floor itself, reads of a page of 20: at least 0.6x bare Express',
      'creates with 1,000,000 pets stored: at least 0.8x those with 100',
      'a start on 1,000,000 pets (the file the mock wrote): under 3,000 ms',
      'a start on 1,000,000 pets (a file written by hand, checked): under 3,000 ms',
      'memory per 100,000 pets stored: under 60 MB',
      'cold start: under 1,000 ms',
      "cold start: at most 3x bare Express's",
      'npm start on a built checkout: under 1,200 ms',
      'cold start serving a draft of the contract (--contract, split over files): under 1,000 ms',
      'idle RSS: under 100 MB',
      "the limiter's cost independent of keys: 100,000 keys at 0.85x of 10 or better",
      '1,000 scopes with a few writes each: under 200 MB of growth',
      "a scope's first request: at most 1.5x its later ones",
    ]);
  });

  it('fails each target whose figure misses it', () => {
    const checks = checkTargets(slow);
    expect(checks.filter((check) => check.met)).toEqual([]);
    expect(checks).toHaveLength(checkTargets(run).length);
  });

  it('fails only the target whose figure misses it', () => {
    const checks = checkTargets({ ...run, readPage: { ...run.readPage, floorToBare: 0.59 } });
    expect(checks.filter((check) => !check.met).map((check) => check.target)).toEqual([
      'the floor itself, reads of a page of 20: at least 0.6x bare Express',
    ]);
  });

  it('renders one line per target, with the figure measured, the unmet ones marked', () => {
    const lines = renderTargets(checkTargets({ ...run, idleRssMb: 120 })).split('\n');
    expect(lines).toHaveLength(checkTargets(run).length);
    expect(lines.filter((line) => line.includes('NOT MET'))).toEqual([
      expect.stringMatching(/^ {2}NOT MET {2}idle RSS: under 100 MB +120 MB$/),
    ]);
    expect(lines[0]).toMatch(/^ {2}met {6}reads of one pet: at least 0\.9x the floor +1\.12x$/);
    expect(lines[12]).toMatch(/cold start: at most 3x bare Express's +3\.00x \(870 ms against 290 ms\)$/);
    expect(lines[13]).toMatch(/npm start on a built checkout: under 1,200 ms +1150 ms$/);
  });
});
