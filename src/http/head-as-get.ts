// HEAD is answered wherever GET is (RFC 9110 §9.3.2): the same status and headers, no body. The
// request runs as the GET it asks about; Node's response already knows it owes no body, since it
// was made for a HEAD, and the request's log line still says HEAD.
import type { Request } from 'express';

const heads = new WeakSet<Request>();

/** Runs a HEAD as a GET from here on; undone by `undoHeadAsGet` when there is no GET to run. */
export function runHeadAsGet(req: Request): void {
  if (req.method !== 'HEAD') return;
  heads.add(req);
  req.method = 'GET';
}

export function undoHeadAsGet(req: Request): void {
  if (heads.has(req)) req.method = 'HEAD';
}

/** The method the client sent. */
export function sentMethod(req: Request): string {
  return heads.has(req) ? 'HEAD' : req.method;
}
