// A stop that loses nothing (SIGTERM, SIGINT, close()): from its first instant no new request is
// taken, on a new connection or a kept-alive one (503 SHUTTING_DOWN, Connection: close); the
// requests under way finish and are answered with Connection: close, so that no write is cut
// after it was stored; connections with nothing under way close at once (and answers stalled on
// purpose, broken-answers.ts, end at once). Node's server.close() alone stops new connections
// only, and kept-alive ones went on taking requests.
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError } from '../errors.js';
import { afterAnswer } from './after-answer.js';
import { AnswersUnderWay } from './answers-under-way.js';
import { endStalledAnswers } from './broken-answers.js';

export type GracefulStop = {
  /** The server's request listener: `app`, or the refusal once the stop has begun. */
  listener: RequestListener;
  /** The server's 'connection' listener: a connection that never carried a request closes at once on a stop. */
  onConnection(socket: Socket): void;
  /** Stops taking requests and resolves once every request under way is answered and every connection closed. */
  stop(server: Server): Promise<void>;
  /** How many answers are under way. */
  readonly answering: number;
};

/** How often connections that fell idle during the stop are closed. */
const IDLE_SWEEP_MS = 250;

function refuse(res: ServerResponse): void {
  const error = new HttpError(
    'SHUTTING_DOWN',
    'The mock is stopping and takes no new request; nothing of this one was done. Send it again once the mock is back.',
  );
  const body = JSON.stringify(error.toBody());
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  res.end(body);
}

export function createGracefulStop(app: RequestListener): GracefulStop {
  let stopping = false;
  const underWay = new AnswersUnderWay();
  // Connections that never carried a request (a client's spare one, opened ahead of need, as
  // undici does after an abort): Node counts them neither idle nor busy, and a stop waited on them.
  const unused = new Set<Socket>();
  // One function for every answer, not a closure each.
  const answered = (res: ServerResponse) => underWay.remove(res);
  return {
    onConnection(socket) {
      unused.add(socket);
      socket.once('close', () => {
        unused.delete(socket);
        underWay.removeOn(socket);
      });
    },
    listener: (req: IncomingMessage, res: ServerResponse) => {
      if (stopping) {
        refuse(res);
        return;
      }
      unused.delete(req.socket);
      underWay.add(res);
      afterAnswer(res, answered);
      app(req, res);
    },
    get answering() {
      return underWay.size;
    },
    stop(server) {
      stopping = true;
      for (const res of underWay) if (!res.headersSent) res.setHeader('Connection', 'close');
      endStalledAnswers(underWay);
      for (const socket of unused) socket.destroy();
      return new Promise((resolve, reject) => {
        // An answer already on its way keeps its connection: close it once it is idle.
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        server.close((error) => {
          clearInterval(sweep);
          if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
