// Runs npm and npx as a person would in a shell, bounded in time. Each command gets its own
// process group, so that a timeout or a stop ends npx's children too.
import { type ChildProcess, spawn } from 'node:child_process';

export type CommandResult = { code: number | null; stdout: string; stderr: string };

/** The environment of a person's shell: without npm's variables of the running `npm test`, or our own. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|PETSTORE_)/i.test(name) && name !== 'INIT_CWD'),
  );
}

/** `env`: variables the person set in their shell for this command. */
function startProcess(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(command, args, {
    cwd,
    env: { ...cleanEnvironment(), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

export function runCommand(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
  onStderr?: (chunk: string) => void,
  env?: NodeJS.ProcessEnv,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = startProcess(command, args, cwd, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      onStderr?.(chunk.toString());
    });
    const timer = setTimeout(() => {
      stderr += `\n(${command} ${args.join(' ')} stopped after ${timeoutMs} ms)`;
      stopGroup(child, 'SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export type StartedCommand = {
  match: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
};

/** Starts a long-running command and resolves once its output matches `ready` (its first group). */
export function startCommand(command: string, args: string[], cwd: string, ready: RegExp): Promise<StartedCommand> {
  return new Promise((resolve, reject) => {
    const child = startProcess(command, args, cwd);
    const closed = new Promise<void>((done) => child.on('close', () => done()));
    let output = '';
    const timer = setTimeout(() => {
      stopGroup(child, 'SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} was not ready within 30 s:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output)?.[1];
      if (match === undefined) return;
      clearTimeout(timer);
      resolve({
        match,
        output: () => output,
        stop: async () => {
          stopGroup(child, 'SIGTERM');
          await closed;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    closed.then(() => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} ended before it was ready:\n${output}`));
    });
  });
}
