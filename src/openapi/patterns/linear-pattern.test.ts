// Patterns matched in linear time mean what JavaScript means: the same answer as V8's own engine
// on every pattern both can match, and an answer at once where V8's takes minutes.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { compileLinear } from './linear-pattern.js';
import { readPattern } from './pattern-reading.js';

function linear(source: string) {
  const reading = readPattern(source);
  if (!reading.valid) throw new Error(reading.reason);
  const compiled = compileLinear(source, reading.unicode);
  if ('refusal' in compiled) throw new Error(compiled.refusal);
  return compiled.matcher;
}

const native = (source: string) => {
  const reading = readPattern(source);
  return new RegExp(source, reading.valid && reading.unicode ? 'u' : '');
};

/** Patterns of real documents and of JavaScript's corners, each with texts that tell the readings apart. */
const AGREEMENT: Array<[string, string[]]> = [
  ['^\\S+$', ['abc', 'a\u00a0b', 'a\u2003b', 'a\tb', '']],
  ['^\\s$', [' ', '\u00a0', '\ufeff', '\u2028', '\v', 'x']],
  ['^.$', ['a', '\n', '\r', '\u2028', '\u2029', '\u0085', '😀']],
  ['^[\\s\\S]+$', ['a\nb', '\u2028']],
  ['^[^\\s/]+$', ['a/b', 'a\u00a0b', 'ab']],
  ['^\\p{L}+$', ['Zoë', 'Łódź', 'abc1', 'Ωμέγα']],
  ["^[\\p{L}]+([ '-][\\p{L}]+){0,2}\\.?$", ['Jean-Luc', "O'Brien Jr.", 'Mary  Ann', 'Anne-Marie de la']],
  ['^\\p{Letter}+$', ['Zoë', 'x1']],
  ['^\\p{Script=Greek}+$', ['Ωμέγα', 'Omega']],
  ['^\\p{ASCII}+$', ['plain', 'café']],
  ['^[a-zA-Z0-9_\\-\\:]+$', ['a:b-c_d', 'a b', 'a/b']],
  ['^\\d{3}-\\w+\\b', ['123-abc', '12-abc', '123-é']],
  ['^(?=.*\\d)(?=.*[a-z])(?!.*\\s).{8,}$', ['abcdefg1', 'abcdefgh', 'abc defg1', '12345678']],
  ['^(?!admin$)[a-z]+$', ['admin', 'admins', 'root']],
  ['(?<=@)example\\.com$', ['me@example.com', 'example.com']],
  ['^\\u00e9\\u{1F600}$', ['é😀', 'e😀']],
  ['^\\cA$', ['\u0001', 'A']],
  ['^[]$', ['', 'a']],
  ['^[^]$', ['a', '\n']],
  ['^(Mon|Tue)+, [0-9]{2}$', ['MonTue, 12', 'Wed, 12']],
];

describe('a pattern matched in linear time', () => {
  it.each(AGREEMENT)('gives V8’s answers for %s', (source, texts) => {
    const matcher = linear(source);
    for (const text of texts) expect([text, matcher.test(text)]).toEqual([text, native(source).test(text)]);
  });

  it('agrees with V8 on any text, for patterns real documents write', () => {
    const sources = AGREEMENT.map(([source]) => source);
    fc.assert(
      fc.property(
        fc.nat(sources.length - 1).map((at) => sources[at] as string),
        fc.string({ unit: 'binary', maxLength: 12 }),
        (source, text) => {
          expect(linear(source).test(text)).toBe(native(source).test(text));
        },
      ),
      { seed: 20261204, numRuns: 2_000 },
    );
  });

  it('answers at once where V8 would backtrack for minutes', () => {
    // Each of these takes V8's engine longer than jest waits for a test: an answer at all is the proof.
    expect(linear('^(a+)+$').test(`${'a'.repeat(42)}!`)).toBe(false);
    expect(linear('(x+x+)+y').test('x'.repeat(5_000))).toBe(false);
    expect(linear('^(\\w+\\s?)*$').test(`${'word '.repeat(2_000)}!`)).toBe(false);
    expect(linear('^(a|a)*$').test('a'.repeat(100_000))).toBe(true);
  });

  it.each([
    ['^(a)\\1$', 'refers back to a group'],
    ['^(?<x>a)\\k<x>$', 'refers back to a group'],
    ['^a(?=b)', 'looks ahead'],
    ['^(?=a)b|c', 'looks ahead'],
    ['^x{1001}$', 'more than 1,000 times'],
  ])('refuses %s: %s', (source, reason) => {
    const reading = readPattern(source);
    const compiled = compileLinear(source, reading.valid ? reading.unicode : true);
    expect('refusal' in compiled && compiled.refusal).toContain(reason);
  });
});

describe('the reading of a pattern', () => {
  it('is JavaScript’s with the u flag when the pattern is valid there', () => {
    expect(readPattern('^\\p{Lu}$')).toEqual({ valid: true, source: '^\\p{Lu}$', unicode: true });
  });

  it('is JavaScript’s without it when only that reading takes the pattern', () => {
    expect(readPattern('^[a-zA-Z0-9_\\-\\:]+$')).toMatchObject({ valid: true, unicode: false });
  });

  it('is no reading when neither takes it', () => {
    expect(readPattern('^(a$')).toMatchObject({ valid: false });
  });
});
