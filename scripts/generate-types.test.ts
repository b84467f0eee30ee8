import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error -- a plain-JS build script without declarations
import { renderGeneratedFiles } from './generate-types.js';

describe('generated contract types', () => {
  it('match what spec/ generates today (run `npm run generate:types` after editing the spec)', async () => {
    const files = (await renderGeneratedFiles()) as Map<string, string>;
    expect(files.size).toBeGreaterThanOrEqual(2);
    for (const [path, contents] of files) {
      const current = await readFile(new URL(`../${path}`, import.meta.url), 'utf8');
      expect({ path, contents: current }).toEqual({ path, contents });
    }
  });
});
