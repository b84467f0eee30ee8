// One exchange with the upstream over Node's http client: the request as the client sent it (path,
// query, headers, key), the answer read whole up to a bound. Every fault ends as an HttpError of
// the proxy's catalogue codes, so that a dead or slow upstream never hangs a client.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { HttpError } from '../errors.js';

/** An answer larger than this is cut off: a proxy for tests has no use for more. */
export const MAX_UPSTREAM_BODY_BYTES = 8 * 1024 * 1024;

/** Headers of one connection, never forwarded (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
]);

export type UpstreamRequest = { method: string; pathAndQuery: string; headers: IncomingHttpHeaders; body?: Buffer };
export type UpstreamAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };
export type Upstream = { origin: URL; basePath: string; timeoutMs: number };

/** The request's path and query below the API's base path: what follows the upstream's {base_url}. */
export function pathBelow(originalUrl: string, apiBasePath: string): string {
  return originalUrl.startsWith(apiBasePath) ? originalUrl.slice(apiBasePath.length) || '/' : originalUrl;
}

export function forwardableHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

/** Sends one request to the upstream; rejects only with UPSTREAM_UNAVAILABLE or UPSTREAM_TIMEOUT. */
export function callUpstream(upstream: Upstream, outgoing: UpstreamRequest): Promise<UpstreamAnswer> {
  const url = new URL(`${upstream.basePath}${outgoing.pathAndQuery}`, upstream.origin);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      call.destroy();
      reject(error);
    };
    const headers = forwardableHeaders(outgoing.headers);
    if (outgoing.body) headers['content-length'] = String(outgoing.body.length);
    // The answer is read and checked here: a compressed one could not be, so none is asked for.
    headers['accept-encoding'] = 'identity';
    const call = send(url, { method: outgoing.method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      let size = 0;
      answer.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_UPSTREAM_BODY_BYTES) {
          fail(
            new HttpError(
              'UPSTREAM_UNAVAILABLE',
              `The upstream's answer to ${outgoing.method} ${url.pathname} is over ${MAX_UPSTREAM_BODY_BYTES} bytes; the proxy cut it off.`,
            ),
          );
        } else chunks.push(chunk);
      });
      answer.on('error', () => undefined);
      answer.on('aborted', () =>
        fail(new HttpError('UPSTREAM_UNAVAILABLE', `The upstream cut the connection while answering ${url.pathname}.`)),
      );
      answer.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) });
      });
    });
    const timer = setTimeout(
      () =>
        fail(
          new HttpError(
            'UPSTREAM_TIMEOUT',
            `The upstream did not answer ${outgoing.method} ${url.pathname} within ${upstream.timeoutMs / 1000} s (--upstream-timeout).`,
          ),
        ),
      upstream.timeoutMs,
    );
    call.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        new HttpError(
          'UPSTREAM_UNAVAILABLE',
          `The upstream ${upstream.origin.origin} cannot be reached or cut the connection (${error.code ?? error.message}).`,
        ),
      ),
    );
    call.end(outgoing.body);
  });
}
