// `multipleOf` judged and drawn as people write decimals. Ajv divides and asks for a whole
// quotient: 0.1 / 1e-7 is 999999.9999999999 and 0.3 / 0.1 is 2.9999999999999996, so a weight of
// 0.1 under `multipleOf: 1e-7` was refused by the mock's validator while the suite sent it as
// valid. Every validator of the project (the mock's request and answer checks, its data checks,
// the suite's conformance checks) uses the one judgement below, and generation draws values that
// pass it.
import type { ErrorObject, FuncKeywordDefinition } from 'ajv';

/**
 * How far from the nearest multiple a value may be, relative to its size: the rounding of a few
 * floating-point operations (64 units in the last place), far below the step of any value that
 * can hold the step's digits.
 */
const TOLERANCE = 64 * Number.EPSILON;

/** Whether `value` is a whole multiple of `step`, up to the rounding of doubles. */
export function isMultipleOf(value: number, step: number): boolean {
  const size = Math.abs(step);
  if (!Number.isFinite(value) || !Number.isFinite(size) || size === 0) return false;
  const quotient = value / size;
  // A quotient past the doubles: each double near `value` is further from the next than `step`.
  if (!Number.isFinite(quotient)) return true;
  return Math.abs(value - Math.round(quotient) * size) <= Math.abs(value) * TOLERANCE;
}

/** The decimals `step` is written with: 0.01 has 2, 1e-7 has 7, 2.5e-3 has 4, 8 has none. */
export function decimalsOf(step: number): number {
  const [mantissa = '', exponent = '0'] = String(Math.abs(step)).split('e');
  const decimals = (mantissa.split('.')[1] ?? '').length - Number(exponent);
  return Math.max(0, decimals);
}

/** toFixed takes at most 100 decimals. */
const MOST_DECIMALS = 100;

/** `count` times `step`, written with the step's decimals: 1234 × 0.01 is 12.34, not 12.340000000000002. */
export function multipleAt(count: number, step: number): number {
  const exact = count * step;
  const decimals = decimalsOf(step);
  if (decimals === 0 || decimals > MOST_DECIMALS || !Number.isFinite(exact)) return exact;
  const written = Number(exact.toFixed(decimals));
  return isMultipleOf(written, step) ? written : exact;
}

/**
 * The counts of `step` whose multiples lie from `min` to `max`, at most the safe integers (a
 * step of 1e-7 up to 1e12 has 1e19 of them); undefined when none does.
 */
export function multipleCounts(min: number, max: number, step: number): { low: number; high: number } | undefined {
  const size = Math.abs(step);
  if (!(size > 0) || !Number.isFinite(size)) return undefined;
  let low = Math.max(Math.ceil(min / size), -Number.MAX_SAFE_INTEGER);
  let high = Math.min(Math.floor(max / size), Number.MAX_SAFE_INTEGER);
  // The division rounds either way (0.1 / 1e-7 is 1000000.0000000001): the count at each end is
  // moved to the last whose multiple, as written, lies within the bound.
  if (multipleAt(low, size) < min) low += 1;
  else if (low > -Number.MAX_SAFE_INTEGER && multipleAt(low - 1, size) >= min) low -= 1;
  if (multipleAt(high, size) > max) high -= 1;
  else if (high < Number.MAX_SAFE_INTEGER && multipleAt(high + 1, size) <= max) high += 1;
  return Number.isFinite(low) && Number.isFinite(high) && low <= high ? { low, high } : undefined;
}

type JudgeOfMultiples = ((step: number, value: number) => boolean) & { errors?: Partial<ErrorObject>[] };

const judgeMultiple: JudgeOfMultiples = (step, value) => {
  if (isMultipleOf(value, step)) return true;
  // Ajv's own wording and parameters, which error answers and reports read.
  judgeMultiple.errors = [
    { keyword: 'multipleOf', message: `must be multiple of ${step}`, params: { multipleOf: step } },
  ];
  return false;
};

/** The parts of an Ajv instance (of any copy of Ajv 8, draft 4's included) the keyword is set with. */
type KeywordTaker = {
  removeKeyword(keyword: string): unknown;
  addKeyword(definition: FuncKeywordDefinition): unknown;
};

/** `ajv` with Ajv's `multipleOf` replaced by the judgement above; the same instance, to chain. */
export function withTolerantMultipleOf<T extends KeywordTaker>(ajv: T): T {
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    errors: true,
    validate: judgeMultiple,
  });
  return ajv;
}
