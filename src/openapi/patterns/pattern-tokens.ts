// A contract's pattern cut into the pieces of JavaScript's regular-expression syntax (escapes,
// character classes, groups, quantifiers), so that the engine's translation (re2-syntax.ts) and
// the drawing of values (drawable-pattern.ts) can change one kind of piece and leave the rest as
// written. It only cuts: whether the pattern is valid is V8's to say (pattern-reading.ts).

export type PatternToken =
  /** A backslash and what it takes: `\d`, `\p{L}`, `\u{1F600}`, `\x41`, `\cA`, `\k<name>`, `\1`, `\-`. */
  | { kind: 'escape'; text: string }
  /** `[...]` whole, its members in `body` (without the brackets and the `^`). */
  | { kind: 'class'; text: string; negated: boolean; body: string }
  | { kind: 'dot'; text: '.' }
  /** `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`. */
  | { kind: 'open'; text: string }
  | { kind: 'close'; text: ')' }
  | { kind: 'alternation'; text: '|' }
  /** `*`, `+`, `?`, `{2}`, `{1,5}`, with a trailing `?` when lazy. */
  | { kind: 'quantifier'; text: string }
  | { kind: 'start'; text: '^' }
  | { kind: 'end'; text: '$' }
  /** One character as written (a code point under the u flag). */
  | { kind: 'literal'; text: string };

// Sticky (y): each is tried where the scan stands, never on a copy of the rest of the pattern.
const QUANTIFIER_BRACES = /\{\d+(,\d*)?\}\??/y;
const BRACED_ESCAPE = /[pPu]\{[^}]{0,64}\}/y;
const FIXED_ESCAPE = /u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|c[A-Za-z]|k<[^>]{0,256}>|[1-9]\d*/y;
const GROUP_OPENING = /\((\?(:|=|!|<=|<!|<[^>]{0,256}>))?/y;

/** What `sticky` matches at `at` in `source`, or undefined. */
function matchAt(sticky: RegExp, source: string, at: number): string | undefined {
  sticky.lastIndex = at;
  return sticky.exec(source)?.[0];
}

/** Where the escape starting at `at` (a backslash) ends. */
function escapeEnd(source: string, at: number, unicode: boolean): number {
  // \p{..} and \u{..} are escapes under the u flag only; without it, "\p" is a "p".
  const braced = unicode ? matchAt(BRACED_ESCAPE, source, at + 1) : undefined;
  if (braced !== undefined) return at + 1 + braced.length;
  const fixed = matchAt(FIXED_ESCAPE, source, at + 1);
  if (fixed !== undefined) return at + 1 + fixed.length;
  // One character: a code point under u (an escaped astral character), else a UTF-16 unit.
  const point = unicode ? (source.codePointAt(at + 1) ?? 0) : 0;
  return at + 1 + (point > 0xffff ? 2 : 1);
}

/** Where the class starting at `at` (a `[`) ends: after its first unescaped `]`, as JavaScript reads it. */
function classEnd(source: string, at: number, unicode: boolean): number {
  let index = at + 1;
  while (index < source.length && source[index] !== ']') {
    index = source[index] === '\\' ? escapeEnd(source, index, unicode) : index + 1;
  }
  return Math.min(index + 1, source.length);
}

/** The pieces of `source`, in order; their texts joined give `source` back. */
export function tokenizePattern(source: string, unicode: boolean): PatternToken[] {
  const tokens: PatternToken[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index] as string;
    if (char === '\\') {
      const end = escapeEnd(source, index, unicode);
      tokens.push({ kind: 'escape', text: source.slice(index, end) });
      index = end;
    } else if (char === '[') {
      const end = classEnd(source, index, unicode);
      const text = source.slice(index, end);
      const negated = text.startsWith('[^');
      tokens.push({ kind: 'class', text, negated, body: text.slice(negated ? 2 : 1, -1) });
      index = end;
    } else if (char === '(') {
      const text = matchAt(GROUP_OPENING, source, index) ?? '(';
      tokens.push({ kind: 'open', text });
      index += text.length;
    } else if (char === '{' && matchAt(QUANTIFIER_BRACES, source, index) !== undefined) {
      const text = matchAt(QUANTIFIER_BRACES, source, index) as string;
      tokens.push({ kind: 'quantifier', text });
      index += text.length;
    } else if (char === '*' || char === '+' || char === '?') {
      const text = source[index + 1] === '?' ? `${char}?` : char;
      tokens.push({ kind: 'quantifier', text });
      index += text.length;
    } else {
      const simple = SIMPLE[char];
      const point = unicode ? (source.codePointAt(index) ?? 0) : 0;
      const text = simple ? char : source.slice(index, index + (point > 0xffff ? 2 : 1));
      tokens.push(simple ? ({ kind: simple, text: char } as PatternToken) : { kind: 'literal', text });
      index += text.length;
    }
  }
  return tokens;
}

const SIMPLE: Record<string, PatternToken['kind'] | undefined> = {
  '.': 'dot',
  ')': 'close',
  '|': 'alternation',
  '^': 'start',
  $: 'end',
};

/** The members of a class body: each escape, range end or character as written. */
export function classMembers(body: string, unicode: boolean): string[] {
  const members: string[] = [];
  let index = 0;
  while (index < body.length) {
    const end =
      body[index] === '\\'
        ? escapeEnd(body, index, unicode)
        : index + (unicode && (body.codePointAt(index) ?? 0) > 0xffff ? 2 : 1);
    members.push(body.slice(index, end));
    index = end;
  }
  return members;
}
