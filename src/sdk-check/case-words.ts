// The words a case and its verdict use for what a contract's answers say: the header that names
// the window's end, the one that counts the requests left, a ban's refusal, what a create makes.
// The catalogue is written in the Pet Store's words (X-RateLimit-Reset, 403 API_KEY_BANNED, a
// pet); a run on another contract says its own (RateLimit's reset, ratelimit-remaining: 0).
import { type LimitHeaderDialect, RESET_FACTS, type WindowFact } from '../limits/limit-header-dialect.js';

export type CaseWords = {
  /** The header that names when the window resets: "X-RateLimit-Reset". */
  reset: string;
  /** The header of the requests left in the window: "X-RateLimit-Remaining". */
  remaining: string;
  /** An answer that says none is left: "X-RateLimit-Remaining: 0". */
  remainingZero: string;
  /** A ban's refusal: "403 API_KEY_BANNED". */
  banned: string;
  /** What a create makes: "pet". */
  created: string;
};

export const PETSTORE_WORDS: CaseWords = Object.freeze({
  reset: 'X-RateLimit-Reset',
  remaining: 'X-RateLimit-Remaining',
  remainingZero: 'X-RateLimit-Remaining: 0',
  banned: '403 API_KEY_BANNED',
  created: 'pet',
});

/** The words of the catalogue's texts, each with the word of a contract's that replaces it (longest first). */
const PHRASES: ReadonlyArray<[string, (words: CaseWords) => string]> = [
  [PETSTORE_WORDS.remainingZero, (words) => words.remainingZero],
  [PETSTORE_WORDS.reset, (words) => words.reset],
  [PETSTORE_WORDS.remaining, (words) => words.remaining],
  [PETSTORE_WORDS.banned, (words) => words.banned],
  [`the ${PETSTORE_WORDS.created} was stored`, (words) => `the ${words.created} was stored`],
];

/** A text of the catalogue in a contract's words. */
export function inWordsOf(text: string, words: CaseWords): string {
  return PHRASES.reduce((said, [phrase, replace]) => said.replaceAll(phrase, replace(words)), text);
}

/** The name of the field of a dialect that says `facts` (the first found). */
function fieldNamed(dialect: LimitHeaderDialect, ...facts: WindowFact[]): string | undefined {
  if (dialect.kind !== 'fields') return undefined;
  return facts.flatMap((fact) => dialect.headers.filter((header) => header.fact === fact)).map(({ name }) => name)[0];
}

/** The words of a dialect's limit headers: the Pet Store's X-RateLimit-* come out as the catalogue writes them. */
export function limitWordsOf(dialect: LimitHeaderDialect): Pick<CaseWords, 'reset' | 'remaining' | 'remainingZero'> {
  switch (dialect.kind) {
    case 'fields': {
      const remaining = fieldNamed(dialect, 'remaining');
      const used = fieldNamed(dialect, 'used');
      const limit = fieldNamed(dialect, 'limit');
      return {
        reset:
          RESET_FACTS.map((fact) => fieldNamed(dialect, fact)).find((name) => name !== undefined) ?? 'a reset header',
        remaining: remaining ?? used ?? 'the requests left',
        remainingZero: remaining
          ? `${remaining}: 0`
          : used && limit
            ? `${used} equal to ${limit}`
            : 'no request left in the window',
      };
    }
    case 'ietf-07':
      return {
        reset: "RateLimit's reset",
        remaining: "RateLimit's remaining",
        remainingZero: 'RateLimit: remaining=0',
      };
    case 'ietf-structured':
      return { reset: "RateLimit's t", remaining: "RateLimit's r", remainingZero: 'RateLimit: r=0' };
    case 'none':
      return {
        reset: 'a reset header',
        remaining: 'the requests left',
        remainingZero: 'no request left in the window',
      };
  }
}
