// Reads `petstore-mock sdk-check`'s console output back into a verdict per case.
import { readFile } from 'node:fs/promises';
import type { SeenRequest } from '../../src/sdk-check/seen-requests.js';

export type ShownVerdict = {
  status: 'passed' | 'failed' | 'not-exercised' | 'undetermined' | 'skipped';
  passed: boolean;
  why: string;
};

const STATUS_OF = { '✓': 'passed', '✗': 'failed', '–': 'not-exercised', '?': 'undetermined', '○': 'skipped' } as const;

/** Each case's verdict line and the lines under it. */
export function verdicts(stdout: string): Map<string, ShownVerdict> {
  const found = new Map<string, ShownVerdict>();
  const lines = stdout.split('\n');
  lines.forEach((line, index) => {
    const head = /^([✓✗–?○]) ([a-z-]+) \(/.exec(line);
    if (!head) return;
    const why: string[] = [];
    for (let next = index + 1; lines[next]?.startsWith('    '); next += 1) why.push((lines[next] as string).trim());
    const status = STATUS_OF[head[1] as keyof typeof STATUS_OF];
    found.set(head[2] as string, { status, passed: status === 'passed', why: why.join('\n') });
  });
  return found;
}

/** The names of the cases with this status, sorted. */
export function casesWith(stdout: string, status: ShownVerdict['status']): string[] {
  return [...verdicts(stdout).entries()]
    .filter(([, verdict]) => verdict.status === status)
    .map(([name]) => name)
    .sort();
}

/** At most this many cases of a run may be undetermined beside jest's other files (seen: 1 of 18). */
export const MOST_UNDETERMINED = 2;

/**
 * Every one of `total` cases passed, none failed: a busy machine may leave a few undetermined
 * (it hid when the client sent, which the case says), never failed. If not, the run's output says why.
 */
export function expectEveryCasePassed(stdout: string, total: number): void {
  const summary = /: (\d+) passed, (\d+) failed(?:, (\d+) undetermined)?\n/.exec(stdout);
  const count = (group: number) => Number(summary?.[group] ?? 0);
  const [passed, failed, undetermined] = [count(1), count(2), count(3)];
  if (!summary || failed > 0 || undetermined > MOST_UNDETERMINED || passed + undetermined !== total)
    throw new Error(
      `Expected all ${total} cases passed (at most ${MOST_UNDETERMINED} undetermined on a busy machine).\n${stdout}`,
    );
}

/** Each case's requests as the mock saw them, from a report `--html` wrote: for a failure's message. */
export async function seenInReport(htmlFile: string, names: readonly string[]): Promise<string> {
  // A run that ended before its report (the client never ran) leaves the failure its own words.
  const page = await readFile(htmlFile, 'utf8').catch((error: Error) => `(no report: ${error.message})`);
  if (page.startsWith('(no report')) return page;
  const cases = JSON.parse(/\nconst CASES = (.*);\n/.exec(page)?.[1] ?? '[]') as {
    name: string;
    seen: SeenRequest[];
  }[];
  return cases
    .filter((shown) => names.includes(shown.name))
    .map(
      ({ name, seen }) =>
        `${name}, as the mock saw it (s from the first: came, answered, told to wait until, left):\n${seen
          .map(
            (request, at) =>
              `  ${at + 1}. ${request.status ?? '-'} on connection ${request.connection}${request.opensConnection ? ' (new)' : ''}: ${[request.cameSeconds, request.answeredSeconds, request.waitUntilSeconds, request.leftSeconds].map((time) => time ?? '-').join(', ')}`,
          )
          .join('\n')}`,
    )
    .join('\n');
}
