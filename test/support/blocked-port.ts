// A port that the Fetch standard blocks (fetch refuses it with "bad port") and that is free on
// this machine now, for the tests of what the mock and the proxy say and do on one.
import { createServer } from 'node:net';
import { FETCH_BLOCKED_PORTS } from '../../src/http/fetch-blocked-ports.js';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export async function freeBlockedPort(): Promise<number> {
  for (const port of FETCH_BLOCKED_PORTS) if (port > 1024 && (await isFree(port))) return port;
  throw new Error('No port of the Fetch standard blocked list above 1024 is free on this machine.');
}
