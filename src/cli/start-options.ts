// Parsers for the `serve` options that set up the simulation at start: --key, --storm, --fault, --latency.
import { InvalidArgumentError } from 'commander';
import type { Latency } from '../http/latency.js';
import type { FaultKind, FaultSpec } from '../limits/faults.js';
import { isPlanName, PLAN_LIST, type PlanLimits, type PlanName } from '../limits/plans.js';
import type { StormSpec } from '../limits/storms.js';

export type StartKey = { key: string; plan: PlanName; limits?: PlanLimits };

/** --key NAME:PLAN or NAME:PLAN:PER_MINUTE:PER_DAY, repeatable. */
export function parseKeyOption(value: string, previous: StartKey[] = []): StartKey[] {
  const [key, plan, perMinute, perDay, ...rest] = value.split(':');
  const counts = [perMinute, perDay].map(Number);
  const hasLimits = perMinute !== undefined || perDay !== undefined;
  if (
    !key ||
    !isPlanName(plan) ||
    rest.length > 0 ||
    (hasLimits && !counts.every((count) => Number.isInteger(count) && count > 0))
  ) {
    throw new InvalidArgumentError(`--key takes NAME:PLAN or NAME:PLAN:PER_MINUTE:PER_DAY, PLAN one of ${PLAN_LIST}.`);
  }
  const limits = hasLimits ? { perMinute: counts[0] as number, perDay: counts[1] as number } : undefined;
  return [...previous, { key, plan, ...(limits ? { limits } : {}) }];
}

/** --latency MS or MIN-MAX (milliseconds, every operation). */
export function parseLatencyOption(value: string): Latency {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError('--latency takes milliseconds, MS or MIN-MAX, e.g. 200 or 100-800.');
  if (match[2] === undefined) return { ms: Number(match[1]) };
  const [minMs, maxMs] = [Number(match[1]), Number(match[2])];
  if (minMs > maxMs) throw new InvalidArgumentError('--latency MIN-MAX needs MIN at most MAX.');
  return { minMs, maxMs };
}

const STORM_FIELDS = ['seconds', 'requests', 'fraction', 'keys', 'operations', 'retryAfterSeconds'];
const FAULT_KINDS: readonly FaultKind[] = ['reset', 'cut', 'stall', 'unavailable'];

/** The JSON body of a control operation given as an option: an object with only `fields`, its fraction in 0..1. */
function parseBodyOption(option: string, value: string, example: string, fields: readonly string[]): object {
  let spec: unknown;
  try {
    spec = JSON.parse(value);
  } catch {
    throw new InvalidArgumentError(`${option} takes the JSON body of ${example}.`);
  }
  if (
    typeof spec !== 'object' ||
    spec === null ||
    Array.isArray(spec) ||
    !Object.keys(spec).every((field) => fields.includes(field))
  ) {
    throw new InvalidArgumentError(`${option} takes an object with only these fields: ${fields.join(', ')}.`);
  }
  const fraction = (spec as { fraction?: unknown }).fraction;
  if (fraction !== undefined && (typeof fraction !== 'number' || fraction < 0 || fraction > 1)) {
    throw new InvalidArgumentError(`${option} "fraction" is a number from 0 to 1.`);
  }
  return spec;
}

/** --storm with the control API's JSON body, e.g. '{"fraction":0.5,"seconds":60}'. */
export function parseStormOption(value: string): StormSpec {
  return parseBodyOption('--storm', value, 'POST /__mock/storms, e.g. \'{"fraction":0.5,"seconds":60}\'', STORM_FIELDS);
}

/** --fault with the control API's JSON body, e.g. '{"kind":"reset","fraction":0.1}'. */
export function parseFaultOption(value: string): FaultSpec {
  const spec = parseBodyOption('--fault', value, 'POST /__mock/faults, e.g. \'{"kind":"reset","fraction":0.1}\'', [
    'kind',
    ...STORM_FIELDS,
    'stallSeconds',
  ]) as FaultSpec;
  if (!FAULT_KINDS.includes(spec.kind))
    throw new InvalidArgumentError(`--fault "kind" is one of ${FAULT_KINDS.join(', ')}.`);
  return spec;
}
