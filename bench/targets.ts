// The performance targets, checked against one run's figures, so that every run says which hold.
// The read targets are ratios to the baseline measured in the same run. The write targets are
// absolute rates, set on a reference machine where bare Express 5 answers a small JSON at about
// 8,600 requests/s; each is also shown scaled by this run's bare Express, since machines differ.

/** Bare Express 5's requests/s on a small JSON on the machine the absolute targets were set on. */
export const REFERENCE_BARE_EXPRESS_PER_SECOND = 8_600;

export type RunFigures = {
  readOne: { ratio: number; p99Ratio: number };
  readPage: { ratio: number; p99Ratio: number };
  /** Bare Express answering one pet (a small JSON) in this run, requests/s. */
  bareExpressPerSecond: number;
  createsPerSecond: { pets10k: number; pets100k: number };
  coldStartMs: number;
  idleRssMb: number;
  /** requests/s with 100,000 keys over requests/s with 10 keys. */
  keysRatio: number;
};

export type TargetCheck = { target: string; measured: string; met: boolean };

/** A ratio as the bench prints it, e.g. 0.91x. */
export const ratio = (value: number) => `${value.toFixed(2)}x`;
const rate = (value: number) => `${Math.round(value).toLocaleString('en')}/s`;

/** The absolute rate `perSecond`, as if set on a machine whose bare Express runs at `bare`/s. */
export function scaledToThisMachine(perSecond: number, bare: number): number {
  return (perSecond * bare) / REFERENCE_BARE_EXPRESS_PER_SECOND;
}

/** How far the limiter may slow reads with 100,000 keys against 10 before it is not "independent". */
const KEYS_RATIO_FLOOR = 0.85;

export function checkTargets(run: RunFigures): TargetCheck[] {
  const writes = [
    { pets: '10,000', perSecond: 3_000, measured: run.createsPerSecond.pets10k },
    { pets: '100,000', perSecond: 1_000, measured: run.createsPerSecond.pets100k },
  ];
  return [
    ...(['readOne', 'readPage'] as const).flatMap((load) => {
      const name = load === 'readOne' ? 'reads of one pet' : 'reads of a page of 20';
      return [
        {
          target: `${name}: at least 0.75x bare Express`,
          measured: ratio(run[load].ratio),
          met: run[load].ratio >= 0.75,
        },
        { target: `${name}: p99 at most 2x`, measured: ratio(run[load].p99Ratio), met: run[load].p99Ratio <= 2 },
      ];
    }),
    ...writes.flatMap(({ pets, perSecond, measured }) => {
      const scaled = scaledToThisMachine(perSecond, run.bareExpressPerSecond);
      return [
        {
          target: `durable creates with ${pets} pets: ${rate(perSecond)}`,
          measured: rate(measured),
          met: measured >= perSecond,
        },
        {
          target: `  the same, scaled to this machine (bare Express ${rate(run.bareExpressPerSecond)} against ${rate(REFERENCE_BARE_EXPRESS_PER_SECOND)}): ${rate(scaled)}`,
          measured: rate(measured),
          met: measured >= scaled,
        },
      ];
    }),
    { target: 'cold start under 500 ms', measured: `${run.coldStartMs} ms`, met: run.coldStartMs < 500 },
    { target: 'idle RSS under 100 MB', measured: `${run.idleRssMb} MB`, met: run.idleRssMb < 100 },
    {
      target: `the limiter's cost independent of keys: 100,000 keys at ${KEYS_RATIO_FLOOR}x of 10 or better`,
      measured: ratio(run.keysRatio),
      met: run.keysRatio >= KEYS_RATIO_FLOOR,
    },
  ];
}

export function renderTargets(checks: TargetCheck[]): string {
  const width = Math.max(...checks.map((check) => check.target.length));
  return checks
    .map((check) => `  ${check.met ? 'met    ' : 'NOT MET'}  ${check.target.padEnd(width)}  ${check.measured}`)
    .join('\n');
}
