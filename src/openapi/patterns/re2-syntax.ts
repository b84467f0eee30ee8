// A JavaScript pattern written in RE2's syntax, with JavaScript's meaning. re2js's own
// translateRegExp rewrites the spelling (\u00e9, \cA, (?<name>), [^]); what it leaves as RE2 means
// it is said here: \s and \S are JavaScript's Unicode white space, not RE2's ASCII one; `.`
// stops at \r, \u2028 and \u2029 too; and a property RE2 does not name (\p{Letter},
// \p{Script=Latin}, \p{ASCII}) is written out as the ranges V8 gives it.
import { createRequire } from 'node:module';
import { classMembers, type PatternToken } from './pattern-tokens.js';

type Re2Module = typeof import('re2js');

let loaded: Re2Module | undefined;
/** re2js, loaded when a pattern is first matched: a start that matches none never pays its ~50 ms. */
export function re2(): Re2Module {
  loaded ??= createRequire(import.meta.url)('re2js') as Re2Module;
  return loaded;
}

/** ECMA-262's WhiteSpace and LineTerminator, what \s matches in JavaScript. */
const WHITE_SPACE =
  '\\x{9}-\\x{d}\\x{20}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}';
/** Every code point but those, for \S inside a class (where RE2 takes no negated set). */
const NOT_WHITE_SPACE =
  '\\x{0}-\\x{8}\\x{e}-\\x{1f}\\x{21}-\\x{9f}\\x{a1}-\\x{167f}\\x{1681}-\\x{1fff}\\x{200b}-\\x{2027}\\x{202a}-\\x{202e}' +
  '\\x{2030}-\\x{205e}\\x{2060}-\\x{2fff}\\x{3001}-\\x{fefe}\\x{ff00}-\\x{10ffff}';
/** What `.` matches in JavaScript without the s flag: anything but a line terminator. */
const DOT = '[^\\x{a}\\x{d}\\x{2028}\\x{2029}]';
const MAX_CODE_POINT = 0x10ffff;

const hex = (point: number) => `\\x{${point.toString(16)}}`;

/** The code points `inSet` takes, as RE2 class ranges. */
function rangesOf(inSet: (point: number) => boolean): string {
  let written = '';
  let start = -1;
  for (let point = 0; point <= MAX_CODE_POINT + 1; point += 1) {
    const taken = point <= MAX_CODE_POINT && (point < 0xd800 || point > 0xdfff) && inSet(point);
    if (taken && start < 0) start = point;
    if (!taken && start >= 0) {
      written += start === point - 1 ? hex(start) : `${hex(start)}-${hex(point - 1)}`;
      start = -1;
    }
  }
  return written;
}

/** Property escapes RE2 does not name, written out once each (~90 ms: a pass over every code point). */
const writtenOut = new Map<string, string>();

/** `\p{...}` or `\P{...}` as RE2 class members: as written when RE2 names it, else V8's ranges. */
function propertyMembers(property: string): string {
  // \p{Script=Greek} and \p{gc=Lu} are RE2's \p{Greek} and \p{Lu}, where RE2 has the value's name.
  const short = property.replace(/^(\\[pP]\{)(?:Script|sc|General_Category|gc)=/, '$1');
  for (const candidate of new Set([property, short])) {
    try {
      re2().RE2JS.compile(candidate);
      return candidate;
    } catch {
      // Not a name RE2 has: the next, or V8's ranges.
    }
  }
  const known = writtenOut.get(property);
  if (known !== undefined) return known;
  const inV8 = new RegExp(`^${property}$`, 'u');
  const ranges = rangesOf((point) => inV8.test(String.fromCodePoint(point)));
  writtenOut.set(property, ranges);
  return ranges;
}

const isProperty = (text: string) => /^\\[pP]\{/.test(text);

/** One member of a class, with JavaScript's meaning. */
function classMember(member: string): string {
  if (member === '\\s') return WHITE_SPACE;
  if (member === '\\S') return NOT_WHITE_SPACE;
  return isProperty(member) ? propertyMembers(member) : member;
}

function translateToken(token: PatternToken, unicode: boolean): string {
  switch (token.kind) {
    case 'dot':
      return DOT;
    case 'escape':
      if (token.text === '\\s') return `[${WHITE_SPACE}]`;
      if (token.text === '\\S') return `[^${WHITE_SPACE}]`;
      return isProperty(token.text) ? `[${propertyMembers(token.text)}]` : token.text;
    case 'class': {
      // [] matches nothing in JavaScript; RE2 has no empty class.
      if (token.body === '' && !token.negated) return `[^\\x{0}-${hex(MAX_CODE_POINT)}]`;
      if (token.body === '') return token.text;
      const members = classMembers(token.body, unicode).map(classMember).join('');
      return `[${token.negated ? '^' : ''}${members}]`;
    }
    default:
      return token.text;
  }
}

/** `tokens` (of a pattern read with or without u) in RE2's syntax, with JavaScript's meaning. */
export function toRe2Syntax(tokens: readonly PatternToken[], unicode: boolean): string {
  return re2().RE2JS.translateRegExp(tokens.map((token) => translateToken(token, unicode)).join(''));
}
