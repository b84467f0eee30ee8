// One exchange over node:http that reports whatever happens to it, as a test of faults needs:
// the status and head, the bytes of the body that came against its Content-Length, whether the
// body was whole, or the error that ended it (a reset, a timeout of our own).
import { request } from 'node:http';

export type Exchange = {
  status?: number;
  headers?: Record<string, string | string[] | undefined>;
  body: string;
  /** The body came whole, as long as its Content-Length said. */
  complete: boolean;
  /** The error code that ended the exchange (ECONNRESET, or TIMEOUT for our own time limit). */
  error?: string;
  /** Milliseconds from the request to the end of the exchange. */
  ms: number;
};

export function exchange(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeoutMs?: number;
    /** A limit on the body's silence once the head has come, however long the head took (undici's bodyTimeout). */
    bodyTimeoutMs?: number;
  } = {},
): Promise<Exchange> {
  const started = Date.now();
  return new Promise((resolve) => {
    let result: Exchange = { body: '', complete: false, ms: 0 };
    let done = false;
    const finish = (extra: Partial<Exchange>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...result, ...extra, ms: Date.now() - started });
    };
    const body = options.body;
    const outgoing = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          ...options.headers,
          ...(body === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }),
        },
        agent: false,
      },
      (incoming) => {
        result = { ...result, status: incoming.statusCode ?? 0, headers: incoming.headers };
        if (options.bodyTimeoutMs !== undefined) {
          clearTimeout(timer);
          timer = setTimeout(stop, options.bodyTimeoutMs);
        }
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          result.body += chunk;
        });
        incoming.on('end', () => finish({ complete: incoming.complete }));
        incoming.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
        incoming.on('close', () => finish({ complete: incoming.complete }));
      },
    );
    const stop = () => {
      finish({ error: 'TIMEOUT' });
      outgoing.destroy();
    };
    let timer = setTimeout(stop, options.timeoutMs ?? 10_000);
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
    outgoing.end(body);
  });
}
