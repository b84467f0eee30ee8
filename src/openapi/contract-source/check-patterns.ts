// A draft's patterns, judged when it is read: each must be a regular expression (with the u flag
// or without: pattern-reading.ts), and one the linear-time engine can match, else the draft is
// refused at its file and line with the reason: served, it would let one request hold the server.
// A pattern JavaScript takes only without the u flag is served, with a warning. The names of
// `patternProperties` are matched by express-openapi-validator's own Ajv, with V8's backtracking
// engine and the u flag (the validator forwards no other engine): only names that neither repeat
// nor alternate, whose matching takes time in proportion to the text, are served.
import { escapePointerSegment } from '../json-pointer.js';
import { compileLinear } from '../patterns/linear-pattern.js';
import { keywordObjects } from '../patterns/pattern-places.js';
import { readPattern } from '../patterns/pattern-reading.js';
import { tokenizePattern } from '../patterns/pattern-tokens.js';
import type { OpenApiFault } from './check-openapi.js';

export type PatternCheck = {
  /** Patterns that cannot be served: the draft is refused. */
  faults: OpenApiFault[];
  /** Patterns served with a note: read without the u flag. */
  notes: OpenApiFault[];
};

const CANNOT_HOLD = 'a request could then hold the server for minutes';

/** What is wrong with one `pattern`, as a fault or a note, or nothing. */
function judgePattern(source: string, pointer: string, check: PatternCheck): void {
  const shown = JSON.stringify(source);
  const reading = readPattern(source);
  if (!reading.valid) {
    check.faults.push({
      pointer,
      message: `the pattern ${shown} is not a regular expression JavaScript reads, with the u flag or without (${reading.reason}). Fix it, or leave it out.`,
    });
    return;
  }
  const compiled = compileLinear(source, reading.unicode);
  if ('refusal' in compiled) {
    check.faults.push({
      pointer,
      message: `the pattern ${shown} cannot be matched in linear time: ${compiled.refusal}, and ${CANNOT_HOLD}. Write it without that, or leave it out.`,
    });
    return;
  }
  if (!reading.unicode) {
    check.notes.push({
      pointer,
      message: `the pattern ${shown} is valid JavaScript only without the u flag (${reading.unicodeReason}), and is read so, as Prism and browsers read it. Ajv and other JSON Schema validators read patterns with the flag and refuse it: write it without escapes of characters that need none (such as \\:) to be read alike everywhere.`,
    });
  }
}

/** A name of patternProperties, matched by the validator's own Ajv: linear only when it neither repeats nor alternates. */
function judgePropertyNamePattern(source: string, pointer: string, check: PatternCheck): void {
  const reading = readPattern(source);
  const backtracks =
    reading.valid &&
    tokenizePattern(source, true).some((token) => token.kind === 'quantifier' || token.kind === 'alternation');
  if (reading.valid && reading.unicode && !backtracks) return;
  check.faults.push({
    pointer,
    message:
      `the patternProperties name ${JSON.stringify(source)} is matched by the validator with JavaScript's own engine, ` +
      (reading.valid && reading.unicode
        ? `in which a pattern that repeats or alternates can take exponential time: ${CANNOT_HOLD}.`
        : 'which reads it with the u flag, where it is not valid.') +
      ' Write the names as propertyNames: {pattern: ...} beside additionalProperties (matched in linear time), or a pattern without repetition (*, +, ?, {n}) or alternation (|).',
  });
}

export function checkPatterns(document: unknown): PatternCheck {
  const check: PatternCheck = { faults: [], notes: [] };
  for (const { node, pointer } of keywordObjects(document)) {
    const at = `/${pointer.map(escapePointerSegment).join('/')}`.replace(/^\/$/, '');
    if (typeof node.pattern === 'string') judgePattern(node.pattern, `${at}/pattern`, check);
    const named = node.patternProperties;
    if (typeof named !== 'object' || named === null || Array.isArray(named)) continue;
    for (const name of Object.keys(named)) {
      judgePropertyNamePattern(name, `${at}/patternProperties/${escapePointerSegment(name)}`, check);
    }
  }
  return check;
}
