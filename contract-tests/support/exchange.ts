// Sends one request to the target and keeps what came back, with everything a failure report
// needs: the request, a curl line to reproduce it, and the answer.
import request from 'supertest';
import { type SentKey, targetKey } from './keys.js';
import { contractTarget, SCOPE_HEADER } from './target.js';
import { retryAfterSeconds } from './target-clock.js';

export type Exchange = {
  operationId?: string;
  method: string;
  /** Full URL. */
  url: string;
  /** The headers sent, the API key left out (see sentKey). */
  requestHeaders: Record<string, string>;
  /** The API key sent, if any, with the way a report shows it. */
  sentKey?: SentKey;
  /** The body as sent (text), if any. */
  requestBody?: string;
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined. */
  body: unknown;
  text: string;
};

export type Outgoing = {
  operationId?: string;
  method: string;
  /** Path after the base URL, with its query, e.g. /pets?limit=2. */
  path: string;
  /** A full URL in place of the base URL and path (a path outside the base path). */
  url?: string;
  /** The key to send; null sends none. Default: the target's key (--api-key). */
  key?: SentKey | null;
  /** A JSON value (sent as application/json) or raw text with its own content type. */
  json?: unknown;
  raw?: { contentType: string; text: string };
  headers?: Record<string, string>;
  /** Wait out a 429 as Retry-After says and send again (default true): a polite client. */
  retryWhenLimited?: boolean;
};

/** An implementation that does not answer in this time fails the check instead of hanging CI. */
export const RESPONSE_TIMEOUT_MS = 30_000;
const MAX_POLITE_WAIT_SECONDS = 65;

export class NoAnswerError extends Error {
  constructor(method: string, url: string, cause: unknown) {
    super(
      `${method} ${url} got no answer (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Check that --base-url points at a running implementation, including its base path (e.g. /v1).',
    );
    this.name = 'NoAnswerError';
  }
}

async function sendOnce(outgoing: Outgoing): Promise<Exchange> {
  const target = contractTarget();
  const url = outgoing.url ?? `${target.baseUrl}${outgoing.path}`;
  const parsed = new URL(url);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(target.scope === undefined ? {} : { [SCOPE_HEADER]: target.scope }),
    ...outgoing.headers,
  };
  const key = outgoing.key === undefined ? targetKey() : outgoing.key;
  let body: string | undefined;
  if (outgoing.json !== undefined) {
    body = JSON.stringify(outgoing.json);
    headers['Content-Type'] = 'application/json';
  } else if (outgoing.raw) {
    body = outgoing.raw.text;
    headers['Content-Type'] = outgoing.raw.contentType;
  }
  const agent = request(parsed.origin);
  const method = outgoing.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let pending = agent[method](parsed.pathname + parsed.search);
  for (const [name, value] of Object.entries(headers)) pending = pending.set(name, value);
  if (key) pending = pending.set('X-API-Key', key.value);
  if (body !== undefined) pending = pending.send(body);
  let response: request.Response;
  try {
    response = await pending
      .timeout({ response: RESPONSE_TIMEOUT_MS, deadline: 2 * RESPONSE_TIMEOUT_MS })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
  } catch (error) {
    // A rejection that carries a response is only an error status; one without means no answer.
    if (typeof (error as { status?: unknown }).status === 'number' && (error as { response?: unknown }).response) {
      response = (error as { response: request.Response }).response;
    } else {
      throw new NoAnswerError(outgoing.method.toUpperCase(), url, error);
    }
  }
  const text = typeof response.body === 'string' ? response.body : '';
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    ...(outgoing.operationId ? { operationId: outgoing.operationId } : {}),
    method: outgoing.method.toUpperCase(),
    url,
    requestHeaders: headers,
    ...(key ? { sentKey: key } : {}),
    ...(body === undefined ? {} : { requestBody: body }),
    status: response.status,
    headers: response.headers as Record<string, string>,
    body: json,
    text,
  };
}

export async function send(outgoing: Outgoing): Promise<Exchange> {
  let exchange = await sendOnce(outgoing);
  for (let attempt = 0; attempt < 3 && exchange.status === 429 && outgoing.retryWhenLimited !== false; attempt += 1) {
    const wait = retryAfterSeconds(exchange);
    if (wait === undefined || wait > MAX_POLITE_WAIT_SECONDS) break;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    exchange = await sendOnce(outgoing);
  }
  return exchange;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl line that sends the same request, with the key as the variable it came from. */
export function curlLine(exchange: Exchange): string {
  const parts = ['curl -i', '-X', exchange.method];
  if (exchange.sentKey) {
    const { shownAs } = exchange.sentKey;
    // A variable stays in double quotes so that the shell expands it; a literal key is quoted as it is.
    parts.push('-H', shownAs.startsWith('$') ? `"X-API-Key: ${shownAs}"` : shellQuote(`X-API-Key: ${shownAs}`));
  }
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (name === 'Accept') continue;
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (exchange.requestBody !== undefined) parts.push('--data-raw', shellQuote(exchange.requestBody));
  parts.push(shellQuote(exchange.url));
  return parts.join(' ');
}
