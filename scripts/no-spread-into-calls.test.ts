// The lint rule of biome-plugins/no-spread-into-calls.grit, run by `biome check` in npm test:
// it must flag every list spread into a call, and nothing else that spreads.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

const ROOT = new URL('..', import.meta.url).pathname;
const PLUGIN = 'biome-plugins/no-spread-into-calls.grit';
let folder: string;

beforeAll(async () => {
  // The rule alone, in a folder of its own: biome lints files under its configuration's folder only.
  folder = await mkdtemp(join(tmpdir(), 'spread-rule-'));
  await copyFile(join(ROOT, PLUGIN), join(folder, 'rule.grit'));
  await writeFile(join(folder, 'biome.json'), JSON.stringify({ plugins: ['./rule.grit'] }));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The lines the rule flags in `source`. */
async function flaggedLines(source: string): Promise<number[]> {
  await writeFile(join(folder, 'sample.ts'), source);
  const output = await new Promise<string>((resolve) => {
    execFile(
      join(ROOT, 'node_modules/.bin/biome'),
      ['lint', '--only=plugin', '--max-diagnostics=none', 'sample.ts'],
      { cwd: folder },
      (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
    );
  });
  if (!/Checked 1 file/.test(output)) throw new Error(output);
  return [...output.matchAll(/sample\.ts:(\d+):\d+ plugin/g)].map((match) => Number(match[1]));
}

describe('the rule against lists spread into calls', () => {
  it("is one of the project's biome plugins, which npm test runs", async () => {
    const configuration = JSON.parse(await readFile(join(ROOT, 'biome.json'), 'utf8')) as { plugins?: string[] };
    expect(configuration.plugins).toContain(`./${PLUGIN}`);
  });

  it('flags a spread into a function, a method, an optional call and a constructor', async () => {
    const source = [
      'const list = [1, 2];',
      'Math.max(...list);',
      'list.push(...list.map((x) => x));',
      'globalThis.f?.(...list);',
      'new Set(...list);',
      'list.concat<number>(1, ...list);',
    ].join('\n');
    expect(await flaggedLines(source)).toEqual([2, 3, 4, 5, 6]);
  });

  it('leaves spreads into array and object literals, and a forwarding it is told is bounded', async () => {
    const source = [
      'const list = [1, 2];',
      'const copy = [...list, 3];',
      'const object = { ...{ a: 1 }, b: 2 };',
      'console.log([...copy], { ...object });',
      'const forward = (...args: number[]) =>',
      "  // biome-ignore lint/plugin: the caller's own arguments",
      '  Math.max(...args);',
      'forward(1);',
    ].join('\n');
    expect(await flaggedLines(source)).toEqual([]);
  });
});
