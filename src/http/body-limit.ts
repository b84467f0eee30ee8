// Limits on request bodies. The built-in contract states its own, 32 KiB (413 PAYLOAD_TOO_LARGE:
// "The body is over 32 KiB", which a test checks against this), and the control API keeps it.
// Another contract states none, and its fields may be long (Lob's template HTML: 100,000
// characters): its bodies are taken up to 1 MiB, as servers commonly default to.
export const MAX_BODY_BYTES = 32 * 1024;

/** The limit on a body sent to an API whose contract is not the built-in one. */
export const OTHER_CONTRACT_BODY_BYTES = 1024 * 1024;

/** A limit as the contract and messages write it: "32 KiB", "1 MiB". */
const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : `${Math.round(bytes / 1024)} KiB`;

export const MAX_BODY_SIZE = sizeOf(MAX_BODY_BYTES);

/** The message of a 413 for a body over `limitBytes`: what the limit is, and what to do. */
export const bodyTooLargeMessage = (limitBytes = MAX_BODY_BYTES) =>
  `The body is over ${sizeOf(limitBytes)}. Send a smaller body.`;

export const BODY_TOO_LARGE_MESSAGE = bodyTooLargeMessage();

/** However long a contract lets a text be, no body is taken past this (a hostile maxLength of 1e9). */
export const MOST_BODY_BYTES = 16 * 1024 * 1024;

/** Bytes a JSON text of one character may take at most: `\uXXXX`. */
const BYTES_PER_CHARACTER = 6;

/** The longest text any schema of a document allows (its largest maxLength), or 0. */
function longestText(document: unknown): number {
  let longest = 0;
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object') stack.push(item);
      continue;
    }
    const { maxLength } = node as { maxLength?: unknown };
    if (typeof maxLength === 'number' && maxLength > longest) longest = maxLength;
    for (const value of Object.values(node)) if (typeof value === 'object') stack.push(value);
  }
  return longest;
}

/**
 * The limit on the bodies of requests to an API: its contract's own where it is the built-in one;
 * else 1 MiB, or room for the longest text the contract allows (Outline's document text: up to
 * 1,536,000 characters), up to MOST_BODY_BYTES: a body the contract takes is never refused for
 * its size.
 */
export function bodyLimitOf(builtInContract: boolean, document?: unknown): number {
  if (builtInContract) return MAX_BODY_BYTES;
  const room = longestText(document) * BYTES_PER_CHARACTER + OTHER_CONTRACT_BODY_BYTES;
  return Math.min(MOST_BODY_BYTES, Math.max(OTHER_CONTRACT_BODY_BYTES, room));
}
