// The rate-limit headers of an answer, read in the words its contract declares them (the dialect
// src/openapi/limit-headers-of-contract.ts reads: the Pet Store's X-RateLimit-*, the same under
// other names such as GitHub's x-ratelimit-* with -used, a Reset in seconds from now, the IETF
// RateLimit fields of draft-ietf-httpapi-ratelimit-headers in each of their forms) as one window:
// its limit, what remains of it, and the Unix second it ends. A contract that declares none makes
// no promise of them: nothing is read, and no check holds an answer to them.
import { type LimitHeaderDialect, RESET_FACTS, type WindowFact } from '../../src/limits/limit-header-dialect.js';
import { limitHeaderDialectOf } from '../../src/openapi/limit-headers-of-contract.js';
import { CONTRACT } from './contract-model.js';
import { declaredHeaders, type SpecOperation } from './contract-spec.js';
import { clockNote, targetNow } from './target-clock.js';

/** What the checks read of a window. */
export type WindowPart = 'limit' | 'remaining' | 'reset';

type Answer = { headers: Record<string, string> };

const DAY_SECONDS = 86_400;

/** Whether any answer of the contract declares a header of the dialect. */
function declares(dialect: LimitHeaderDialect): boolean {
  const declared = new Set(
    CONTRACT.operations.flatMap((operation) =>
      [...operation.responses.values()].flatMap((response) =>
        response.headers.map((header) => header.name.toLowerCase()),
      ),
    ),
  );
  if (dialect.kind === 'fields') return dialect.headers.some((header) => declared.has(header.name.toLowerCase()));
  return dialect.kind !== 'none' && declared.has('ratelimit');
}

const read = limitHeaderDialectOf(CONTRACT);
/** The contract's limit headers; undefined where it declares none. */
export const LIMIT_DIALECT: LimitHeaderDialect | undefined = declares(read) ? read : undefined;

/** The declared header of a fact, in the 'fields' dialect. */
function fieldOf(...facts: WindowFact[]): string | undefined {
  if (LIMIT_DIALECT?.kind !== 'fields') return undefined;
  return LIMIT_DIALECT.headers.find((header) => facts.includes(header.fact))?.name;
}

/** The declared header that says when the window ends, in any of its forms. */
const RESET_FIELD =
  LIMIT_DIALECT?.kind === 'fields'
    ? LIMIT_DIALECT.headers.find((header) => RESET_FACTS.includes(header.fact))?.name
    : undefined;

/** How the contract names each part of a window, for messages: "X-RateLimit-Remaining", "RateLimit r". */
export const LIMIT_NAME: Readonly<Record<WindowPart, string>> = (() => {
  switch (LIMIT_DIALECT?.kind) {
    case 'ietf-07':
      return { limit: 'RateLimit limit', remaining: 'RateLimit remaining', reset: 'RateLimit reset' };
    case 'ietf-structured':
      return { limit: 'RateLimit-Policy q', remaining: 'RateLimit r', reset: 'RateLimit t' };
    case 'fields':
      return {
        limit: fieldOf('limit') ?? 'X-RateLimit-Limit',
        remaining: fieldOf('remaining') ?? fieldOf('used') ?? 'X-RateLimit-Remaining',
        reset: RESET_FIELD ?? 'X-RateLimit-Reset',
      };
    default:
      return { limit: 'X-RateLimit-Limit', remaining: 'X-RateLimit-Remaining', reset: 'X-RateLimit-Reset' };
  }
})();

