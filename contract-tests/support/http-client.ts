// One HTTP request, through supertest (the suite's HTTP library, over Node's http and https
// modules): it reaches every TCP port, where fetch refuses those the Fetch standard blocks for
// browsers (6000, 5060, 10080 and others), trusts the CA of --ca besides the system's, gives
// up after a stated time, and tells why nothing came back in words a person can act on.
import request from 'supertest';
import { httpAgent } from './keep-alive.js';
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

export async function httpRequest(outgoing: HttpRequest): Promise<HttpAnswer> {
  const parsed = new URL(outgoing.url);
  const method = outgoing.method.toLowerCase() as Method;
  let pending = request(parsed.origin)[method](parsed.pathname + parsed.search);
  for (const [name, value] of Object.entries(outgoing.headers ?? {})) pending = pending.set(name, value);
  pending = pending.agent(parsed.protocol === 'https:' ? agentTrusting(outgoing.caFile) : httpAgent);
  if (outgoing.body !== undefined) pending = pending.send(outgoing.body);
  let response: request.Response;
  try {
    response = await pending
      .timeout({ response: outgoing.timeoutMs, deadline: 2 * outgoing.timeoutMs })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
  } catch (error) {
    // A rejection that carries a response is only an error status; one without means no answer.
    const { status, response: answered } = error as { status?: unknown; response?: request.Response };
    if (typeof status !== 'number' || !answered)
      throw new NoAnswerError(outgoing.method.toUpperCase(), outgoing.url, error, outgoing.timeoutMs);
    response = answered;
  }
  return {
    status: response.status,
    headers: response.headers as Record<string, string>,
    text: typeof response.body === 'string' ? response.body : '',
  };
}
