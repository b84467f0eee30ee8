// The performance targets, checked against one run's figures, so that every run says which hold.
// Every target is a ratio between servers measured in the same run (in alternating rounds), or a
// bound that does not depend on the machine's speed (start time, memory): machines differ, and a
// shared one drifts from minute to minute, but the ratios of the same stack hold.

/** A read load's figures: the mock against the floor, and the floor against bare Express. */
export type ReadFigures = {
  /** The mock's requests/s over the floor's. */
  mockToFloor: number;
  /** The mock's p99 latency over the floor's. */
  p99MockToFloor: number;
  /** The floor's requests/s over bare Express's. */
  floorToBare: number;
};

export type RunFigures = {
  readOne: ReadFigures;
  readPage: ReadFigures;
  /** The mock's durable creates (file store, 60 pets) over the floor's creates, which store nothing. */
  durableCreatesToFloor: number;
  /** The mock's creates with 1,000,000 pets stored over its creates with 100. */
  createsMillionTo100: number;
  /**
   * Spawn to first answer on a data file of 1,000,000 pets, median: the file the mock wrote, and
   * one written by hand; and the CPU time of each (every thread), which a busy machine does not stretch.
   */
  millionStartMs: { ownFile: number; handWritten: number; ownFileCpu: number; handWrittenCpu: number };
  /** Resident memory per 100,000 pets stored, in MB. */
  mbPerHundredThousandPets: number;
  /** Spawn to first answer, median of the runs. */
  coldStartMs: { mock: number; bare: number };
  /** Spawn of `npm start` on a built checkout to its first answer, median of the runs. */
  npmStartMs: number;
  /** Spawn to first answer of serve --contract with a draft split over files, median of the runs. */
  draftColdStartMs: number;
  idleRssMb: number;
  /** requests/s with 100,000 keys over requests/s with 10 keys. */
  keysRatio: number;
  /** RSS growth of 1,000 scopes with a few writes each, in MB. */
  scopesGrowthMb: number;
  /** A scope's first request (which makes its world) over its later ones, medians. */
  scopeFirstToLater: number;
};

export type TargetCheck = { target: string; measured: string; met: boolean };

/** A ratio as the bench prints it, e.g. 0.91x. */
export const ratio = (value: number) => `${value.toFixed(2)}x`;

export const BOUNDS = {
  /** The mock's reads against the floor's: what the mock adds to the stack may cost 10%. */
  readsToFloor: 0.9,
  /** The mock's read p99 over the floor's, at most. */
  readP99ToFloor: 2,
  /** Durable creates against creates that store nothing: the journal's append and fsync may cost 10%. */
  durableCreatesToFloor: 0.9,
  /** The floor's reads against bare Express: the validator's own cost on this stack, at most 40%. */
  floorToBare: 0.6,
  /** Creates with 1,000,000 pets stored against 100: a write costs what it changes. */
  createsMillionTo100: 0.8,
  /** A start on 1,000,000 pets, to the first answer. */
  millionStartMs: 3_000,
  /** What 100,000 pets (with their stock) may take in memory. */
  mbPerHundredThousandPets: 60,
  coldStartMs: 1_000,
  /** The mock's cold start over bare Express's, at most. */
  coldStartToBare: 3,
  /** `npm start` on a built checkout: npm, the up-to-date check and the serve. */
  npmStartMs: 1_200,
  /** serve --contract: reading, bundling and checking a draft adds to the start, and stays under a second. */
  draftColdStartMs: 1_000,
  idleRssMb: 100,
  /** How far the limiter may slow reads with 100,000 keys against 10 before it is not "independent". */
  keysRatio: 0.85,
  scopesGrowthMb: 200,
  /** "Not noticeably slower": a first request may cost half as much again as a later one, at most. */
  scopeFirstToLater: 1.5,
} as const;

const atLeast = (target: string, value: number, bound: number): TargetCheck => ({
  target,
  measured: ratio(value),
  met: value >= bound,
});

