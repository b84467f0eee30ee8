// Reads `petstore-mock sdk-check`'s console output back into a verdict per case.

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
