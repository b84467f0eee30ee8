// Reads `petstore-mock sdk-check`'s console output back into a verdict per case.

/** Each case's verdict line and the lines under it. */
export function verdicts(stdout: string): Map<string, { passed: boolean; why: string }> {
  const found = new Map<string, { passed: boolean; why: string }>();
  const lines = stdout.split('\n');
  lines.forEach((line, index) => {
    const head = /^([✓✗]) ([a-z-]+) \(/.exec(line);
    if (!head) return;
    const why: string[] = [];
    for (let next = index + 1; lines[next]?.startsWith('    '); next += 1) why.push((lines[next] as string).trim());
    found.set(head[2] as string, { passed: head[1] === '✓', why: why.join('\n') });
  });
  return found;
}
