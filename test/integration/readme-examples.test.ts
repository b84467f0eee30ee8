// The README and the docs/ pages: their jest examples are the test files that run them, word for
// word (only the test's own header comment and the import path, the package's name in the pages,
// differ); every link between them leads to a file and heading that exist; the README stays short.
import { readdir, readFile, stat } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { CATALOGUE } from '../../src/sdk-check/catalogue.js';

const root = new URL('../../', import.meta.url);
const readRoot = (path: string) => readFile(new URL(path, root), 'utf8');

const README_MOST_LINES = 250;

async function pages(): Promise<string[]> {
  const docs = (await readdir(new URL('docs/', root))).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.map((name) => `docs/${name}`)];
}

async function tsBlocks(page: string): Promise<string[]> {
  return [...(await readRoot(page)).matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function anchorsIn(markdown: string): Set<string> {
  const outsideCode = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set([...outsideCode.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));
}

/** Links to this repository's files, `[text](path#anchor)`, outside code blocks. */
function localLinks(markdown: string): string[] {
  const outsideCode = markdown.replace(/```[\s\S]*?```/g, '');
  return [...outsideCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target));
}

describe("the README's and the docs pages' examples", () => {
  it.each([
    ['docs/sdk-check.md', 'test/integration/sdk-author-example.test.ts'],
    ['docs/scopes.md', 'test/integration/parallel-runners-example.test.ts'],
    ['docs/proxy.md', 'test/integration/proxy-example.test.ts'],
  ])('%s shows %s as it runs', async (page, file) => {
    const test = (await readRoot(file))
      .replace(/^(\/\/.*\n)+/, '')
      .replace("from '../../src/index.js'", "from 'petstore-mock'");
    expect(await tsBlocks(page)).toContain(test);
  });

  it(`the README is read in five minutes: at most ${README_MOST_LINES} lines, linking every docs page`, async () => {
    const readme = await readRoot('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_MOST_LINES);
    const linked = new Set(localLinks(readme).map((target) => target.split('#')[0]));
    const docs = (await pages()).filter((page) => page.startsWith('docs/'));
    expect(docs.length).toBeGreaterThanOrEqual(9);
    expect(docs.filter((page) => !linked.has(page))).toEqual([]);
  });

  it("the quick start sets up with two commands, and names the contributor's quicker loop, which exists", async () => {
    const readme = await readRoot('README.md');
    const quickStart = readme.slice(
      readme.indexOf('## Quick start'),
      readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
    );
    const npmCommands = [...quickStart.matchAll(/```sh\n([\s\S]*?)```/g)]
      .map((match) => (match[1] ?? '').trim())
      .filter((block) => block.startsWith('npm '));
    expect(npmCommands).toEqual(['npm install && npm start', 'npm test']);
    expect(quickStart).toContain('`npm run test:quick`');
    const { scripts } = JSON.parse(await readRoot('package.json')) as { scripts: Record<string, string> };
    expect(scripts['test:quick']).toContain('jest.quick.config.js');
  });

  it('every link of the README and the docs pages leads to a file, and a heading, that exist', async () => {
    const broken: string[] = [];
    for (const page of await pages()) {
      const markdown = await readRoot(page);
      for (const target of localLinks(markdown)) {
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? new URL(page, root) : new URL(path, new URL(page, root));
        const found = await stat(file).then(
          () => true,
          () => false,
        );
        if (!found) broken.push(`${page}: ${target} (no such file)`);
        else if (anchor !== undefined && !anchorsIn(await readFile(file, 'utf8')).has(anchor)) {
          broken.push(`${page}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("docs/sdk-check.md's case table is the catalogue's: each case, what it reproduces, what passes and fails", async () => {
    const page = await readRoot('docs/sdk-check.md');
    const rows = page.split('\n').filter((line) => /^\| `[a-z-]+` \|/.test(line));
    const table = CATALOGUE.map(
      (entry) => `| \`${entry.name}\` | ${entry.reproduces} | ${entry.passes} | ${entry.fails} |`,
    );
    expect(rows).toEqual(table);
  });
});
