// The value of a contract's own list that says what the mock's error code says: an `enum` of
// codes in the contract's words (`not_found`, `rate_limit_exceeded`, `invalid_request_error`)
// matched to the mock's (`PET_NOT_FOUND`, `RATE_LIMITED`) by the words they share and the words
// of their status, so that a client that switches on the code reads the case it expects.

/** Words each status is said with, besides those of the mock's code. */
const STATUS_WORDS: Readonly<Record<number, readonly string[]>> = {
  400: ['bad', 'request', 'invalid', 'validation', 'malformed', 'parameter', 'client'],
  401: ['unauthorized', 'unauthenticated', 'authentication', 'auth', 'credentials', 'token', 'key', 'login'],
  403: ['forbidden', 'banned', 'denied', 'permission', 'blocked', 'suspended'],
  404: ['not', 'found', 'missing', 'unknown', 'notfound', 'resource', 'nonexistent'],
  405: ['method', 'not', 'allowed'],
  406: ['not', 'acceptable', 'accept'],
  409: ['conflict', 'exists', 'duplicate', 'already', 'taken', 'state'],
  410: ['gone', 'removed', 'sunset', 'deprecated'],
  413: ['too', 'large', 'payload', 'size', 'entity'],
  415: ['unsupported', 'media', 'type', 'content'],
  422: ['unprocessable', 'validation', 'invalid', 'semantic'],
  429: ['rate', 'limit', 'limited', 'too', 'many', 'requests', 'throttled', 'quota', 'exceeded'],
  500: ['internal', 'server', 'error', 'api', 'unexpected'],
  503: ['unavailable', 'service', 'maintenance', 'overloaded', 'retry'],
};

/** Words of any status of a class: a 4xx is the client's request, a 5xx the server's fault. */
const CLASS_WORDS: Readonly<Record<number, readonly string[]>> = {
  4: ['invalid', 'request', 'client', 'bad', 'user'],
  5: ['api', 'server', 'internal', 'service'],
};

/** The lower-case words of a code in any case: "PET_NOT_FOUND", "notFound", "rate-limit" alike. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** Words shared with the code count most, then the status's, then its class's. */
function score(
  candidate: string,
  tiers: readonly [ReadonlySet<string>, ReadonlySet<string>, ReadonlySet<string>],
): number {
  let total = 0;
  for (const word of wordsOf(candidate)) {
    if (tiers[0].has(word)) total += 4;
    else if (tiers[1].has(word)) total += 2;
    else if (tiers[2].has(word)) total += 1;
  }
  return total;
}

/**
 * The value of `choices` closest to the mock's `code` for an answer of `status`; the first when
 * none shares a word with either. Numbers are matched by the status itself.
 */
export function closestChoice(choices: readonly unknown[], code: string, status: number): unknown {
  if (choices.length === 0) return undefined;
  if (choices.includes(status)) return status;
  if (choices.includes(String(status))) return String(status);
  const exact = choices.find((choice) => typeof choice === 'string' && choice.toLowerCase() === code.toLowerCase());
  if (exact !== undefined) return exact;
  const tiers = [
    new Set(wordsOf(code)),
    new Set(STATUS_WORDS[status] ?? []),
    new Set(CLASS_WORDS[Math.floor(status / 100)] ?? []),
  ] as const;
  let best: { value: unknown; score: number } = { value: choices[0], score: 0 };
  for (const choice of choices) {
    if (typeof choice !== 'string') continue;
    const value = score(choice, tiers);
    if (value > best.score) best = { value: choice, score: value };
  }
  return best.value;
}

/** Words that name no status: an error's kind alone. */
const GENERIC_WORDS: ReadonlySet<string> = new Set(['error', 'errors', 'fault', 'failure', 'problem', 'exception']);

/**
 * For a shape borrowed from another status: the value of `choices` that says this answer's own
 * `code` or `status` and nothing else (Box's `method_not_allowed` for a 405 in the shape of its
 * 404), or the shape's one constant that names no status (its `type: error`); undefined where
 * every value speaks of another status (a 404's `PET_NOT_FOUND`), which the answer must not claim.
 */
export function borrowedChoice(choices: readonly unknown[], code: string, status: number): unknown {
  if (choices.includes(status)) return status;
  if (choices.includes(String(status))) return String(status);
  const own = new Set([...wordsOf(code), ...(STATUS_WORDS[status] ?? [])]);
  const saying = choices.filter(
    (choice) =>
      typeof choice === 'string' && wordsOf(choice).length > 0 && wordsOf(choice).every((word) => own.has(word)),
  );
  if (saying.length > 0) return closestChoice(saying, code, status);
  const [only] = choices;
  return choices.length === 1 && typeof only === 'string' && wordsOf(only).every((word) => GENERIC_WORDS.has(word))
    ? only
    : undefined;
}
