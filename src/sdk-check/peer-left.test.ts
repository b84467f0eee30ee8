// Whether a client closed its connection, read from the kernel's table: what the mock knows of it
// before its loop, held by a busy machine, has read the close.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { closedByPeer, peerLeft, portsOf } from './peer-left.js';

let server: Server | undefined;
const accepted: Socket[] = [];
afterEach(async () => {
  for (const socket of accepted.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** A connection from a client, and the server's side of it. */
async function connection(): Promise<{ client: Socket; serverSide: Socket }> {
  const serverSide = new Promise<Socket>((resolve) => {
    server = createServer((socket) => {
      accepted.push(socket);
      resolve(socket);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server?.address();
  const client = connect(typeof address === 'object' && address ? address.port : 0, '127.0.0.1');
  await new Promise<void>((resolve) => client.once('connect', resolve));
  return { client, serverSide: await serverSide };
}

/** Reads until the kernel has the client's close (a loopback close lands at once; bounded all the same). */
async function settled(read: () => boolean | undefined): Promise<boolean | undefined> {
  for (let attempt = 0; attempt < 100 && read() !== true; attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return read();
}

const onLinux = process.platform === 'linux';

describe('closedByPeer', () => {
  it('tells an open connection from one the client closed', async () => {
    const { client, serverSide } = await connection();
    const ports = portsOf(serverSide);
    if (!ports) throw new Error('The server side of an open connection has its ports.');
    expect(closedByPeer(ports)).toBe(onLinux ? false : undefined);
    expect(peerLeft(serverSide, ports, 1_000)).toBe(onLinux ? false : undefined);
    // An answer out at once is not looked up: no client timeout is that short.
    expect(peerLeft(serverSide, ports, 10)).toBeUndefined();
    client.end();
    if (onLinux) expect(await settled(() => closedByPeer(ports))).toBe(true);
  });

  it('takes a connection the client reset, gone from the table, for one it left', async () => {
    const { client, serverSide } = await connection();
    const ports = portsOf(serverSide);
    if (!ports) throw new Error('The server side of an open connection has its ports.');
    client.resetAndDestroy();
    if (onLinux) expect(await settled(() => closedByPeer(ports))).toBe(true);
  });
});
