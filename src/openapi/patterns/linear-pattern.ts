// A contract's pattern matched in time linear in the text, whatever the pattern: by re2js, a
// JavaScript port of RE2 (an automaton, no backtracking), so that no value a client sends can
// hold the event loop (`^(a+)+$` on 42 characters takes V8's own engine minutes, re2js
// microseconds). What RE2 cannot match in linear time is refused, with the reason: a
// backreference, a lookahead anywhere but at the start. Lookaheads right after `^` (the password
// rules of real documents: `^(?=.*\d)(?=.*[a-z]).{8,}$`) are tests of their own at the start, all
// of which must hold; lookbehinds without captures are re2js's own (its LOOKBEHINDS flag).
import { type PatternToken, tokenizePattern } from './pattern-tokens.js';
import { re2, toRe2Syntax } from './re2-syntax.js';

export type LinearMatcher = { test(text: string): boolean };

export type LinearCompilation = { matcher: LinearMatcher } | { refusal: string };

const isLookahead = (token: PatternToken) => token.kind === 'open' && (token.text === '(?=' || token.text === '(?!');
const isBackreference = (token: PatternToken) => token.kind === 'escape' && /^\\([1-9]|k<)/.test(token.text);

/** Where the group opened at `open` closes (the index of its `)`), or -1. */
function closeOf(tokens: readonly PatternToken[], open: number): number {
  let depth = 0;
  for (let index = open; index < tokens.length; index += 1) {
    const kind = tokens[index]?.kind;
    if (kind === 'open') depth += 1;
    if (kind === 'close') depth -= 1;
    if (depth === 0) return index;
  }
  return -1;
}

/** `^(?=A)(?!B)rest` as its lookaheads (body, whether it must match) and its rest; undefined when it has none there. */
function leadingLookaheads(
  tokens: readonly PatternToken[],
): { lookaheads: Array<{ body: PatternToken[]; positive: boolean }>; rest: PatternToken[] } | undefined {
  if (tokens[0]?.kind !== 'start') return undefined;
  const lookaheads: Array<{ body: PatternToken[]; positive: boolean }> = [];
  let index = 1;
  while (index < tokens.length && isLookahead(tokens[index] as PatternToken)) {
    const close = closeOf(tokens, index);
    if (close < 0) return undefined;
    lookaheads.push({ body: tokens.slice(index + 1, close), positive: tokens[index]?.text === '(?=' });
    index = close + 1;
  }
  if (lookaheads.length === 0) return undefined;
  const rest = tokens.slice(index);
  // `^(?=a)b|c` is `(^(?=a)b)|c`: an alternation at the top takes the lookaheads apart from the start.
  let depth = 0;
  for (const token of rest) {
    if (token.kind === 'open') depth += 1;
    if (token.kind === 'close') depth -= 1;
    if (token.kind === 'alternation' && depth === 0) return undefined;
  }
  return { lookaheads, rest };
}

/** Why RE2 cannot take the pattern, for a person. */
function reasonOf(tokens: readonly PatternToken[], re2Message: string): string {
  if (tokens.some(isBackreference))
    return 'it refers back to a group (\\1, \\k<name>), which no linear-time engine can match';
  if (tokens.some(isLookahead)) {
    return 'it looks ahead ((?= or (?!) other than right after ^ at its start, which no linear-time engine can match';
  }
  if (/repeat count|repetition/i.test(re2Message)) return 'it repeats something more than 1,000 times';
  return `the linear-time engine cannot read it (${re2Message.replace(/^error parsing regexp: /, '')})`;
}

/** The tokens compiled by re2js, anchored at the start when `anchored`. */
function compileTokens(tokens: readonly PatternToken[], unicode: boolean, anchored: boolean): LinearMatcher {
  const { RE2JS } = re2();
  const written = toRe2Syntax(tokens, unicode);
  return RE2JS.compile(anchored ? `^(?:${written})` : written, RE2JS.LOOKBEHINDS);
}

export function compileLinear(source: string, unicode: boolean): LinearCompilation {
  const tokens = tokenizePattern(source, unicode);
  // re2js would read \k<name> as letters: a backreference is refused before it is asked.
  if (tokens.some(isBackreference)) return { refusal: reasonOf(tokens, '') };
  try {
    const split = leadingLookaheads(tokens);
    if (!split) return { matcher: compileTokens(tokens, unicode, false) };
    const checks = split.lookaheads.map(({ body, positive }) => ({
      matcher: compileTokens(body, unicode, true),
      positive,
    }));
    const rest = compileTokens(split.rest, unicode, true);
    return {
      matcher: {
        test: (text) => checks.every(({ matcher, positive }) => matcher.test(text) === positive) && rest.test(text),
      },
    };
  } catch (error) {
    return { refusal: reasonOf(tokens, (error as Error).message) };
  }
}
