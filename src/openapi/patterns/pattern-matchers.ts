// The one place a contract's pattern becomes a matcher, for every reader of the contract: the
// validator (as formats, validator-patterns.ts), the Ajv instances of the mock and of the suite
// (Ajv's own `code: { regExp }` option), the data checks and the values drawn. Read as
// pattern-reading.ts says, matched in linear time (linear-pattern.ts). A draft's patterns were
// checked when it was read (check-patterns.ts): one that cannot be matched never gets here.
import { compileLinear, type LinearMatcher } from './linear-pattern.js';
import { readPattern } from './pattern-reading.js';
import { tokenizePattern } from './pattern-tokens.js';
import { re2, toRe2Syntax } from './re2-syntax.js';

/** Compiled on first use: a schema compiled is not yet a schema used. */
const compiled = new Map<string, LinearMatcher>();
/** Past this many, the compilations are dropped and made again: a watched draft edited all day keeps no history. */
const KEPT = 2_000;

function keep(source: string, matcher: LinearMatcher): void {
  if (compiled.size >= KEPT) compiled.clear();
  compiled.set(source, matcher);
}

/** The matcher of `source`; throws what is wrong with it when it cannot be matched safely. */
export function matcherOf(source: string): LinearMatcher {
  const known = compiled.get(source);
  if (known) return known;
  const reading = readPattern(source);
  if (!reading.valid) throw new SyntaxError(`The pattern ${JSON.stringify(source)} is invalid: ${reading.reason}`);
  const compilation = compileLinear(source, reading.unicode);
  if ('refusal' in compilation) {
    throw new SyntaxError(
      `The pattern ${JSON.stringify(source)} cannot be matched in linear time: ${compilation.refusal}`,
    );
  }
  keep(source, compilation.matcher);
  return compilation.matcher;
}

/**
 * Ajv's `code.regExp`: every `pattern` and `patternProperties` key an Ajv instance compiles,
 * matched here. Ajv's flag is set aside: the reading decides (pattern-reading.ts). Ajv keys its
 * compiled patterns by toString(), so each is its own source.
 */
export const linearRegExp = Object.assign(
  (source: string, _flags: string) => ({
    test: (text: string) => matcherOf(source).test(text),
    toString: () => `/${source}/linear`,
  }),
  { code: 'linearRegExp' },
);

/**
 * A matcher with captures, in linear time, for an expression made from the contract (a path
 * template's `^/pets/([^/]+)$`: adjacent parameters would make V8 backtrack), read with the u flag.
 */
export function linearExec(source: string): { exec(text: string): Array<string | undefined> | null } {
  return re2().RE2JS.compile(toRe2Syntax(tokenizePattern(source, true), true));
}
