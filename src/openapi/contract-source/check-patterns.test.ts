// A draft's patterns judged as it is read: those no linear-time engine can match are refused at
// their file and line with the reason; those JavaScript takes only without the u flag are served
// with a warning at theirs; patterns that backtrack badly in V8 are served (matched in linear time).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { writeSplitDraft } from '../../../test/support/contract-drafts.js';
import type { SpecDocument } from '../../../test/support/spec.js';
import { useTempFolder } from '../../../test/support/temp-folder.js';
import { CONTROL_SPEC_FILE, PETSTORE_SPEC_FILE } from '../../package-root.js';
import { checkPatterns } from './check-patterns.js';
import { ContractRefusal } from './contract-refusal.js';
import { renderContractWarnings } from './lint-contract.js';
import { readContractFile } from './read-contract-file.js';

const draftWith = (folder: string, edit: (document: SpecDocument) => void) => writeSplitDraft(folder, edit);

const setNamePattern = (pattern: string) => (document: SpecDocument) => {
  document.components.schemas.NewPet.properties.name.pattern = pattern;
};

async function refusalOf(file: string): Promise<ContractRefusal> {
  try {
    await readContractFile(file);
  } catch (error) {
    if (error instanceof ContractRefusal) return error;
    throw error;
  }
  throw new Error(`${file} was read, not refused`);
}

/** The text of the line a problem or warning names. */
async function lineAt(place: { file: string; line?: number }): Promise<string> {
  const lines = (await readFile(resolve(place.file), 'utf8')).split('\n');
  return lines[(place.line ?? 0) - 1] ?? '';
}

describe("the built-in contracts' patterns", () => {
  it('are all matched in linear time, read with the u flag', () => {
    for (const file of [PETSTORE_SPEC_FILE, CONTROL_SPEC_FILE]) {
      expect({ file, ...checkPatterns(parse(readFileSync(file, 'utf8'))) }).toEqual({ file, faults: [], notes: [] });
    }
  });
});

describe("a draft's patterns", () => {
  const folder = useTempFolder('check-patterns');

  it.each([
    ['^(a)\\1$', 'refers back to a group'],
    ['^[a-z]+(?=!)', 'looks ahead'],
    ['^a{2000}$', 'more than 1,000 times'],
  ])('refuses %s at its file and line: %s', async (pattern, reason) => {
    const refusal = await refusalOf(await draftWith(folder(), setNamePattern(pattern)));
    expect(refusal.problems).toHaveLength(1);
    const [problem] = refusal.problems;
    expect(problem).toMatchObject({ kind: 'unservable', message: expect.stringContaining(reason) });
    expect(problem?.message).toContain('a request could then hold the server for minutes');
    expect(await lineAt(problem as { file: string; line?: number })).toContain('pattern:');
  });

  it('serves patterns that backtrack without end in V8, and the password rules of real documents', async () => {
    const draft = await readContractFile(
      await draftWith(folder(), (document) => {
        setNamePattern('^(a+)+$')(document);
        // Its examples fit it: a draft whose examples break their schema is warned of (check-examples.ts).
        Object.assign(document, JSON.parse(JSON.stringify(document).replace(/"name":"(Rex|Tom)"/g, '"name":"aaa"')));
        document.components.schemas.NewCategory.properties.name.pattern = '^(?=.*[A-Z])(?!.*\\s)(x+x+)+y?[A-Za-z]*$';
      }),
    );
    expect(draft.warnings).toEqual([]);
  });

  it('warns at once of an example that would hold a backtracking engine: examples are matched in linear time too', async () => {
    const draft = await readContractFile(
      await draftWith(folder(), (document) => {
        setNamePattern('^(a+)+$')(document);
        const hostile = `${'a'.repeat(40)}!`;
        Object.assign(
          document,
          JSON.parse(JSON.stringify(document).replace(/"name":"(Rex|Tom)"/g, `"name":"${hostile}"`)),
        );
      }),
    );
    expect(draft.warnings.length).toBeGreaterThan(0);
    expect(draft.warnings[0]).toMatchObject({ rule: 'example-breaks-schema', severity: 'warning' });
    expect(draft.warnings[0]?.message).toContain('does not fit its own schema: name must match pattern "^(a+)+$"');
  });

  it('serves a pattern JavaScript reads only without the u flag, with a warning at its file and line', async () => {
    const draft = await readContractFile(await draftWith(folder(), setNamePattern('^[a-zA-Z0-9_\\-\\:]+$')));
    expect(draft.warnings).toHaveLength(1);
    const [warning] = draft.warnings;
    expect(warning).toMatchObject({
      rule: 'pattern-without-u-flag',
      message: expect.stringContaining('valid JavaScript only without the u flag (Invalid escape)'),
    });
    expect(await lineAt(warning as { file: string; line?: number })).toContain('pattern:');
    expect(renderContractWarnings(draft.warnings)).toMatch(
      /Contract warnings \(1\), from reading it .*\n {4}\S+newpet\S*:\d+:\d+ {2}the pattern .*\(pattern-without-u-flag\)/i,
    );
  });

  it('refuses the names of patternProperties that repeat, which the validator matches with V8’s own engine', async () => {
    const refusal = await refusalOf(
      await draftWith(folder(), (document) => {
        document.components.schemas.NewPet.properties.labels = {
          type: 'object',
          patternProperties: { '^(a+)+$': { type: 'string' }, '^x-': { type: 'string' } },
        };
      }),
    );
    expect(refusal.problems.map((problem) => problem.message)).toEqual([
      expect.stringContaining('the patternProperties name "^(a+)+$" is matched by the validator'),
    ]);
    expect(refusal.problems[0]?.message).toContain('propertyNames: {pattern: ...}');
  });

  it('reads no pattern in data: examples, defaults, enums and extensions', async () => {
    const draft = await readContractFile(
      await draftWith(folder(), (document) => {
        const name = document.components.schemas.NewPet.properties.name;
        // An example that fits its schema (one that does not is warned of): any object.
        document.components.schemas.Note = { type: 'object', examples: [{ pattern: '^(a)\\1$' }] };
        name['x-note'] = { pattern: '[' };
      }),
    );
    expect(draft.warnings).toEqual([]);
  });
});
