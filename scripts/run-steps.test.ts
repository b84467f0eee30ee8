// npm test's steps before jest: two at a time, each output printed whole when it ends, every
// result in the order the steps were given.
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error -- a plain-JS script without declarations
import { runSteps } from './run-steps.js';

type Step = { name: string; command: string[] };
const run = runSteps as (
  steps: Step[],
  options: { cwd: string; lanes?: number; print?: (text: string) => void },
) => Promise<Array<{ name: string; ok: boolean }>>;
const node = (name: string, script: string): Step => ({ name, command: [process.execPath, '-e', script] });

describe('the steps before jest', () => {
  it('runs two at a time, keeps each output whole, and tells success and failure apart', async () => {
    const printed: string[] = [];
    // "slow" passes only once "fast" has run, which it can only do while "slow" runs: two at a
    // time. One at a time, "slow" would give up after 20 s and fail.
    const flag = `${process.env.TMPDIR ?? '/tmp'}/run-steps-${process.pid}-${Date.now()}`;
    const steps = [
      node(
        'slow',
        `const fs = require('fs'); const end = Date.now() + 20000; const t = setInterval(() => { if (fs.existsSync(${JSON.stringify(flag)})) { fs.rmSync(${JSON.stringify(flag)}); console.log('slow line 1'); console.log('slow line 2'); clearInterval(t); } else if (Date.now() > end) process.exit(1); }, 20);`,
      ),
      node('fast', `require('fs').writeFileSync(${JSON.stringify(flag)}, ''); console.error('fast said this')`),
      node('broken', 'console.log("what went wrong"); process.exit(3)'),
      { name: 'missing', command: ['/no/such/command'] },
    ];
    const results = await run(steps, { cwd: process.cwd(), print: (text) => printed.push(text) });
    expect(results).toEqual([
      { name: 'slow', ok: true },
      { name: 'fast', ok: true },
      { name: 'broken', ok: false },
      { name: 'missing', ok: false },
    ]);
    const text = printed.join('');
    expect(printed.slice(0, 2)).toEqual(['▶ slow\n', '▶ fast\n']);
    expect(text).toMatch(/✓ slow \(\d+\.\d s\)\nslow line 1\nslow line 2\n/);
    expect(text).toMatch(/✓ fast \(\d+\.\d s\)\nfast said this\n/);
    expect(text).toMatch(/✗ broken \(\d+\.\d s, exit 3\)\nwhat went wrong\n/);
    expect(text).toMatch(/✗ missing \(\d+\.\d s: spawn \/no\/such\/command ENOENT\)\n/);
    expect(text.match(/✗ missing/g)).toHaveLength(1);
  });
});
