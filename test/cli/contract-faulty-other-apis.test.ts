// contract against faulty implementations of other APIs' documents: each a proxy in front of the
// mock serving the document, breaking one promise of it, as a team's own server might. A list of
// one article's comments that shows every article's (RealWorld's Conduit), an owner answered
// without the telephone the document requires, a vet made and then read as missing (Spring
// PetClinic): each fails the run, by the check that names it; the mock itself passes them all
// (contract-other-apis.test.ts). Fewer generated cases (--examples) keep each run short.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { type Breakage, startBrokenProxy } from '../../contract-tests/proof/broken-proxy.js';
import { createMockServer } from '../../src/server/server.js';
import { runCli } from '../support/cli.js';
import { REGISTRY_DOCUMENT } from '../support/registry-document.js';

const documentOf = (path: string) => fileURLToPath(new URL(`../real-contracts/documents/${path}`, import.meta.url));

/** The suite's output against the mock serving `file` behind `breakage`. */
async function suiteThrough(file: string, breakage: Breakage): Promise<{ code: number | null; stdout: string }> {
  const served = await createMockServer({ data: ':memory:', contract: file, lintContract: false });
  const base = new URL(served.url);
  const broken = await startBrokenProxy(base.origin, breakage);
  try {
    const run = await runCli([
      ...['contract', '--contract', file, '--base-url', `${broken.origin}${base.pathname}`],
      ...['--api-key', 'demo-enterprise', '--examples', '5'],
    ]);
    return { code: run.code, stdout: run.stdout };
  } finally {
    await broken.close();
    await served.close();
  }
}

/** `value` without `field` wherever it stands. */
function without(value: unknown, field: string): unknown {
  if (Array.isArray(value)) return value.map((item) => without(item, field));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => name !== field)
      .map(([name, item]) => [name, without(item, field)]),
  );
}

const COMMENTS = /^\/api\/articles\/[^/]+\/comments$/;

describe('contract against faulty implementations of other APIs', () => {
  it("fails a list of one article's comments that shows every comment made", async () => {
    // Every comment a create answered, shown in every article's list.
    const made: unknown[] = [];
    const run = await suiteThrough(documentOf('realworld-conduit/api/openapi.yml'), {
      response: (response, request) => {
        if (!COMMENTS.test(request.path.split('?')[0] ?? '') || response.status >= 300) return response;
        const body = JSON.parse(response.body) as { comment?: unknown; comments?: unknown[] };
        if (request.method === 'POST' && body.comment) made.push(body.comment);
        if (request.method !== 'GET' || !Array.isArray(body.comments)) return response;
        return { ...response, body: JSON.stringify({ comments: [...body.comments, ...made] }) };
      },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ GetArticleComments: lists the records of its own slug only/);
  }, 120_000);

  it('fails an owner answered without the telephone the document requires', async () => {
    const run = await suiteThrough(documentOf('spring-petclinic/openapi.yml'), {
      response: (response, request) =>
        request.path.includes('/owners') && response.body.includes('"telephone"')
          ? { ...response, body: JSON.stringify(without(JSON.parse(response.body), 'telephone')) }
          : response,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ getOwner: a valid request/);
    expect(run.stdout).toContain("must have required property 'telephone'");
  }, 120_000);

  it('fails a create that leaves out the Location its document declares, and a read of it refused with 405', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'faulty-registry-')), 'registry.json');
    await writeFile(file, JSON.stringify(REGISTRY_DOCUMENT));
    const noLocation = await suiteThrough(file, {
      response: (response, request) =>
        request.method === 'POST' && request.path.split('?')[0] === '/pets'
          ? {
              ...response,
              headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'location')),
            }
          : response,
    });
    expect(noLocation.code).toBe(1);
    expect(noLocation.stdout).toMatch(/✗ createPets: a record made reads back by showPetById/);
    const refused = await suiteThrough(file, {
      request: (request) =>
        request.method === 'GET' && /^\/labels\/\d+$/.test(request.path.split('?')[0] ?? '')
          ? { status: 405, headers: {}, body: '' }
          : request,
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/✗ CreateLabel: requests generated valid from its schemas/);
    // Rules are made by a Location alone and never read one by one: a list that ignores its filter still fails.
    const unfiltered = await suiteThrough(file, {
      request: (request) => (request.path.startsWith('/rules?') ? { ...request, path: '/rules' } : request),
    });
    expect(unfiltered.code).toBe(1);
    expect(unfiltered.stdout).toMatch(/✗ ListRules: action keeps exactly the items with action equal to it/);
  }, 120_000);

  it('fails a vet made and then read as missing', async () => {
    const run = await suiteThrough(documentOf('spring-petclinic/openapi.yml'), {
      request: (request) =>
        request.method === 'GET' && /\/vets\/\d+$/.test(request.path.split('?')[0] ?? '')
          ? { status: 404, headers: {}, body: '' }
          : request,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ addVet: a record made reads back by getVet/);
  }, 120_000);
});