export function checkTargets(run: RunFigures): TargetCheck[] {
  const loads = [
    ['reads of one pet', run.readOne],
    ['reads of a page of 20', run.readPage],
  ] as const;
  const coldToBare = run.coldStartMs.mock / run.coldStartMs.bare;
  return [
    ...loads.flatMap(([name, figures]) => [
      atLeast(`${name}: at least ${BOUNDS.readsToFloor}x the floor`, figures.mockToFloor, BOUNDS.readsToFloor),
      {
        target: `${name}: p99 at most ${BOUNDS.readP99ToFloor}x the floor's`,
        measured: ratio(figures.p99MockToFloor),
        met: figures.p99MockToFloor <= BOUNDS.readP99ToFloor,
      },
    ]),
    atLeast(
      `durable creates (file store, 60 pets): at least ${BOUNDS.durableCreatesToFloor}x the floor's in-memory creates`,
      run.durableCreatesToFloor,
      BOUNDS.durableCreatesToFloor,
    ),
    ...loads.map(([name, figures]) =>
      atLeast(
        `the floor itself, ${name}: at least ${BOUNDS.floorToBare}x bare Express`,
        figures.floorToBare,
        BOUNDS.floorToBare,
      ),
    ),
    atLeast(
      `creates with 1,000,000 pets stored: at least ${BOUNDS.createsMillionTo100}x those with 100`,
      run.createsMillionTo100,
      BOUNDS.createsMillionTo100,
    ),
    {
      target: `a start on 1,000,000 pets (the file the mock wrote): under ${BOUNDS.millionStartMs.toLocaleString('en')} ms`,
      measured: `${run.millionStartMs.ownFile} ms (CPU ${run.millionStartMs.ownFileCpu} ms)`,
      met: run.millionStartMs.ownFile < BOUNDS.millionStartMs,
    },
    {
      target: `a start on 1,000,000 pets (a file written by hand, checked): under ${BOUNDS.millionStartMs.toLocaleString('en')} ms`,
      measured: `${run.millionStartMs.handWritten} ms (CPU ${run.millionStartMs.handWrittenCpu} ms)`,
      met: run.millionStartMs.handWritten < BOUNDS.millionStartMs,
    },
    {
      target: `memory per 100,000 pets stored: under ${BOUNDS.mbPerHundredThousandPets} MB`,
      measured: `${run.mbPerHundredThousandPets} MB`,
      met: run.mbPerHundredThousandPets < BOUNDS.mbPerHundredThousandPets,
    },
    {
      target: `cold start: under ${BOUNDS.coldStartMs.toLocaleString('en')} ms`,
      measured: `${run.coldStartMs.mock} ms`,
      met: run.coldStartMs.mock < BOUNDS.coldStartMs,
    },
    {
      target: `cold start: at most ${BOUNDS.coldStartToBare}x bare Express's`,
      measured: `${ratio(coldToBare)} (${run.coldStartMs.mock} ms against ${run.coldStartMs.bare} ms)`,
      met: coldToBare <= BOUNDS.coldStartToBare,
    },
    {
      target: `npm start on a built checkout: under ${BOUNDS.npmStartMs.toLocaleString('en')} ms`,
      measured: `${run.npmStartMs} ms`,
      met: run.npmStartMs < BOUNDS.npmStartMs,
    },
    {
      target: `cold start serving a draft of the contract (--contract, split over files): under ${BOUNDS.draftColdStartMs.toLocaleString('en')} ms`,
      measured: `${run.draftColdStartMs} ms`,
      met: run.draftColdStartMs < BOUNDS.draftColdStartMs,
    },
    {
      target: `idle RSS: under ${BOUNDS.idleRssMb} MB`,
      measured: `${run.idleRssMb} MB`,
      met: run.idleRssMb < BOUNDS.idleRssMb,
    },
    atLeast(
      `the limiter's cost independent of keys: 100,000 keys at ${BOUNDS.keysRatio}x of 10 or better`,
      run.keysRatio,
      BOUNDS.keysRatio,
    ),
    {
      target: `1,000 scopes with a few writes each: under ${BOUNDS.scopesGrowthMb} MB of growth`,
      measured: `${run.scopesGrowthMb} MB`,
      met: run.scopesGrowthMb < BOUNDS.scopesGrowthMb,
    },
    {
      target: `a scope's first request: at most ${BOUNDS.scopeFirstToLater}x its later ones`,
      measured: ratio(run.scopeFirstToLater),
      met: run.scopeFirstToLater <= BOUNDS.scopeFirstToLater,
    },
  ];
}

export function renderTargets(checks: TargetCheck[]): string {
  const width = checks.reduce((widest, check) => Math.max(widest, check.target.length), 0);
  return checks
    .map((check) => `  ${check.met ? 'met    ' : 'NOT MET'}  ${check.target.padEnd(width)}  ${check.measured}`)
    .join('\n');
}
