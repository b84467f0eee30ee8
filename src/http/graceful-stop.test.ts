// The graceful stop's count of answers under way, over real HTTP on loopback: an answer queued
// behind another on a connection that a client resets never ends, and must not stay counted.
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createGracefulStop, type GracefulStop } from './graceful-stop.js';

let server: Server | undefined;
afterEach(async () => {
  const open = server;
  server = undefined;
  // A test that failed may leave a connection open: closed too, so that the next does not wait on it.
  open?.closeAllConnections();
  if (open) await new Promise((closed) => open.close(closed));
});

/** A server whose answer to /slow waits for `release`, and to anything else comes at once. */
async function serve(): Promise<{ port: number; stopper: GracefulStop; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const stopper = createGracefulStop((req, res) => {
    req.resume();
    if (req.url === '/slow') void released.then(() => res.end('slow'));
    else res.end('quick');
  });
  const listening = createServer(stopper.listener);
  listening.on('connection', stopper.onConnection);
  server = listening;
  await new Promise<void>((ready) => listening.listen(0, '127.0.0.1', ready));
  return { port: (listening.address() as AddressInfo).port, stopper, release };
}

/** Waits for `condition`, at most 10 s (a busy machine takes ms): what it waited for is the failure's message, never a hang. */
const until = async (what: string, condition: () => boolean) => {
  for (const deadline = Date.now() + 10_000; !condition(); ) {
    if (Date.now() > deadline) throw new Error(`Still waiting after 10 s for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('the answers under way of a graceful stop', () => {
  it('are no longer counted once their connection is reset, an answer queued behind another too', async () => {
    const { port, stopper, release } = await serve();
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    // Two requests in one write (pipelined): the second's answer waits behind the first's.
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /queued HTTP/1.1\r\nHost: x\r\n\r\n');
    await until('both answers under way', () => stopper.answering === 2);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.resetAndDestroy();
    await closed;
    release();
    await until('no answer under way once the connection is gone', () => stopper.answering === 0);
    expect(stopper.answering).toBe(0);
  });

  it('counts an answer until it is sent, on a connection kept alive', async () => {
    const { port, stopper, release } = await serve();
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await until('the slow answer under way', () => stopper.answering === 1);
    release();
    await until('the slow answer', () => received.endsWith('slow'));
    await until('no answer under way once sent', () => stopper.answering === 0);
    socket.write('GET /again HTTP/1.1\r\nHost: x\r\n\r\n');
    await until('the second answer', () => received.endsWith('quick'));
    await until('no answer under way once the second is sent', () => stopper.answering === 0);
    socket.destroy();
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
  });
});
