// One limit on request bodies, for the API and the control API alike: the contract's
// 413 PAYLOAD_TOO_LARGE ("The body is over 32 KiB"), which a test checks against this.
export const MAX_BODY_BYTES = 32 * 1024;

/** The limit as the contract and messages write it: "32 KiB". */
export const MAX_BODY_SIZE = `${MAX_BODY_BYTES / 1024} KiB`;

/** The message of a 413: what the limit is, and what to do. */
export const BODY_TOO_LARGE_MESSAGE = `The body is over ${MAX_BODY_SIZE}. Send a smaller body.`;
