// A real redis-server (Debian's) for a test: on a free loopback port, in a temporary folder,
// with nothing saved to disk; stopped and removed after. Tests of shared state talk to it as
// users' mocks talk to theirs.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type RedisServer = {
  url: string;
  port: number;
  /** Stops the server (SIGKILL when `abruptly`), keeping its port for start() to reuse. */
  stop(options?: { abruptly?: boolean }): Promise<void>;
  /** Starts it again on the same port (empty: nothing is saved). */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  remove(): Promise<void>;
};

export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? 'redis-server';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function launch(port: number, folder: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(REDIS_SERVER_BIN, [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      folder,
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not get ready on port ${port} within 10 s:\n${output}`));
    }, 10_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(
        new Error(
          `Could not run ${REDIS_SERVER_BIN} (${error.message}). Install it: apt-get install -y redis-server (.ci/run does).`,
        ),
      );
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code} before it was ready:\n${output}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
  });
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * A free port is free when asked, not always when redis-server binds it: a test file running
 * beside this one may take it in between. Then another port is tried.
 */
async function launchOnAFreePort(folder: string): Promise<{ port: number; child: ChildProcess }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return { port, child: await launch(port, folder) };
    } catch (error) {
      if (attempt === 3 || !/Address already in use/i.test(String(error))) throw error;
    }
  }
}

export async function startRedisServer(): Promise<RedisServer> {
  const folder = await mkdtemp(join(tmpdir(), 'petstore-redis-'));
  const launched = await launchOnAFreePort(folder);
  const port = launched.port;
  let child: ChildProcess | undefined = launched.child;
  const stop = async (options: { abruptly?: boolean } = {}) => {
    if (!child) return;
    const running = child;
    child = undefined;
    const exited = exitOf(running);
    running.kill(options.abruptly ? 'SIGKILL' : 'SIGTERM');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    async start() {
      if (!child) child = await launch(port, folder);
    },
    async remove() {
      await stop({ abruptly: true });
      await rm(folder, { recursive: true, force: true });
    },
  };
}
