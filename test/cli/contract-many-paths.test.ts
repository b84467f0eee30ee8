// contract --contract on a draft of thousands of paths, against the mock serving it: the suite
// reads the contract's operations once and sets up its checks in time proportional to the
// document (it once read them again for every check). The draft is made here, in one JSON file
// as a generated contract comes (split, it would pass the bound of 1,000 files). 500 paths keep
// the test cheap (a set-up that read them again per check would take minutes); 5,000 and more
// run the same way. The mock's first answers on such a
// draft compile its validators, seconds on a busy machine: --timeout is raised only to stop a hang.
import { afterAll, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { checkDraft, counts, requirePassed } from '../support/draft-runs.js';
import { writeOneFileDraft } from '../support/drafts.js';
import { manyPaths } from '../support/shape-drafts.js';

describe('contract --contract on a draft of thousands of paths', () => {
  let mock: MockServer | undefined;
  afterAll(async () => {
    await mock?.close();
  });

  it('sets up every kind of check on 500 more paths, checks the last of them and passes', async () => {
    const draft = await writeOneFileDraft(manyPaths(500));
    mock = await createMockServer({ data: ':memory:', contract: draft, lintContract: false });
    const run = await checkDraft(draft, 'getThing499', mock, '--timeout', '120');
    expect(run.stdout).not.toMatch(/setting up the checks|Maximum call stack/);
    requirePassed(run);
    expect(counts(run.stdout).passed).toBeGreaterThan(3);
    expect(run.junit).toMatch(/getThing499/);
  }, 400_000);
});
