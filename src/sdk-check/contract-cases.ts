// The catalogue on the contract a run serves (`sdk-check --contract`): each case in the contract's
// words, run as the contract allows (its limit headers, a refusal it does not declare given all
// the same, marked X-Mock-Contract-Gap), or skipped, with why, where it needs what the contract
// lacks (catalogue.ts's `needs`): an HTTP-date where Retry-After is declared in seconds only, a
// header naming the window's reset or the requests left, a read or a create to fault.
import { dialectSays } from '../limits/read-limit-headers.js';
import { inWordsOf } from './case-words.js';
import type { CaseNeed, SdkCase } from './catalogue.js';
import type { ContractProfile } from './contract-profile.js';

export type PlannedCase = {
  /** The case in the contract's words. */
  case: SdkCase;
  /** Why it is not run on this contract; absent where it runs. */
  skipped?: string;
  /** How it runs on this contract where that differs from the Pet Store's (for the reports). */
  adapted: string[];
};

/** What each need asks of a contract, for --help, and what a contract lacking it is told. */
export const CASE_NEEDS: Readonly<
  Record<CaseNeed, { asks: string; lacking(profile: ContractProfile): string | undefined }>
> = {
  'http-date': {
    asks: 'a Retry-After that may be an HTTP-date (RFC 9110 allows one where the contract does not restrict it)',
    lacking: ({ retryAfter }) =>
      retryAfter.httpDate
        ? undefined
        : `the contract declares ${retryAfter.declared}: its answers never carry an HTTP-date`,
  },
  reset: {
    asks: 'a limit header naming when the window resets (X-RateLimit-Reset, RateLimit-Reset, RateLimit: reset=)',
    lacking: ({ dialect }) =>
      dialectSays(dialect).reset
        ? undefined
        : `the contract declares no limit header naming when the window resets (${declaredHeaders(dialect)}): a 429 without Retry-After would tell its client nothing to wait for`,
  },
  remaining: {
    asks: 'a limit header of the requests left (X-RateLimit-Remaining, RateLimit-Remaining, RateLimit: remaining=)',
    lacking: ({ dialect }) =>
      dialectSays(dialect).remaining
        ? undefined
        : `the contract declares no limit header of the requests left (${declaredHeaders(dialect)}): its client cannot see the window run out before a 429`,
  },
  read: {
    asks: 'a read (GET) operation',
    lacking: ({ reads }) => (reads.length > 0 ? undefined : 'the contract has no read (GET) operation to fault'),
  },
  create: {
    asks: 'a create (POST) operation',
    lacking: ({ creates }) => (creates.length > 0 ? undefined : 'the contract has no create (POST) operation to fault'),
  },
};

/** The limit headers a dialect writes, in words. */
function declaredHeaders(dialect: ContractProfile['dialect']): string {
  if (dialect.kind === 'none') return 'it declares only Retry-After';
  if (dialect.kind === 'fields') return `it declares ${dialect.headers.map(({ name }) => name).join(', ')}`;
  return 'it declares RateLimit';
}

/** Whether the dialect's reset counts seconds from the answer (the IETF fields) rather than naming an instant. */
function resetCountsFromTheAnswer(dialect: ContractProfile['dialect']): boolean {
  if (dialect.kind !== 'fields') return dialect.kind !== 'none';
  return (
    !dialect.headers.some(({ fact }) => fact === 'reset' || fact === 'reset-at') &&
    dialect.headers.some(({ fact }) => fact === 'reset-after')
  );
}

/** The refusal a case is about: a ban's 403, a fault's 503, else a 429. */
function refusalOf(testCase: SdkCase): number | undefined {
  const { setUp } = testCase;
  if (setUp.banSeconds) return 403;
  if (setUp.fault) return setUp.fault.kind === 'unavailable' ? 503 : undefined;
  if (setUp.latencyMs) return undefined;
  return 429;
}

/** How a case runs on this contract where that is not as on the Pet Store. */
function adaptations(testCase: SdkCase, profile: ContractProfile): string[] {
  const notes: string[] = [];
  const refusal = refusalOf(testCase);
  if (refusal !== undefined && !profile.declaredRefusals.includes(refusal))
    notes.push(
      `the contract declares no ${refusal} answer: the mock gives it all the same, in the shape of the operation's nearest declared error, marked X-Mock-Contract-Gap`,
    );
  if (testCase.needs?.includes('reset') && resetCountsFromTheAnswer(profile.dialect))
    notes.push(`the 429 names the window's end in ${profile.words.reset}, in seconds from the answer`);
  return notes;
}

/** A case as it runs on the contract the profile reads: in its words, or skipped with why. */
export function planCase(testCase: SdkCase, profile: ContractProfile): PlannedCase {
  const { words } = profile;
  const spoken: SdkCase = {
    ...testCase,
    reproduces: inWordsOf(testCase.reproduces, words),
    passes: inWordsOf(testCase.passes, words),
    fails: inWordsOf(testCase.fails, words),
    words,
  };
  const lacks = (testCase.needs ?? []).map((need) => CASE_NEEDS[need].lacking(profile)).find(Boolean);
  return {
    case: spoken,
    ...(lacks ? { skipped: `skipped: ${lacks}` } : {}),
    adapted: lacks ? [] : adaptations(testCase, profile),
  };
}
