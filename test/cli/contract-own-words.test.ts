// contract against the mock serving a contract in its own words: Redocly's museum API (HTTP basic,
// problem+json errors, no limit headers) passes with its 401 checks sent as basic credentials and
// no Pet Store limit held against it, and an implementation that checks no credential, or answers
// its 401 in another shape, fails; a Pet Store draft of bearer tokens and problem details passes
// with the token given by --auth; one of the IETF RateLimit-* fields has its limit checks read in
// them, and Mastodon's, whose X-RateLimit-Reset is a date-time, on a read that sends its token; a
// draft without DELETE /pets/{petId} passes placeOrder's unknown-pet check. Each run is cut to a few operations (--operations) to stay cheap.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startBrokenProxy } from '../../contract-tests/proof/broken-proxy.js';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runCli } from '../support/cli.js';
import { bearerTokens, type DraftEdit, problemDetails, writeDraft } from '../support/drafts.js';
import { passedCases } from '../support/junit-cases.js';
import { useTempFolder } from '../support/temp-folder.js';

const MUSEUM = fileURLToPath(new URL('../real-contracts/documents/museum/openapi.yaml', import.meta.url));
const MASTODON = fileURLToPath(new URL('../real-contracts/documents/mastodon/schema.json', import.meta.url));
const SUPABASE = fileURLToPath(new URL('../real-contracts/documents/supabase-auth/openapi.yaml', import.meta.url));

type Response = { headers?: Record<string, unknown> };

/** A draft whose answers declare the IETF RateLimit-Limit, -Remaining and -Reset (seconds from now) fields. */
const ietfLimitFields: DraftEdit = (document) => {
  const operations = Object.values<Record<string, { responses?: Record<string, Response> }>>(document.paths).flatMap(
    (item) => Object.values(item),
  );
  const responses: Response[] = [
    ...operations.flatMap((operation) => Object.values(operation?.responses ?? {})),
    ...Object.values<Response>(document.components.responses ?? {}),
  ];
  for (const response of responses)
    if (response?.headers)
      response.headers = Object.fromEntries(
        Object.entries(response.headers).map(([name, header]) => [name.replace(/^X-RateLimit-/, 'RateLimit-'), header]),
      );
};

/** A draft of the Pet Store without DELETE /pets/{petId}. */
const noPetDelete: DraftEdit = (document) => {
  delete document.paths['/pets/by-id/{petId}'].delete;
};

