// A command run by petstore-mock itself (`proxy ... -- COMMAND`), so that CI never backgrounds and
// signals a wrapper: its output goes to ours, a signal we get is passed on, and its end is ours.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

export type RunningCommand = {
  /** The command's exit code; killed by a signal, 128 + its number, as shells say it. */
  exited: Promise<number>;
  /** Passes a signal on to the command. */
  signal(signal: NodeJS.Signals): void;
};

/** 127: what a shell answers for a command it cannot find or start. */
const CANNOT_START = 127;

export function runCommand(words: readonly string[], env: Readonly<Record<string, string>>): RunningCommand {
  const [command = '', ...args] = words;
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const exited = new Promise<number>((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      console.error(
        `petstore-mock: cannot run ${command} (${error.code ?? error.message}). Check the command after --; it runs without a shell.`,
      );
      resolve(CANNOT_START);
    });
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
  return {
    exited,
    signal: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}
