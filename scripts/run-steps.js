// The steps of `npm test` before jest, two at a time (a 2-core machine's worth): each says when
// it starts, and its output is printed whole when it ends, so that two steps never interleave.
import { spawn } from 'node:child_process';

/**
 * @param {{ name: string, command: string[] }[]} steps longest first, so that the lanes end together
 * @param {{ cwd: string, lanes?: number, print?: (text: string) => void }} options
 * @returns {Promise<{ name: string, ok: boolean }[]>} in the order of `steps`
 */
export async function runSteps(steps, { cwd, lanes = 2, print = (text) => process.stdout.write(text) }) {
  const results = new Array(steps.length);
  let next = 0;
  const lane = async () => {
    while (next < steps.length) {
      const index = next++;
      results[index] = await runStep(steps[index], cwd, print);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, steps.length) }, lane));
  return results;
}

function runStep({ name, command }, cwd, print) {
  print(`▶ ${name}\n`);
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let ended = false;
    // A command that cannot start reports 'error' and then 'close': one verdict.
    const end = (ok, note = '') => {
      if (ended) return;
      ended = true;
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      const text = output.trimEnd();
      print(`${ok ? '✓' : '✗'} ${name} (${seconds} s${note})\n${text ? `${text}\n` : ''}`);
      resolve({ name, ok });
    };
    child.on('error', (error) => end(false, `: ${error.message}`));
    child.on('close', (code, signal) => end(code === 0, code === 0 ? '' : `, exit ${signal ?? code}`));
  });
}