describe('contract against a contract in its own words', () => {
  const folder = useTempFolder('own-words');

  describe('the museum API: HTTP basic, problem+json, no limit headers', () => {
    let museum: MockServer;
    beforeAll(async () => {
      museum = await createMockServer({ data: ':memory:', contract: MUSEUM, lintContract: false });
    });
    afterAll(async () => {
      await museum.close();
    });
    const suite = (baseUrl: string, junit: string) =>
      runCli([
        ...['contract', '--contract', MUSEUM, '--base-url', baseUrl, '--api-key', 'demo-enterprise'],
        ...['--operations', 'getMuseumHours,getSpecialEvent,buyMuseumTickets', '--junit', junit],
      ]);

    it('passes the mock, its 401 checks sent as basic credentials, no X-RateLimit-* held against it', async () => {
      const junit = join(folder(), 'museum.xml');
      const run = await suite(museum.url, junit);
      expect(run.stdout).toMatch(/: \d+ passed, 0 failed/);
      expect(run.code).toBe(0);
      const passed = passedCases(await readFile(junit, 'utf8'));
      for (const operation of ['getMuseumHours', 'getSpecialEvent', 'buyMuseumTickets']) {
        expect(passed).toContain(`${operation}: a request without a basic user name gets 401`);
        expect(passed).toContain(`${operation}: a request with an unknown basic user name gets 401`);
      }
      expect(passed).toContain(
        'getMuseumHours: the basic user name with its letters in the other case gets 401: credentials are matched exactly',
      );
      expect(run.stdout).not.toMatch(/X-RateLimit-Remaining (falls|counts)|requests without a valid key are each 401/);
    }, 120_000);

    it('refuses --auth of a scheme the contract does not declare, and a --header that is not NAME: VALUE, naming what to give', async () => {
      const given = (...more: string[]) =>
        runCli(['contract', '--contract', MUSEUM, '--base-url', museum.url, '--api-key', 'demo-free', ...more]);
      const scheme = await given('--auth', 'bearerAuth=abc');
      expect(scheme.code).toBe(2);
      expect(scheme.stderr).toContain(
        '"bearerAuth" is not a security scheme of the contract; use one of MuseumPlaceholderAuth',
      );
      const header = await given('--header', 'X-Tenant blue');
      expect(header.code).toBe(2);
      expect(header.stderr).toContain("--header takes 'NAME: VALUE'");
    }, 60_000);

    it('fails an implementation that checks no credential of the museum hours, and whose other 401s are not problem+json', async () => {
      const valid = `Basic ${Buffer.from('demo-enterprise:').toString('base64')}`;
      const broken = await startBrokenProxy(new URL(museum.url).origin, {
        request: (request) =>
          request.path.includes('/museum-hours')
            ? { ...request, headers: { ...request.headers, authorization: valid } }
            : request,
        response: (response) =>
          response.status === 401
            ? {
                ...response,
                headers: { ...response.headers, 'content-type': 'application/json' },
                body: JSON.stringify({ message: 'unauthorized' }),
              }
            : response,
      });
      try {
        const run = await suite(`${broken.origin}${new URL(museum.url).pathname}`, join(folder(), 'broken.xml'));
        expect(run.code).toBe(1);
        const failed = (rule: string) => new RegExp(`✗ ${rule}`);
        expect(run.stdout).toMatch(failed('getMuseumHours: a request without a basic user name gets 401'));
        expect(run.stdout).toMatch(failed('getSpecialEvent: a request without a basic user name gets 401'));
        expect(run.stdout).toMatch(/where the contract's errors \(the shape of [^)]*\) are application\/problem\+json/);
      } finally {
        await broken.close();
      }
    }, 120_000);
  });

  it('passes a Pet Store draft of bearer tokens and problem details, the token given by --auth', async () => {
    const draft = await writeDraft(problemDetails, bearerTokens);
    const served = await createMockServer({ data: ':memory:', contract: draft, lintContract: false });
    try {
      const junit = join(folder(), 'bearer.xml');
      const run = await runCli([
        ...['contract', '--contract', draft, '--base-url', served.url, '--api-key', 'not-a-key'],
        ...['--auth', 'bearer=demo-enterprise', '--operations', 'getCategory', '--checks', 'conformance,negative'],
        ...['--junit', junit],
      ]);
      expect(run.stdout).toMatch(/: \d+ passed, 0 failed/);
      expect(run.code).toBe(0);
      const passed = passedCases(await readFile(junit, 'utf8'));
      expect(passed).toContain('getCategory: a request without a bearer token gets 401');
      expect(passed).toContain('getCategory: a request with an unknown bearer token gets 401');
      // The value given to --auth is written as its variable, never as it is.
      expect(run.stdout).not.toContain('Bearer demo-enterprise');
    } finally {
      await served.close();
    }
  }, 120_000);

  it('passes a draft of IETF RateLimit-* fields, its rate-limit checks read in them', async () => {
    const draft = await writeDraft(ietfLimitFields);
    const served = await createMockServer({ data: ':memory:', contract: draft, lintContract: false });
    try {
      const junit = join(folder(), 'ietf.xml');
      const run = await runCli([
        ...['contract', '--contract', draft, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--operations', 'listCategories', '--checks', 'rate-limits', '--junit', junit],
      ]);
      expect(run.stdout).toMatch(/: \d+ passed, 0 failed/);
      expect(run.code).toBe(0);
      expect(passedCases(await readFile(junit, 'utf8'))).toContain(
        'listCategories: RateLimit-Remaining falls as requests are made, within one window',
      );
    } finally {
      await served.close();
    }
  }, 120_000);

  it("passes Mastodon's limits: a Reset declared as a date-time, counted on a read that sends a credential", async () => {
    const served = await createMockServer({ data: ':memory:', contract: MASTODON, lintContract: false });
    try {
      const junit = join(folder(), 'mastodon.xml');
      // getAccounts is open to all (security: []): no key's requests are counted there.
      const run = await runCli([
        ...['contract', '--contract', MASTODON, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--operations', 'getAccounts,getFiltersV2', '--checks', 'rate-limits', '--junit', junit],
      ]);
      expect(run.stdout).toMatch(/: \d+ passed, 0 failed/);
      expect(run.code).toBe(0);
      const passed = passedCases(await readFile(junit, 'utf8'));
      // The counting checks read the date-time Reset as its instant: the 429's Retry-After agrees with it.
      expect(passed).toContain(
        'getFiltersV2: X-RateLimit-Remaining counts down by one per request to the limit, then 429 with a Retry-After that agrees with X-RateLimit-Reset',
      );
      expect(passed.filter((name) => name.startsWith('getAccounts: '))).toEqual([]);
    } finally {
      await served.close();
    }
  }, 120_000);

  it("passes Supabase's custom providers, whose identifier sent is answered behind the pattern's custom:", async () => {
    const served = await createMockServer({ data: ':memory:', contract: SUPABASE, lintContract: false });
    try {
      const junit = join(folder(), 'supabase.xml');
      const run = await runCli([
        ...['contract', '--contract', SUPABASE, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--operations', 'POST /admin/custom-providers,GET /admin/custom-providers/{identifier}'],
        ...['--seed', '42', '--junit', junit],
      ]);
      expect(run.stdout).toMatch(/: \d+ passed, 0 failed/);
      expect(run.code).toBe(0);
      expect(passedCases(await readFile(junit, 'utf8'))).toContain(
        'POST /admin/custom-providers: requests generated valid from its schemas get a declared success that keeps what was sent',
      );
    } finally {
      await served.close();
    }
  }, 120_000);

  it("passes placeOrder's unknown-pet check on a draft that deletes no pet", async () => {
    const draft = await writeDraft(noPetDelete);
    const served = await createMockServer({ data: ':memory:', contract: draft, lintContract: false });
    try {
      const junit = join(folder(), 'no-delete.xml');
      const run = await runCli([
        ...['contract', '--contract', draft, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--operations', 'placeOrder', '--checks', 'rules', '--junit', junit],
      ]);
      expect(run.stdout).toMatch(/: \d+ passed, 0 failed/);
      expect(run.code).toBe(0);
      expect(passedCases(await readFile(junit, 'utf8'))).toContain(
        'placeOrder: a petId that names no pet is 422 UNKNOWN_PET',
      );
    } finally {
      await served.close();
    }
  }, 120_000);
});
