// Media types as the mock reads a contract's: which family a declared type belongs to (JSON,
// problem details and every `+json` among them; XML; forms; text; bytes), and which of an
// answer's types a request's Accept header takes (RFC 9110 section 12.5.1: q-values, `type/*`,
// `*/*`), so that an answer and an error are written in a type the client reads.

export type MediaFamily = 'json' | 'xml' | 'form' | 'multipart' | 'text' | 'binary';

/** The type without its parameters, in lower case: "application/problem+json". */
export const essence = (type: string) => (type.split(';', 1)[0] ?? '').trim().toLowerCase();

/**
 * How a stream of JSON values is written, for its types: NDJSON and JSON Lines a value per line,
 * RFC 7464's JSON text sequences each after a record separator. Undefined for any other type.
 */
export function jsonStreamOf(type: string): 'lines' | 'sequence' | undefined {
  const bare = essence(type);
  if (bare === 'application/json-seq') return 'sequence';
  return /^application\/(x-)?(nd-?json|jsonl|json-?lines)$/.test(bare) ? 'lines' : undefined;
}

/** The Content-Type an answer of a declared type is sent under: a range (any type, any application type) is sent as JSON. */
export const sentAsType = (declared: string) => (declared.includes('*') ? 'application/json' : declared);

export function mediaFamily(type: string): MediaFamily {
  const bare = essence(type);
  if (bare === 'application/json' || bare.endsWith('+json') || bare === '*/*' || bare === 'application/*')
    return 'json';
  if (bare.endsWith('/xml') || bare.endsWith('+xml')) return 'xml';
  if (bare === 'application/x-www-form-urlencoded') return 'form';
  if (bare.startsWith('multipart/')) return 'multipart';
  if (bare.startsWith('text/')) return 'text';
  return 'binary';
}

type Range = { type: string; q: number; order: number };

function parseAccept(accept: string): Range[] {
  return accept
    .split(',')
    .map((part, order) => {
      const [type = '', ...parameters] = part.split(';');
      const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { type: type.trim().toLowerCase(), q: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((range) => range.type !== '');
}

const matches = (range: string, type: string) =>
  range === '*/*' || range === type || (range.endsWith('/*') && type.startsWith(range.slice(0, -1)));

/** How much an Accept header wants `type`: the q of the most specific range naming it (0: not at all). */
function weightOf(ranges: readonly Range[], type: string): { q: number; order: number } {
  const named = ranges
    .filter((range) => matches(range.type, type))
    .sort((one, other) => other.type.replace(/\*/g, '').length - one.type.replace(/\*/g, '').length)[0];
  return named ? { q: named.q, order: named.order } : { q: 0, order: Number.POSITIVE_INFINITY };
}

/**
 * The declared type an Accept header takes best, among `declared` (in the contract's order):
 * ties go to the one Accept names first, then to JSON, then to the contract's order. No Accept,
 * or one that takes anything: the first JSON type, else the first declared. Undefined when Accept
 * takes none of them (a 406).
 */
export function negotiate(declared: readonly string[], accept: string | undefined): string | undefined {
  if (declared.length === 0) return undefined;
  const preferred = declared.find((type) => mediaFamily(type) === 'json') ?? declared[0];
  if (accept === undefined || accept.trim() === '') return preferred;
  const ranges = parseAccept(accept);
  let best: { type: string; q: number; order: number; json: boolean } | undefined;
  for (const type of declared) {
    const { q, order } = weightOf(ranges, essence(type));
    if (q <= 0) continue;
    const json = mediaFamily(type) === 'json';
    if (
      !best ||
      q > best.q ||
      (q === best.q && order < best.order) ||
      (q === best.q && order === best.order && json && !best.json)
    )
      best = { type, q, order, json };
  }
  return best?.type;
}
