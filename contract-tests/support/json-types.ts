// The JSON media type the suite writes a request body in, kept apart from the writing: the
// contract's reader names it too (the schema it draws bodies from), and imports nothing of the suite's.

/** A media type without its parameters, in lower case. */
const essenceOf = (type: string) => (type.split(';', 1)[0] ?? '').trim().toLowerCase();

/** Whether a declared type is JSON: application/json or any `+json` type (application/vnd.pet+json). */
export const isJsonType = (type: string): boolean => /^application\/([\w.-]+\+)?json$/.test(essenceOf(type));

/**
 * The declared type, as written, that the suite sends a JSON body as: application/json where the
 * operation takes it, else its first other JSON type (a body sent as application/json to an
 * operation taking application/vnd.pet+json and any type would be read by the any type's schema).
 */
export function jsonTypeOf(mediaTypes: readonly string[]): string | undefined {
  return mediaTypes.find((type) => essenceOf(type) === 'application/json') ?? mediaTypes.find(isJsonType);
}

/** Whether a declared type, maybe a range (text/* or the any type), takes a body sent as `sent`. */
export function takesMediaType(declared: string, sent: string): boolean {
  const [range, type] = [essenceOf(declared), essenceOf(sent)];
  return range === '*/*' || range === type || (range.endsWith('/*') && type.startsWith(range.slice(0, -1)));
}
