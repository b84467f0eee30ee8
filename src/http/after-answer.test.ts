// Work after an answer: each piece once, in the order given, whether the answer finished or its
// connection broke, on one 'close' listener. Served over real HTTP on loopback.
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { afterAnswer } from './after-answer.js';

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

/** Serves one request with `handle`; resolves with the port. */
async function serving(handle: (res: ServerResponse) => void): Promise<number> {
  const started = createServer((_req, res) => handle(res));
  server = started;
  await new Promise<void>((listening) => started.listen(0, '127.0.0.1', listening));
  return (started.address() as AddressInfo).port;
}

/** A GET of `/`; resolves with its status, or with the error when the connection breaks. */
const get = (port: number) =>
  new Promise<number | Error>((done) => {
    const sent = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    sent.on('error', done);
    sent.end();
  });

describe('work after an answer', () => {
  it('runs each piece once, in the order given, after the answer finished', async () => {
    const done: string[] = [];
    let over: Promise<void> = Promise.resolve();
    const port = await serving((res) => {
      over = new Promise((allDone) => {
        afterAnswer(res, (answered) => done.push(`first ${answered.statusCode}`));
        afterAnswer(res, () => done.push('second'));
        afterAnswer(res, () => {
          done.push('third');
          allDone();
        });
      });
      expect(res.listenerCount('close')).toBe(1);
      expect(done).toEqual([]);
      res.statusCode = 201;
      res.end('made');
    });
    expect(await get(port)).toBe(201);
    await over;
    expect(done).toEqual(['first 201', 'second', 'third']);
  });

  it('runs once the connection broke, when the answer never finished', async () => {
    let ran = 0;
    let over: Promise<void> = Promise.resolve();
    const port = await serving((res) => {
      over = new Promise((allDone) =>
        afterAnswer(res, (answered) => {
          ran += 1;
          expect(answered.writableFinished).toBe(false);
          allDone();
        }),
      );
      res.socket?.destroy();
    });
    // An Error of Node's realm, not jest's: its message tells.
    expect(String(await get(port))).toMatch(/socket hang up|ECONNRESET/);
    await over;
    expect(ran).toBe(1);
  });

  it("gives each answer's work its own answer, and no other's", async () => {
    const given: ServerResponse[] = [];
    const told: ServerResponse[] = [];
    const ends: Promise<void>[] = [];
    const port = await serving((res) => {
      given.push(res);
      ends.push(new Promise((ended) => afterAnswer(res, (answered) => ended(void told.push(answered)))));
      res.end();
    });
    await get(port);
    await get(port);
    await Promise.all(ends);
    expect(told).toHaveLength(2);
    expect(new Set(told)).toEqual(new Set(given));
  });
});
