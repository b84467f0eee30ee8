// How a contract's pattern is read, the same way everywhere (the validator, the data checks, the
// values drawn, the contract suite): as JavaScript reads it with the u flag when it is valid
// there, as Ajv compiles patterns (\p{L} is a class of letters), else as JavaScript reads it
// without the flag, as Prism and the browsers' own validation do. Real documents write escapes
// that only the older reading takes (`^[a-zA-Z0-9_\-\:]+$`): they are served, with a warning.

export type PatternReading =
  | { valid: true; source: string; unicode: true }
  /** `unicodeReason`: what V8 says of it with the u flag. */
  | { valid: true; source: string; unicode: false; unicodeReason: string }
  | { valid: false; source: string; reason: string };

/**
 * What V8 says is wrong with `source`, or undefined when it reads it. It parses a pattern when it
 * builds the RegExp and matches nothing then: this runs no match. Its message repeats the
 * pattern ("Invalid regular expression: /x/u: Invalid escape"): only the reason is kept.
 */
function parses(source: string, flags: string): string | undefined {
  try {
    new RegExp(source, flags);
    return undefined;
  } catch (error) {
    const message = (error as Error).message;
    return message.slice(message.lastIndexOf(': ') + 2) || message;
  }
}

export function readPattern(source: string): PatternReading {
  const underUnicode = parses(source, 'u');
  if (underUnicode === undefined) return { valid: true, source, unicode: true };
  if (parses(source, '') === undefined) return { valid: true, source, unicode: false, unicodeReason: underUnicode };
  return { valid: false, source, reason: underUnicode };
}

/** The flags a RegExp of the reading is built with. */
export const flagsOf = (reading: { unicode: boolean }) => (reading.unicode ? 'u' : '');
