// The bounds of reading a draft (contract-limits.ts): each refusal names its file, the line where
// one exists, the bound and the option that raises it; a URL is bounded in time to its last byte.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { writeSplitDraft } from '../../../test/support/contract-drafts.js';
import type { SpecDocument } from '../../../test/support/spec.js';
import { useTempFolder } from '../../../test/support/temp-folder.js';
import { PETSTORE_SPEC_FILE } from '../../package-root.js';
import { ContractRefusal } from './contract-refusal.js';
import { type ContractFileOptions, readContractFile } from './read-contract-file.js';

async function refusalOf(file: string, options?: ContractFileOptions): Promise<ContractRefusal> {
  try {
    await readContractFile(file, options);
  } catch (error) {
    if (error instanceof ContractRefusal) return error;
    throw error;
  }
  throw new Error(`${file} was read, not refused`);
}

/** The 1-based line of the first place `text` is written in `file`. */
async function lineOf(file: string, text: string): Promise<number> {
  const index = (await readFile(file, 'utf8')).split('\n').findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`${text} is not in ${file}`);
  return index + 1;
}

describe('the bounds of reading a draft', () => {
  const tempFolder = useTempFolder('read-bounds');
  let folder: string;
  beforeEach(async () => {
    folder = join(tempFolder(), 'draft');
    await mkdir(folder);
  });

  it('refuses JSON nested too deep at the line and column where it passes the bound', async () => {
    const file = join(folder, 'openapi.json');
    await writeFile(file, `{\n  "openapi": "3.1.0",\n  "x-deep": ${'['.repeat(100_000)}${']'.repeat(100_000)}\n}\n`);
    const refusal = await refusalOf(file);
    expect(refusal.problems).toEqual([
      expect.objectContaining({
        kind: 'limit',
        line: 3,
        // The first file's object is the first level: the 201st bracket passes 200.
        column: 13 + 200,
        message: expect.stringContaining('nested more than 200 deep here (raise it with --contract-limit depth=N)'),
      }),
    ]);
    expect(refusal.message).toContain(`${refusal.file}:3:213`);
  });

  it('refuses the first file over its size at the line and column where it passes the bound', async () => {
    const file = join(folder, 'openapi.json');
    // Line breaks past the bound are not counted: only the bytes up to it are read.
    await writeFile(file, `{\n  "openapi": "3.1.0",\n  "x": "${'a'.repeat(3_000_000)}"\n}\n${'\n'.repeat(1000)}`);
    const refusal = await refusalOf(file, { limits: { fileBytes: 2_500_000 } });
    expect(refusal.problems).toEqual([
      expect.objectContaining({
        kind: 'limit',
        line: 3,
        column: 2_500_000 - '{\n  "openapi": "3.1.0",\n'.length + 1,
        message: expect.stringContaining('a file of a contract may have (raise it with --contract-limit file-bytes=N)'),
      }),
    ]);
    expect(refusal.message).toContain(`${refusal.file}:3:`);
  });

  it('refuses a file of the draft over its size at the line of the $ref that names it', async () => {
    const root = await writeSplitDraft(folder, (document) => {
      document.components.schemas.Big = { $ref: './big.json' };
    });
    await writeFile(join(folder, 'big.json'), JSON.stringify({ type: 'string', description: 'x'.repeat(80_000) }));
    const refusal = await refusalOf(root, { limits: { fileBytes: 60_000 } });
    expect(refusal.problems).toEqual([
      expect.objectContaining({
        kind: 'limit',
        line: await lineOf(root, './big.json'),
        message: expect.stringContaining(
          'more than the 59 KiB a file of a contract may have (raise it with --contract-limit file-bytes=N)',
        ),
      }),
    ]);
    // Raised, the same draft is read.
    await expect(readContractFile(root, { limits: { fileBytes: 200_000 } })).resolves.toBeDefined();
  });

  it('names a bound of the whole draft once, where it is passed, and reads no file after it', async () => {
    const root = await writeSplitDraft(folder);
    const refusal = await refusalOf(root, { limits: { files: 3 } });
    // Every further $ref would pass it the same way: one problem, not one per $ref left.
    expect(refusal.problems).toEqual([
      expect.objectContaining({
        kind: 'limit',
        message: expect.stringContaining('the contract names more than 3 files'),
      }),
    ]);
    expect(refusal.problems[0]?.message).toContain('--contract-limit files=N');
  });

  it('refuses more values than the bound at the place of the last one counted', async () => {
    const root = await writeSplitDraft(folder);
    const refusal = await refusalOf(root, { limits: { nodes: 500 } });
    expect(refusal.problems).toEqual([
      expect.objectContaining({
        kind: 'limit',
        line: expect.any(Number),
        message: expect.stringContaining(
          'more than 500 values, the last of them here (raise it with --contract-limit nodes=N)',
        ),
      }),
    ]);
  });

  /** `depth` arrays, each holding an object that holds the next: Ajv's walk doubles with each. */
  function nestedArrays(depth: number, inner: unknown = 1): unknown {
    let value = inner;
    for (let level = 0; level < depth; level += 1) value = [{ x: value }];
    return value;
  }

  it('refuses arrays nested past their bound in any value at the line where they pass it, before any validator sees them', async () => {
    const file = join(folder, 'openapi.json');
    const document = parse(await readFile(PETSTORE_SPEC_FILE, 'utf8')) as SpecDocument;
    document.components.schemas.Pet.example = 'DEEP';
    // Twenty arrays on a line of their own; without the bound, Ajv's check of the example's
    // schema takes seconds from 22 arrays and minutes from 30 (it walks each array twice).
    const text = JSON.stringify(document, null, 2).replace('"DEEP"', `\n${JSON.stringify(nestedArrays(20))}\n`);
    await writeFile(file, text);
    const started = performance.now();
    const refusal = await refusalOf(file);
    expect(refusal.problems).toEqual([
      expect.objectContaining({
        kind: 'limit',
        line: await lineOf(file, '[{"x":[{"x":'),
        message: expect.stringContaining(
          'arrays are nested more than 16 deep here, objects between them not counted (raise it with --contract-limit array-depth=N)',
        ),
      }),
    ]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('counts the arrays a $ref carries from another file into one', async () => {
    const root = await writeSplitDraft(folder, (document) => {
      document.components.schemas.Pet.example = nestedArrays(10, { $ref: './parts/deep.json' });
    });
    await writeFile(join(folder, 'schemas/parts/deep.json'), JSON.stringify(nestedArrays(10)));
    const refusal = await refusalOf(root);
    expect(refusal.problems).toEqual([
      expect.objectContaining({ kind: 'limit', file: expect.stringContaining('deep.json'), line: 1 }),
    ]);
    await expect(readContractFile(root, { limits: { arrayDepth: 20 } })).resolves.toBeDefined();
  });

  describe('a URL', () => {
    let server: Server;
    let origin: string;
    const dripping = new Set<ReturnType<typeof setInterval>>();
    beforeEach(async () => {
      server = createServer((req, res) => {
        if (req.url === '/schemas/drip.yaml') {
          // Headers at once, then one byte every 200 ms, for ever: the body never ends.
          res.writeHead(200, { 'Content-Type': 'application/yaml' });
          const drip = setInterval(() => res.write(' '), 200);
          dripping.add(drip);
          res.on('close', () => clearInterval(drip));
        } else if (req.url === '/schemas/huge.yaml') {
          res.writeHead(200, { 'Content-Length': String(50 * 1024 * 1024) });
          res.write('type: string\n');
        } else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterEach(async () => {
      for (const drip of dripping) clearInterval(drip);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('that sends a byte at a time is refused once its time is up, named with the bound, never a crash', async () => {
      const root = await writeSplitDraft(folder, (document) => {
        document.components.schemas.PetStatus = { $ref: `${origin}/schemas/drip.yaml` };
      });
      const refusal = await refusalOf(root, { allowUrls: [`${origin}/schemas/`], limits: { urlSeconds: 1 } });
      expect(refusal.problems).toEqual([
        expect.objectContaining({
          kind: 'limit',
          line: await lineOf(root, `${origin}/schemas/drip.yaml`),
          message: expect.stringContaining(
            'did not send the whole document within 1 s (raise it with --contract-limit url-seconds=N)',
          ),
        }),
      ]);
    });

    it('that says it is larger than a file may be is refused before its body is read', async () => {
      const root = await writeSplitDraft(folder, (document) => {
        document.components.schemas.PetStatus = { $ref: `${origin}/schemas/huge.yaml` };
      });
      const refusal = await refusalOf(root, { allowUrls: [`${origin}/schemas/`] });
      expect(refusal.problems).toEqual([
        expect.objectContaining({ kind: 'limit', message: expect.stringContaining('is 50 MiB, more than the 10 MiB') }),
      ]);
    });
  });
});
