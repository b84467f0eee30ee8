// A deliberately broken implementation: a proxy in front of a correct mock that breaks one
// rule of the contract, to prove the suite catches it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxiedRequest = { method: string; path: string; headers: Record<string, string>; body: string };
export type ProxiedResponse = { status: number; headers: Record<string, string>; body: string };

type MaybePromise<T> = T | Promise<T>;

export type Breakage = {
  /** Changes the request before it reaches the mock; return a response to answer without it. */
  request?: (request: ProxiedRequest) => MaybePromise<ProxiedRequest | ProxiedResponse>;
  /** Changes the mock's answer before the client sees it (it may call the mock again meanwhile). */
  response?: (response: ProxiedResponse, request: ProxiedRequest) => MaybePromise<ProxiedResponse>;
};

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

async function readBody(stream: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of stream) body += chunk;
  return body;
}

function plainHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name))
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
}

export async function startBrokenProxy(
  targetOrigin: string,
  breakage: Breakage,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((incoming, outgoing) => {
    relay(incoming, targetOrigin, breakage).then(
      (answer) => {
        // A breakage that drops Date means no Date at all, not the proxy's own.
        outgoing.sendDate = Object.keys(answer.headers).some((name) => name.toLowerCase() === 'date');
        outgoing.writeHead(answer.status, answer.headers);
        outgoing.end(answer.body);
      },
      (error: unknown) => {
        outgoing.writeHead(502, { 'content-type': 'text/plain' });
        outgoing.end(`broken proxy failed: ${String(error)}`);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function relay(incoming: IncomingMessage, targetOrigin: string, breakage: Breakage): Promise<ProxiedResponse> {
  const original: ProxiedRequest = {
    method: incoming.method ?? 'GET',
    path: incoming.url ?? '/',
    headers: plainHeaders(incoming.headers),
    body: await readBody(incoming),
  };
  const changed = breakage.request ? await breakage.request(original) : original;
  if ('status' in changed) return changed;
  const upstream = await fetch(`${targetOrigin}${changed.path}`, {
    method: changed.method,
    headers: changed.headers,
    ...(changed.body && changed.method !== 'GET' ? { body: changed.body } : {}),
  });
  const headers: Record<string, string> = {};
  upstream.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') headers[name] = value;
  });
  const answer = { status: upstream.status, headers, body: await upstream.text() };
  return breakage.response ? await breakage.response(answer, changed) : answer;
}

/** Rewrites a JSON body; bodies that are not JSON pass unchanged. */
export function rewriteJson(response: ProxiedResponse, change: (body: unknown) => unknown): ProxiedResponse {
  try {
    return { ...response, body: JSON.stringify(change(JSON.parse(response.body))) };
  } catch {
    return response;
  }
}
