// Listening, and what an HTTP server of the mock answers before any app sees a request: the
// port and address refused with what to do, never a port that fetch refuses when any will do, and
// a request that is not HTTP at all answered with the Error object instead of Node's bare 400.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError } from '../errors.js';
import { isFetchBlockedPort } from './fetch-blocked-ports.js';

export class ListenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListenError';
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new ListenError(
            `Port ${port} on ${host} is already in use. Stop the other server, or pass --port with another port (0 picks a free one).`,
          ),
        );
      } else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
        reject(
          new ListenError(
            `Cannot listen on ${host}: this machine has no such address. Pass --host 127.0.0.1, or an address of this machine.`,
          ),
        );
      } else {
        reject(new ListenError(`Cannot listen on ${host}:${port}: ${error.message}.`));
      }
    });
    server.listen(port, host, () => resolve());
  });
}

/**
 * Listens; asked for any free port (0), never on one that fetch refuses (the Fetch standard's
 * blocked ports, which an OS may hand out), so that every client can reach it.
 */
export async function listenReachably(server: Server, port: number, host: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await listen(server, port, host);
    if (port !== 0 || attempt >= 10 || !isFetchBlockedPort((server.address() as AddressInfo).port)) return;
    await new Promise((closed) => server.close(closed));
  }
}

/** A request that is not even valid HTTP gets the Error object too, not a bare 400. */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return;
    const body = JSON.stringify(
      new HttpError('MALFORMED_HTTP', `The request is not valid HTTP/1.1 (${error.code ?? error.message}).`).toBody(),
    );
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
