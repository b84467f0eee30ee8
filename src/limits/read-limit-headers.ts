// Reads back what the limit headers of a dialect say (limit-header-dialect.ts writes them): the
// requests left in the window, and when it resets, as an instant (X-RateLimit-Reset's Unix
// second) or as seconds from the answer (RateLimit-Reset, draft 07's `reset=`, the structured
// field's `t=`). The SDK check reads each answer with the words its contract declares, so that a
// judge and the mock that wrote the answer never disagree on what it said.
import { type LimitHeaderDialect, RESET_FACTS, type WindowFact } from './limit-header-dialect.js';

/** One header of an answer, as sent (a number, a string, or a repeated header's values). */
export type ReadHeader = (name: string) => number | string | readonly string[] | undefined;

/** When a window resets: the Unix second it ends, or seconds after the answer went out. */
export type ResetReading = { atUnixSeconds: number } | { afterSeconds: number };

const single = (value: ReturnType<ReadHeader>) => (Array.isArray(value) ? value[0] : value)?.toString().trim();

/** A whole number of a header, or undefined where it holds none. */
function wholeNumber(text: string | undefined): number | undefined {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}

/** One parameter of `RateLimit`: draft 07's `remaining=3` in a list, or the structured `r=3` on an item. */
function parameterOf(header: string | undefined, name: string): number | undefined {
  const found = new RegExp(`(?:^|[\\s,;])${name}=(\\d+)`).exec(header ?? '');
  return found ? Number(found[1]) : undefined;
}

/** The value of the field that says `fact`, where the dialect has one. */
function fieldOf(dialect: LimitHeaderDialect, fact: WindowFact, readHeader: ReadHeader): number | undefined {
  if (dialect.kind !== 'fields') return undefined;
  const field = dialect.headers.find((header) => header.fact === fact);
  return field ? wholeNumber(single(readHeader(field.name))) : undefined;
}

/** The requests left in the window, as the answer said them; undefined where it said none. */
export function remainingOf(dialect: LimitHeaderDialect, readHeader: ReadHeader): number | undefined {
  switch (dialect.kind) {
    case 'fields': {
      const remaining = fieldOf(dialect, 'remaining', readHeader);
      if (remaining !== undefined) return remaining;
      // GitHub's x-ratelimit-used beside x-ratelimit-limit says it too.
      const limit = fieldOf(dialect, 'limit', readHeader);
      const used = fieldOf(dialect, 'used', readHeader);
      return limit !== undefined && used !== undefined ? Math.max(0, limit - used) : undefined;
    }
    case 'ietf-07':
      return parameterOf(single(readHeader('RateLimit')), 'remaining');
    case 'ietf-structured':
      return parameterOf(single(readHeader('RateLimit')), 'r');
    case 'none':
      return undefined;
  }
}

/** When the window resets, as the answer said it; undefined where it said nothing of it. */
export function resetOf(dialect: LimitHeaderDialect, readHeader: ReadHeader): ResetReading | undefined {
  switch (dialect.kind) {
    case 'fields': {
      const at = fieldOf(dialect, 'reset', readHeader);
      if (at !== undefined && at > 0) return { atUnixSeconds: at };
      const dated = dialect.headers.find((header) => header.fact === 'reset-at');
      const instant = dated ? Date.parse(single(readHeader(dated.name)) ?? '') : Number.NaN;
      if (Number.isFinite(instant)) return { atUnixSeconds: Math.ceil(instant / 1000) };
      const after = fieldOf(dialect, 'reset-after', readHeader);
      return after === undefined ? undefined : { afterSeconds: after };
    }
    case 'ietf-07': {
      const after = parameterOf(single(readHeader('RateLimit')), 'reset');
      return after === undefined ? undefined : { afterSeconds: after };
    }
    case 'ietf-structured': {
      const after = parameterOf(single(readHeader('RateLimit')), 't');
      return after === undefined ? undefined : { afterSeconds: after };
    }
    case 'none':
      return undefined;
  }
}

/** Whether the dialect's answers say the requests left, and when the window resets. */
export function dialectSays(dialect: LimitHeaderDialect): { remaining: boolean; reset: boolean } {
  if (dialect.kind === 'none') return { remaining: false, reset: false };
  if (dialect.kind !== 'fields') return { remaining: true, reset: true };
  const facts = new Set(dialect.headers.map((header) => header.fact));
  return {
    remaining: facts.has('remaining') || (facts.has('limit') && facts.has('used')),
    reset: RESET_FACTS.some((fact) => facts.has(fact)),
  };
}
