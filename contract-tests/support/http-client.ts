// One HTTP request, through supertest (the suite's HTTP library, over Node's http and https
// modules): it reaches every TCP port, where fetch refuses those the Fetch standard blocks for
// browsers (6000, 5060, 10080 and others), trusts the CA of --ca besides the system's, gives
// up after a stated time, and tells why nothing came back in words a person can act on.
import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import { httpAgent } from './keep-alive.js';
import { setField } from './own-fields.js';
import { agentTrusting, certificateProblem } from './tls-trust.js';

export type HttpAnswer = { status: number; headers: Record<string, string>; text: string };

export type HttpRequest = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The longest wait for the answer to start; the whole answer may take twice as long. */
  timeoutMs: number;
  /** A CA file to trust besides the system's (--ca). */
  caFile?: string;
};

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** Nothing came back: the reason, and whether a certificate or the time limit was the cause. */
export class NoAnswerError extends Error {
  readonly reason: string;
  /** A message about the target's certificate (untrusted, expired, for another host), if that was it. */
  readonly certificate: string | undefined;
  readonly timedOut: boolean;
  constructor(method: string, url: string, error: unknown, timeoutMs: number) {
    const { message, timeout } = error as { code?: string; message?: string; timeout?: number };
    // supertest words a failed connect as "ECONNREFUSED: Connection refused", without the error's code.
    const connect = /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT): /.exec(message ?? '')?.[1];
    const code = (error as { code?: string }).code ?? connect;
    const timedOut = typeof timeout === 'number' || code === 'ECONNABORTED';
    const { hostname, port, protocol } = new URL(url);
    const reason = timedOut
      ? `no answer within ${timeoutMs / 1000} s (--timeout)`
      : connect
        ? `connect ${connect} ${hostname}:${port || (protocol === 'https:' ? 443 : 80)}`
        : `${message ?? String(error)}${code && !(message ?? '').includes(code) ? `, ${code}` : ''}`;
    const certificate = certificateProblem(url, code, message ?? '');
    super(
      certificate ??
        `${method} ${url} got no answer (${reason}). Check that --base-url points at a running implementation, including its base path (e.g. /v1).`,
    );
    this.name = 'NoAnswerError';
    this.reason = reason;
    this.certificate = certificate;
    this.timedOut = timedOut;
  }
}

/**
 * A reset with no answer on a connection kept from an earlier request: the target closed it while
 * idle as the request went out (a busy machine held the suite's own 4 s close past the target's
 * 5 s), so nothing was read of it. Sent again once, on a new connection, as Node's documentation
 * of keep-alive advises (`request.reusedSocket`).
 */
function resetOnKeptConnection(error: unknown, sent: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  const reset = code === 'ECONNRESET' || /socket hang up|ECONNRESET/.test(message ?? '');
  return reset && (sent as { req?: { reusedSocket?: boolean } }).req?.reusedSocket === true;
}

export async function httpRequest(outgoing: HttpRequest): Promise<HttpAnswer> {
  try {
    return await sendOnce(outgoing);
  } catch (failure) {
    if (!(failure instanceof Unanswered)) throw failure;
    const noAnswer = (error: unknown) =>
      new NoAnswerError(outgoing.method.toUpperCase(), outgoing.url, error, outgoing.timeoutMs);
    if (!resetOnKeptConnection(failure.error, failure.sent)) throw noAnswer(failure.error);
    try {
      return await sendOnce(outgoing);
    } catch (again) {
      throw again instanceof Unanswered ? noAnswer(again.error) : again;
    }
  }
}

/** No answer to one sending: the error, with the request that met it. */
class Unanswered extends Error {
  constructor(
    readonly error: unknown,
    readonly sent: unknown,
  ) {
    super('no answer');
  }
}

/**
 * The headers of an answer, read by the names a contract gives (constructor, __proto__): an object
 * of no prototype, so that no name reads Object's own; with any Node leaves out of its headers
 * (__proto__), from the headers as sent.
 */
function answeredHeaders(headers: Record<string, string>, rawHeaders: readonly string[]): Record<string, string> {
  const own: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(headers)) setField(own, name, value);
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] as string).toLowerCase();
    if (Object.hasOwn(headers, name)) continue;
    const value = rawHeaders[index + 1] as string;
    setField(own, name, Object.hasOwn(own, name) ? `${own[name]}, ${value}` : value);
  }
  return own;
}

/** The request sent once; on no answer, it throws Unanswered. */
async function sendOnce(outgoing: HttpRequest): Promise<HttpAnswer> {
  const parsed = new URL(outgoing.url);
  const method = outgoing.method.toLowerCase() as Method;
  let pending = request(parsed.origin)[method](parsed.pathname + parsed.search);
  for (const [name, value] of Object.entries(outgoing.headers ?? {})) {
    // superagent files a header by assignment, which for __proto__ would set a prototype: one
    // that Object.prototype names is written as the request's own header, which it sends alike.
    if (name in Object.prototype) setField((pending as unknown as { header: object }).header, name, value);
    else pending = pending.set(name, value);
  }
  pending = pending.agent(parsed.protocol === 'https:' ? agentTrusting(outgoing.caFile) : httpAgent);
  if (outgoing.body !== undefined) pending = pending.send(outgoing.body);
  let response: request.Response;
  let rawHeaders: string[] = [];
  try {
    response = await pending
      .timeout({ response: outgoing.timeoutMs, deadline: 2 * outgoing.timeoutMs })
      .buffer(true)
      .parse((res, done) => {
        rawHeaders = (res as unknown as IncomingMessage).rawHeaders;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
  } catch (error) {
    // A rejection that carries a response is only an error status; one without means no answer.
    const { status, response: answered } = error as { status?: unknown; response?: request.Response };
    if (typeof status !== 'number' || !answered) throw new Unanswered(error, pending);
    response = answered;
  }
  return {
    status: response.status,
    headers: answeredHeaders(response.headers as Record<string, string>, rawHeaders),
    text: typeof response.body === 'string' ? response.body : '',
  };
}
