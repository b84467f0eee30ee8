// Runs the built petstore-mock command as a user would, and waits for its banner.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LINT_SWITCH } from '../../src/openapi/contract-source/lint-contract.js';

export const CLI = fileURLToPath(new URL('../../bin/petstore-mock.js', import.meta.url));

export type RunningCli = {
  child: ChildProcessWithoutNullStreams;
  /** The API's base URL printed in the banner. */
  apiUrl: string;
  output: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * What the command runs with: this process's environment, without the Spectral lint of a given
 * contract (1.3 s of CPU a run, in a thread beside the server) unless `env` asks for it: the tests
 * of the lint do (test/cli/contract-file.test.ts).
 */
const cliEnv = (env: Record<string, string>) => ({ ...process.env, [LINT_SWITCH]: 'off', ...env });

export function runCli(
  args: string[],
  cwd?: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: cliEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // 'close', not 'exit': the output is read to its end before the result is used.
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function startCli(args: string[], cwd?: string, env: Record<string, string> = {}): Promise<RunningCli> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: cliEnv(env) });
    let output = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`petstore-mock did not start within 30 s. Output:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /API\s+(http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          child,
          apiUrl: match[1],
          output: () => output,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`petstore-mock exited with ${code} before serving. Output:\n${output}`));
    });
  });
}

/** A server the test started through a wrapper (another user, a namespace of its own), once it printed its banner. */
export type ServedByWrapper = { child: ChildProcessWithoutNullStreams; apiUrl: string; output: () => string };

/**
 * Runs `command` with `args` (a wrapper that ends by running the built petstore-mock's serve) and
 * resolves once the banner names the API's URL; rejects when it exits first, or prints none within
 * 60 s (a bound that only stops a hang: a start on a busy machine takes its time).
 */
export function serveThrough(command: string, args: string[]): Promise<ServedByWrapper> {
  const child = spawn(command, args);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /API\s+(http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, apiUrl: url, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}
