// Answers that break on their way out, as real networks and servers break them (WireMock's
// CONNECTION_RESET_BY_PEER, Toxiproxy's reset_peer, limit_data and timeout): the connection reset
// before a byte of the answer, the answer cut short of its Content-Length, or its head and then
// silence. The request has been carried out by then (a create is stored): what breaks is the
// answer only, which is what makes a blind resend of a create dangerous.
import type { ServerResponse } from 'node:http';

export type AnswerBreak = { kind: 'reset' | 'cut' | 'stall'; stallSeconds: number };

/** Answers stalled now: a stop of the server ends them at once instead of waiting out the silence. */
const stalled = new WeakSet<ServerResponse>();
/** When each answer was broken (real ms): its connection's close may be seen much later on a busy loop. */
const brokenAt = new WeakMap<ServerResponse, number>();

/** Told the instant before a fault breaks an answer: what the connection was then is gone after. */
const beforeBreak = new WeakMap<ServerResponse, (atMs: number) => void>();

/** When the fault took the place of `res`'s answer, if one did. */
export const whenBroken = (res: ServerResponse): number | undefined => brokenAt.get(res);

/** Calls `listener` the instant before a fault breaks `res`'s answer, if one does. */
export const onBreak = (res: ServerResponse, listener: (atMs: number) => void): void => {
  beforeBreak.set(res, listener);
};

type EndArguments = [chunk?: unknown, encoding?: unknown, callback?: unknown];

function bodyOf([chunk, encoding]: EndArguments): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.alloc(0);
}

/** Closes the connection with a TCP RST: the client reads ECONNRESET, before or within an answer. */
function reset(res: ServerResponse): void {
  const socket = res.socket;
  if (socket && !socket.destroyed) socket.resetAndDestroy();
}

/** The head and the first half of the body, then the connection closes (a FIN), short of Content-Length. */
function cut(res: ServerResponse, body: Buffer): void {
  const socket = res.socket;
  if (body.length === 0 || res.req.method === 'HEAD' || !socket) {
    reset(res);
    return;
  }
  if (!res.headersSent) res.setHeader('Content-Length', String(body.length));
  // Closed once the half is handed to the system, which sends it before the FIN.
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => socket.destroy());
}

/** The head, then nothing for `seconds`, then the connection closes without the body. */
function stall(res: ServerResponse, seconds: number): void {
  const socket = res.socket;
  stalled.add(res);
  res.flushHeaders();
  // Unreferenced: a process with nothing else to do (a test, sdk-check) is not kept alive by it.
  const timer = setTimeout(() => socket?.destroy(), seconds * 1000).unref();
  // A client that gives up (its timeout) may leave its side half open for seconds: closed here at once.
  res.once('close', () => {
    clearTimeout(timer);
    socket?.destroy();
  });
}

/**
 * Makes the answer `res` is about to get fail as `fault` says, whatever the answer is (the
 * handler's, or a refusal): the moment it is ended, the fault takes its place.
 */
export function breakAnswer(res: ServerResponse, fault: AnswerBreak): void {
  res.end = function brokenEnd(this: ServerResponse, ...args: EndArguments) {
    const atMs = Date.now();
    brokenAt.set(this, atMs);
    beforeBreak.get(this)?.(atMs);
    if (fault.kind === 'reset') reset(this);
    else if (fault.kind === 'cut') cut(this, bodyOf(args));
    else stall(this, fault.stallSeconds);
    return this;
  } as ServerResponse['end'];
}

/** Ends the stalled answers among `responses` at once (a stop of the server does not wait them out). */
export function endStalledAnswers(responses: Iterable<ServerResponse>): void {
  for (const res of responses) if (stalled.has(res)) res.socket?.destroy();
}
