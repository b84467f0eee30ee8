// contract --contract on drafts of any shape, against the mock serving each: a recursive schema
// (trees of categories), an enum of 100,000 values, names that are those of JavaScript objects.
// Each run sets up its checks (no stack overflow, no "setting up the checks" failure), runs them
// and passes; generated values stop where the schema lets them, and an enum is tried by a sample
// of its values, not all of them. Thousands of paths: contract-many-paths.test.ts.
import { afterEach, describe, expect, it } from '@jest/globals';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { checkDraft, counts, requirePassed } from '../support/draft-runs.js';
import { type DraftEdit, writeDraft } from '../support/drafts.js';
import { categoryTrees, hugeEnum, inheritedNames } from '../support/shape-drafts.js';

/** Reports read by a path parameter named constructor, which no operation makes. */
const reportsReadByConstructor: DraftEdit = (document) => {
  document.paths['/reports/{constructor}'] = {
    get: {
      operationId: 'getReport',
      tags: ['Pets'],
      summary: 'A report',
      description: 'Read by its name.',
      parameters: [
        { name: 'constructor', in: 'path', required: true, description: 'Its name.', schema: { type: 'string' } },
      ],
      responses: {
        '200': {
          description: 'The report.',
          content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
        },
        '404': { $ref: '#/components/responses/NotFound' },
      },
    },
  };
};

describe('contract --contract on a draft of any shape', () => {
  let mock: MockServer | undefined;
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });

  it('checks a recursive schema, a tree of categories, and passes the mock serving it', async () => {
    const draft = await writeDraft(categoryTrees);
    mock = await createMockServer({ data: ':memory:', contract: draft, lintContract: false });
    const run = await checkDraft(draft, 'listTrees,createTree,getTree,deleteTree', mock);
    expect(run.stdout).not.toMatch(/setting up the checks|Maximum call stack/);
    requirePassed(run);
    expect(counts(run.stdout).passed).toBeGreaterThan(20);
    // The generated checks ran, and none was skipped.
    expect(run.junit).toMatch(/createTree: requests generated valid from its schemas/);
    expect(run.junit).not.toMatch(/<skipped/);
  }, 400_000);

  it('checks an enum of 100,000 values by a sample of them, and passes', async () => {
    const draft = await writeDraft(hugeEnum);
    mock = await createMockServer({ data: ':memory:', contract: draft, lintContract: false });
    // The kinds that make values of the schemas and judge the answers by them.
    const run = await checkDraft(draft, 'createPet', mock, '--checks', 'conformance,negative,generated');
    requirePassed(run);
    expect(run.junit).toMatch(/createPet: requests generated valid from its schemas/);
    // The rule that names the enum names its first values, not the 100,000.
    expect(run.junit).toMatch(/outside its enum \(available, pending, sold, status-0, [^)]* and 99988 more\)/);
    expect(run.stdout.length).toBeLessThan(200_000);
  }, 400_000);

  it('checks collections, properties and parameters named __proto__, constructor and prototype', async () => {
    const draft = await writeDraft(inheritedNames, reportsReadByConstructor);
    mock = await createMockServer({ data: ':memory:', contract: draft, lintContract: false });
    const run = await checkDraft(
      draft,
      'listproto,createproto,getproto,deleteproto,listconstructor,createconstructor,getReport',
      mock,
    );
    requirePassed(run);
    expect(counts(run.stdout).passed).toBeGreaterThan(10);
    // No operation makes a report: no record for {constructor} is the suite's, whatever Object holds under that name.
    expect(run.stdout).toContain(
      'getReport: a valid request (GET /reports/{constructor}) (the suite has no record for {constructor}',
    );
  }, 400_000);
});
