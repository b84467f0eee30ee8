// The suite's connections stay open between requests, as a browser's and every HTTP library's do:
// a connection (and a TLS handshake) per request costs the target more than most requests do.
// An idle connection is closed after 4 s, before the 5 s after which Node and most servers close
// theirs, so that a request never goes out on a connection the target is closing.
import { Agent } from 'node:http';

export const KEEP_ALIVE = { keepAlive: true, timeout: 4_000 } as const;

/** The plain-HTTP connections of a run (TLS ones: tls-trust.ts). */
export const httpAgent = new Agent(KEEP_ALIVE);
