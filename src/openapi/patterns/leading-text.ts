// The text a pattern anchored at its start spells before its first special character: `custom:`
// of `^custom:[a-z]+$`. A server that answers a key behind such a start (Supabase's custom
// providers: `acme` sent, `custom:acme` answered) is read by it, by the mock and the suite alike.

/** The fixed start of `pattern`; empty where it is not anchored or starts with a special character. */
export function leadingTextOf(pattern: string): string {
  const match = /^\^((?:[A-Za-z0-9_:./-]|\\[./:-])*)/.exec(pattern);
  const written = match?.[1] ?? '';
  const text = written.replace(/\\(.)/g, '$1');
  // A quantifier after the last character applies to it alone: that character is not fixed.
  const next = pattern.charAt(1 + written.length);
  return /[?*+{]/.test(next) ? text.slice(0, -1) : text;
}
