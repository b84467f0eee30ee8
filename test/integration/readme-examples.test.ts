// The README's jest examples are the test files that run them, word for word: only the test's
// own header comment and the import path (the package's name in the README) differ.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';

const readRoot = (path: string) => readFile(new URL(`../../${path}`, import.meta.url), 'utf8');

async function readmeBlocks(): Promise<string[]> {
  const readme = await readRoot('README.md');
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

describe("the README's examples", () => {
  it.each([
    ['For SDK authors', 'test/integration/sdk-author-example.test.ts'],
    ['For parallel test runners', 'test/integration/parallel-runners-example.test.ts'],
    ['The validation proxy', 'test/integration/proxy-example.test.ts'],
  ])('%s is %s as printed', async (_section, file) => {
    const test = (await readRoot(file))
      .replace(/^(\/\/.*\n)+/, '')
      .replace("from '../../src/index.js'", "from 'petstore-mock'");
    expect(await readmeBlocks()).toContain(test);
  });
});
