// Which kinds of value a schema's own bounds leave possible (a number between its minimum and
// maximum, a text between its lengths...), before what its properties and items ask: and, when
// none is left, why, in words a draft's author can act on.
import { ALL_KINDS, type Bound, type Summary, type ValueKind } from './schema-summary.js';

export type Feasibility = {
  /** The kinds some value of which fits the bounds. */
  kinds: Set<ValueKind>;
  /** The values of its enum that fit its other bounds (when it lists values). */
  values?: unknown[];
  /** Why each kind its type allows is ruled out, for a message when none is left. */
  reasons: string[];
};

const show = (bound: Bound, lower: boolean) =>
  `${lower ? (bound.exclusive ? 'above' : 'at least') : bound.exclusive ? 'below' : 'at most'} ${bound.value}`;

/** Whether `value` is within the number bounds. */
function inRange(value: number, summary: Summary): boolean {
  const { minimum, maximum } = summary;
  if (minimum && (minimum.exclusive ? value <= minimum.value : value < minimum.value)) return false;
  if (maximum && (maximum.exclusive ? value >= maximum.value : value > maximum.value)) return false;
  return true;
}

/** Why no integer fits the bounds, or undefined when one does. */
function noInteger(summary: Summary): string | undefined {
  const { minimum, maximum, multipleOf } = summary;
  const low = minimum ? (minimum.exclusive ? Math.floor(minimum.value) + 1 : Math.ceil(minimum.value)) : undefined;
  const high = maximum ? (maximum.exclusive ? Math.ceil(maximum.value) - 1 : Math.floor(maximum.value)) : undefined;
  if (low !== undefined && high !== undefined && low > high) {
    return `no integer is ${show(minimum as Bound, true)} and ${show(maximum as Bound, false)}`;
  }
  if (multipleOf !== undefined && Number.isInteger(multipleOf) && low !== undefined && high !== undefined) {
    if (Math.ceil(low / multipleOf) * multipleOf > high)
      return `no multiple of ${multipleOf} is from ${low} to ${high}`;
  }
  return undefined;
}

/** Why no number fits the bounds, or undefined when one does. */
function noNumber(summary: Summary): string | undefined {
  const { minimum, maximum } = summary;
  if (!minimum || !maximum) return undefined;
  const empty =
    minimum.value > maximum.value || (minimum.value === maximum.value && (minimum.exclusive || maximum.exclusive));
  return empty ? `no number is ${show(minimum, true)} and ${show(maximum, false)}` : undefined;
}

/** Why a kind is ruled out by the bounds of its own, or undefined when a value of it may fit. */
function ruledOut(kind: ValueKind, summary: Summary): string | undefined {
  switch (kind) {
    case 'integer':
      return noInteger(summary);
    case 'fraction':
      return noNumber(summary);
    case 'string':
      return summary.minLength > summary.maxLength
        ? `minLength ${summary.minLength} is above maxLength ${summary.maxLength}`
        : undefined;
    case 'array':
      return summary.minItems > summary.maxItems
        ? `minItems ${summary.minItems} is above maxItems ${summary.maxItems}`
        : undefined;
    case 'object':
      if (summary.minProperties > summary.maxProperties)
        return `minProperties ${summary.minProperties} is above maxProperties ${summary.maxProperties}`;
      if (summary.required.size > summary.maxProperties)
        return `it requires ${summary.required.size} properties and allows at most ${summary.maxProperties} (maxProperties)`;
      return undefined;
    default:
      return undefined;
  }
}

/** The kind of a JSON value. */
export function kindOf(value: unknown): ValueKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'fraction';
  if (typeof value === 'object') return 'object';
  return typeof value === 'boolean' ? 'boolean' : 'string';
}

/** Whether a listed value fits the schema's bounds of its kind. */
function valueFits(value: unknown, summary: Summary, kinds: ReadonlySet<ValueKind>): boolean {
  const kind = kindOf(value);
  if (!kinds.has(kind)) return false;
  if (typeof value === 'number') return inRange(value, summary);
  if (typeof value === 'string') {
    const length = [...value].length;
    return length >= summary.minLength && length <= summary.maxLength;
  }
  if (Array.isArray(value)) return value.length >= summary.minItems && value.length <= summary.maxItems;
  if (kind === 'object') {
    const names = Object.keys(value as object);
    return (
      names.length >= summary.minProperties &&
      names.length <= summary.maxProperties &&
      [...summary.required].every((name) => Object.hasOwn(value as object, name))
    );
  }
  return true;
}

export function feasibility(summary: Summary): Feasibility {
  if (summary.nothing) return { kinds: new Set(), reasons: ['it is the schema false, which nothing fits'] };
  const reasons: string[] = [];
  if (summary.kinds.size === 0) {
    reasons.push(`the types it must have at once (${summary.typesWritten.join('; ')}) have no value in common`);
  }
  const kinds = new Set<ValueKind>();
  for (const kind of ALL_KINDS) {
    if (!summary.kinds.has(kind)) continue;
    const why = ruledOut(kind, summary);
    if (why === undefined) kinds.add(kind);
    else if (!reasons.includes(why)) reasons.push(why);
  }
  if (summary.values === undefined) return { kinds, reasons };
  const values = summary.values.filter((value) => valueFits(value, summary, kinds));
  if (values.length === 0) {
    reasons.push(
      summary.values.length === 0
        ? 'its enum and const values have none in common'
        : 'none of its enum (or const) values fits its type and bounds',
    );
  }
  return { kinds: new Set(values.map(kindOf)), values, reasons };
}