/** The parameters of a structured field's first member: `"default";r=5;t=30` or `limit=100, remaining=5`. */
function parametersOf(value: string | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of (value ?? '').matchAll(/(?:^|[;,\s])([a-z]+)=("[^"]*"|[^;,\s]+)/g))
    if (match[1] !== undefined && !(match[1] in found)) found[match[1]] = String(match[2]);
  return found;
}

/** Each part as the answer writes it (its text), undefined where it says nothing of it. */
export function limitSaid(answer: Answer, part: WindowPart): string | undefined {
  const header = (name: string | undefined) => (name === undefined ? undefined : answer.headers[name.toLowerCase()]);
  switch (LIMIT_DIALECT?.kind) {
    case 'fields': {
      if (part === 'reset') return header(RESET_FIELD);
      if (part === 'limit') return header(fieldOf('limit'));
      const remaining = header(fieldOf('remaining'));
      if (remaining !== undefined || fieldOf('remaining') !== undefined) return remaining;
      // GitHub's x-ratelimit-used beside its limit: what remains is the difference.
      const [limit, used] = [Number(header(fieldOf('limit'))), Number(header(fieldOf('used')))];
      return Number.isInteger(limit) && Number.isInteger(used) ? String(limit - used) : undefined;
    }
    case 'ietf-07': {
      const parameters = parametersOf(answer.headers.ratelimit);
      return part === 'limit'
        ? (parameters.limit ?? parametersOf(answer.headers['ratelimit-policy']).q)
        : parameters[part];
    }
    case 'ietf-structured': {
      if (part === 'limit') return parametersOf(answer.headers['ratelimit-policy']).q;
      return parametersOf(answer.headers.ratelimit)[part === 'remaining' ? 'r' : 't'];
    }
    default:
      return undefined;
  }
}

/** Whether the reset part counts seconds from the answer rather than naming a Unix second. */
const RESET_FROM_NOW =
  LIMIT_DIALECT?.kind === 'ietf-07' ||
  LIMIT_DIALECT?.kind === 'ietf-structured' ||
  (LIMIT_DIALECT?.kind === 'fields' && LIMIT_DIALECT.headers.some((header) => header.fact === 'reset-after'));

/** A date-time as RFC 3339 writes it (the contract's `format: date-time`). */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Whether the reset part names its instant as a date-time. */
const RESET_AS_DATE =
  LIMIT_DIALECT?.kind === 'fields' && LIMIT_DIALECT.headers.some((header) => header.fact === 'reset-at');

/** A part of the answer's window as a number (the reset as the Unix second it ends); NaN where it is none. */
export function limitValue(answer: Answer, part: WindowPart): number {
  const said = limitSaid(answer, part);
  // A reset written as a date-time (Mastodon's) names its second in words.
  if (part === 'reset' && said !== undefined && RESET_AS_DATE) {
    const instant = RFC_3339.test(said) ? Date.parse(said) : Number.NaN;
    return Number.isFinite(instant) ? Math.ceil(instant / 1000) : Number.NaN;
  }
  const value = said !== undefined && /^\d+$/.test(said) ? Number(said) : Number.NaN;
  if (part !== 'reset' || !RESET_FROM_NOW || Number.isNaN(value)) return value;
  return Math.floor(targetNow(answer).ms / 1000) + value;
}

/** Whether the contract's headers tell what remains of a window and when it ends: the counting checks need both. */
export const COUNTS_REQUESTS =
  LIMIT_DIALECT !== undefined &&
  (LIMIT_DIALECT.kind !== 'fields' || (fieldOf('remaining', 'used') !== undefined && RESET_FIELD !== undefined));

/** Whether the headers tell a window's limit too. */
export const TELLS_LIMIT =
  LIMIT_DIALECT !== undefined &&
  (LIMIT_DIALECT.kind === 'fields'
    ? fieldOf('limit') !== undefined
    : LIMIT_DIALECT.kind === 'ietf-07' || (LIMIT_DIALECT.kind === 'ietf-structured' && LIMIT_DIALECT.policy));

/** Why a check that counts a key's requests by its headers cannot run. */
export const NO_COUNT_REASON =
  'the contract declares no rate-limit headers that tell what remains of a window and when it ends (X-RateLimit-Remaining and -Reset, or the IETF RateLimit fields), so none is held to them';

/** What tells one window from another: its limit and its end. */
export const windowOf = (answer: Answer) => `${limitSaid(answer, 'limit')} ${limitValue(answer, 'reset')}`;

/** The lower-case names of the headers the dialect writes. */
function dialectHeaders(): string[] {
  if (LIMIT_DIALECT?.kind === 'fields') return LIMIT_DIALECT.headers.map((header) => header.name.toLowerCase());
  if (LIMIT_DIALECT?.kind === 'ietf-07' || LIMIT_DIALECT?.kind === 'ietf-structured')
    return ['ratelimit', ...(LIMIT_DIALECT.policy ? ['ratelimit-policy'] : [])];
  return [];
}

/**
 * Whether `lowerName` is one of the contract's limit headers: they describe the API's window, not
 * one operation's answer, and may be answered wherever a request is counted.
 */
export const isLimitHeader = (lowerName: string) => dialectHeaders().includes(lowerName);

/** The status an answer of `status` is declared under: its own, its class's (4XX), or default. */
const coveringStatus = (operation: SpecOperation, status: number) =>
  [String(status), `${String(status)[0]}XX`, 'default'].find((declared) =>
    operation.declaredStatuses.includes(declared),
  );

/** Whether the operation declares the contract's limit headers (required, or any) for a declared status. */
function declaresOn(operation: SpecOperation, declared: string, requiredOnly: boolean): boolean {
  const names = dialectHeaders();
  return declaredHeaders(operation, declared).some(
    (header) => (header.required || !requiredOnly) && names.includes(header.name.toLowerCase()),
  );
}

/** Whether an answer of `operation` with `status` is declared with the contract's limit headers. */
export function declaresLimitHeaders(operation: SpecOperation, status: number): boolean {
  const covering = coveringStatus(operation, status);
  return covering !== undefined && declaresOn(operation, covering, false);
}

/**
 * Whether an answer of `operation` with `status` must carry the limit headers: where the contract
 * declares them required for that status, or, for a status it does not declare, where it declares
 * them required on every answer of the operation (the Pet Store: every response, errors too).
 */
export function limitHeadersRequired(operation: SpecOperation | undefined, status: number): boolean {
  if (dialectHeaders().length === 0) return false;
  if (operation === undefined) return true;
  const covering = coveringStatus(operation, status);
  if (covering !== undefined) return declaresOn(operation, covering, true);
  return (
    operation.declaredStatuses.length > 0 &&
    operation.declaredStatuses.every((declared) => declaresOn(operation, declared, true))
  );
}

/**
 * The limit headers of an answer, in the contract's dialect: present where `required`, each a
 * non-negative integer (a reset declared as a date-time, a date-time), what remains at most the
 * limit (and with -used, the two adding up to it), the window ending within a day of the answer's Date.
 */
export function limitHeaderFormProblems(answer: Answer, required: boolean): string[] {
  if (LIMIT_DIALECT === undefined) return [];
  const problems: string[] = [];
  const headers = dialectHeaders();
  for (const name of headers) {
    const value = answer.headers[name];
    if (value === undefined) {
      if (required) problems.push(`header ${name} is missing`);
      continue;
    }
    if (LIMIT_DIALECT.kind !== 'fields') continue;
    const fact = LIMIT_DIALECT.headers.find((header) => header.name.toLowerCase() === name)?.fact;
    if (fact === 'reset-at') {
      if (!RFC_3339.test(value))
        problems.push(`header ${name} is "${value}", not a date-time (RFC 3339, as the contract declares it)`);
    } else if (fact !== 'resource' && !/^\d+$/.test(value))
      problems.push(`header ${name} is "${value}", not a non-negative integer`);
  }
  if (LIMIT_DIALECT.kind !== 'fields' && answer.headers.ratelimit !== undefined) {
    for (const part of ['remaining', 'reset'] as const) {
      const said = limitSaid(answer, part);
      if (said === undefined || !/^\d+$/.test(said))
        problems.push(
          `${LIMIT_NAME[part]} is ${said === undefined ? 'missing' : `"${said}"`}, not a non-negative integer (RateLimit: ${answer.headers.ratelimit})`,
        );
    }
  }
  const [limit, remaining] = [limitValue(answer, 'limit'), limitValue(answer, 'remaining')];
  if (remaining > limit) problems.push(`${LIMIT_NAME.remaining} ${remaining} is above ${LIMIT_NAME.limit} ${limit}`);
  const usedName = fieldOf('used');
  const remainingName = fieldOf('remaining');
  if (usedName !== undefined && remainingName !== undefined) {
    const used = Number(answer.headers[usedName.toLowerCase()]);
    if (Number.isInteger(used) && Number.isInteger(limit) && Number.isInteger(remaining) && used + remaining !== limit)
      problems.push(
        `${usedName} ${used} and ${remainingName} ${remaining} do not add up to ${LIMIT_NAME.limit} ${limit}`,
      );
  }
  for (const problem of resetProblems(answer)) problems.push(problem);
  return problems;
}

/** The window ends within the day after the answer's Date: a Unix time in seconds (or a date-time), or seconds from now. */
function resetProblems(answer: Answer): string[] {
  const said = RESET_AS_DATE ? String(limitValue(answer, 'reset')) : limitSaid(answer, 'reset');
  if (said === undefined || !/^\d+$/.test(said)) return [];
  const now = targetNow(answer);
  const nowSeconds = Math.floor(now.ms / 1000);
  if (RESET_FROM_NOW) {
    return Number(said) > DAY_SECONDS + 5
      ? [
          `${LIMIT_NAME.reset} ${said} is not a number of seconds within the day after the answer's Date${clockNote(now)}`,
        ]
      : [];
  }
  const reset = Number(said);
  // Reset is in seconds, not milliseconds, and no further than the longest window (a day).
  if (reset >= nowSeconds - 5 && reset <= nowSeconds + DAY_SECONDS + 5) return [];
  const written = RESET_AS_DATE
    ? `${limitSaid(answer, 'reset')} is not a date-time`
    : `${reset} is not a Unix time in seconds`;
  return [
    `${LIMIT_NAME.reset} ${written} within the day after the answer's Date (${new Date(nowSeconds * 1000).toISOString()})${clockNote(now)}`,
  ];
}

/** The contract's limit headers in a word, for messages: "X-RateLimit-*", "RateLimit". */
export const LIMIT_HEADERS_SHOWN =
  LIMIT_DIALECT?.kind === 'ietf-07' || LIMIT_DIALECT?.kind === 'ietf-structured'
    ? 'RateLimit'
    : LIMIT_NAME.remaining.replace(/[-_][^-_]*$/, '-*');
