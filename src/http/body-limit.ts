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

/** The limit on the bodies of requests to an API: its contract's own where it is the built-in one. */
export const bodyLimitOf = (builtInContract: boolean) => (builtInContract ? MAX_BODY_BYTES : OTHER_CONTRACT_BODY_BYTES);
