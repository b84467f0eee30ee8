// contract --contract DRAFT against the mock serving the same draft: it passes, its checks name
// every operation the draft adds (in the console and JUnit), the checks written for an operation
// the draft removed are skipped with why, as are those that need a record the suite cannot name
// (a category's photo, whose {photoId} names pets' photos); those whose bodies lack a field the
// draft now requires (a category's icon) send one; and implementations of the draft broken by
// convention (a field dropped, a delete that deletes nothing, one pet's photos under another, a
// visit's notes under another owner) are caught. Owners drawn other ways pass too.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Breakage, rewriteJson, startBrokenProxy } from '../../contract-tests/proof/broken-proxy.js';
import { createMockServer, type MockServer } from '../../src/server/server.js';
import { runCli } from '../support/cli.js';
import {
  breeds,
  categoryIcon,
  categoryNameNarrowedInAnswers,
  categoryPhotos,
  ownerChangesAnswerNoContent,
  ownerCityNullable,
  ownerCodes,
  ownerIdsByClient,
  ownerIdsRequired,
  ownerPatternsOfRealDocuments,
  owners,
  ownersPagedByNumber,
  ownerUuids,
  ownerVisitNotes,
  petBodyOfVendorType,
  petNameNarrowed,
  petNumbersInSteps,
  petsListedAsAnObject,
  petVaccinate,
  writeDraft,
  writeFullDraft,
} from '../support/drafts.js';
import { useTempFolder } from '../support/temp-folder.js';

const ADDED = [
  'listPetPhotos',
  'addPetPhoto',
  'getPetPhoto',
  'deletePetPhoto',
  'listOwners',
  'createOwner',
  'getOwner',
  'replaceOwner',
  'changeOwner',
  'deleteOwner',
  'getStoreStats',
];

/** The operations of the owners a draft adds. */
const OWNER_OPERATIONS = 'listOwners,createOwner,getOwner,replaceOwner,changeOwner,deleteOwner';

/** A list of photos that forgets its parent: each photo added is listed under every pet. */
function photosOfEveryPet(): Breakage {
  const added: unknown[] = [];
  return {
    response: (response, request) => {
      if (!/\/pets\/by-id\/\d+\/photos(\?|$)/.test(request.path)) return response;
      if (request.method === 'POST' && response.status === 201) added.push(JSON.parse(response.body));
      if (request.method !== 'GET' || response.status !== 200) return response;
      return rewriteJson(response, (body) => [...(body as unknown[]), ...added]);
    },
  };
}

/** A visit's notes answered under any owner: each request is sent on under the visit's own owner. */
function notesUnderAnyOwner(): Breakage {
  const ownerOfVisit = new Map<string, string>();
  const NOTES = /^(.*\/owners\/)(\d+)(\/visits\/(\d+)\/notes.*)$/;
  return {
    request: (request) => {
      const [, before, , after, visit] = NOTES.exec(request.path) ?? [];
      const owner = visit === undefined ? undefined : ownerOfVisit.get(visit);
      return owner === undefined ? request : { ...request, path: `${before}${owner}${after}` };
    },
    response: (response, request) => {
      const owner = /\/owners\/(\d+)\/visits$/.exec(request.path)?.[1];
      if (request.method === 'POST' && owner !== undefined && response.status === 201)
        ownerOfVisit.set(String((JSON.parse(response.body) as { id: number }).id), owner);
      return response;
    },
  };
}

describe('contract --contract: the suite follows a draft', () => {
  const folder = useTempFolder('contract-draft');
  let draft: string;
  let mock: MockServer;
  beforeAll(async () => {
    draft = await writeFullDraft(categoryIcon, ownerIdsByClient, categoryPhotos, ownerVisitNotes, petVaccinate);
    mock = await createMockServer({ data: ':memory:', contract: draft, lintContract: false });
  });
  afterAll(async () => {
    await mock.close();
  });

  const check = (baseUrl: string, more: readonly string[] = []) =>
    runCli(['contract', '--contract', draft, '--base-url', baseUrl, '--api-key', 'demo-enterprise', ...more]);

  it('passes the mock serving the draft, checking every operation the draft adds', async () => {
    const junit = join(folder(), 'draft.xml');
    // Every check at a lesser depth than the default 50 generated cases: the same checks, a third of the time.
    const run = await check(mock.url, ['--junit', junit, '--examples', '10']);
    expect(run.stdout).toMatch(/: \d+ passed, 0 failed, \d+ skipped/);
    expect(run.code).toBe(0);
    const cases = [...(await readFile(junit, 'utf8')).matchAll(/<testcase [^>]*name="([^"]*)"/g)].map(
      ([, name]) => name ?? '',
    );
    for (const operationId of ADDED)
      expect(cases.filter((name) => name.startsWith(`${operationId}:`)).length).toBeGreaterThan(1);
    // By convention: each new resource's round trips, named by the draft's operationIds.
    expect(cases).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^createOwner: a record made reads back by getOwner/),
        expect.stringMatching(/^replaceOwner: a replacement removes the fields it leaves out/),
        expect.stringMatching(/^changeOwner: a change sets the fields it sends/),
        expect.stringMatching(/^deleteOwner: a deleted record reads as 404/),
        expect.stringMatching(/^listPetPhotos: lists the records of its own petId only/),
        expect.stringMatching(/^listOwners: city keeps exactly the items with city equal to it/),
      ]),
    );
    // Written for deleteCategory, which the draft removed: skipped, with why.
    expect(run.stdout).toMatch(
      /createCategory: a name freed by a delete.*\(it needs deleteCategory, which the contract checked does not have\)/,
    );
    // A category's photos answer to {photoId} too, as the pets' photos do: each gets a record of its own.
    expect(cases).toContainEqual(expect.stringMatching(/^getCategoryPhoto: a valid request/));
    expect(run.stdout).not.toMatch(/getCategoryPhoto: a valid request .*\(the suite has no record/);
    expect(run.stdout).toMatch(
      /could not remove \d+ of the things it made .*the contract has no operation that deletes them/,
    );
  }, 300_000);

  it('passes a mock of owners drawn another way: ids a client must send, patterns (of any script, without the u flag, hostile to V8), a null, changes answering 204', async () => {
    const chosenIds = await writeDraft(
      owners,
      ownerIdsByClient,
      ownerIdsRequired,
      ownerCodes,
      ownerPatternsOfRealDocuments,
      ownerCityNullable,
      ownerChangesAnswerNoContent,
    );
    const served = await createMockServer({ data: ':memory:', contract: chosenIds, lintContract: false });
    try {
      const run = await runCli([
        ...['contract', '--contract', chosenIds, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--examples', '10', '--operations', OWNER_OPERATIONS],
      ]);
      expect(run.stdout).toMatch(/: \d+ passed, 0 failed, 0 skipped/);
      expect(run.code).toBe(0);
    } finally {
      await served.close();
    }
  }, 120_000);

  it('passes a mock of a draft narrowing the pet’s name, and requiring a time, a duration and a JSON pointer', async () => {
    const narrowed = await writeDraft(petNameNarrowed);
    const served = await createMockServer({ data: ':memory:', contract: narrowed, lintContract: false });
    try {
      const run = await runCli([
        ...['contract', '--contract', narrowed, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--examples', '3', '--operations', 'createPet,getPet,listPets'],
      ]);
      expect(run.stdout).toMatch(/: \d+ passed, 0 failed, 0 skipped/);
      expect(run.code).toBe(0);
    } finally {
      await served.close();
    }
  }, 120_000);

  it('passes a mock of a draft whose numbers go in steps doubles cannot divide by (1e-7 from 0.1, cents, quarters from 0.1)', async () => {
    const stepped = await writeDraft(petNumbersInSteps);
    const served = await createMockServer({ data: ':memory:', contract: stepped, lintContract: false });
    try {
      const run = await runCli([
        ...['contract', '--contract', stepped, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--examples', '10', '--operations', 'createPet,getPet,listPets'],
      ]);
      expect(run.stdout).toMatch(/: [1-9]\d* passed, 0 failed, 0 skipped/);
      expect(run.code).toBe(0);
    } finally {
      await served.close();
    }
  }, 120_000);

  it('skips the checks that read listPets as a list where a draft answers it with an object', async () => {
    const reshaped = await writeDraft(petsListedAsAnObject);
    const served = await createMockServer({ data: ':memory:', contract: reshaped, lintContract: false });
    try {
      const run = await runCli([
        ...['contract', '--contract', reshaped, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--examples', '3', '--operations', 'createPet,listPets', '--checks', 'conformance,meaning,rules'],
      ]);
      expect(run.stdout).toMatch(/: [1-9]\d* passed, 0 failed, [1-9]\d* skipped/);
      expect(run.stdout).toMatch(
        /listPets as the built-in contract has it, which the contract checked reshapes: its 200 answer is an object, not an array/,
      );
      expect(run.code).toBe(0);
    } finally {
      await served.close();
    }
  }, 120_000);

  it('passes a mock of a draft whose pets are made of a JSON type of its own beside any type: bodies sent as that type, no 415 asked', async () => {
    const vendor = await writeDraft(petBodyOfVendorType);
    const served = await createMockServer({ data: ':memory:', contract: vendor, lintContract: false });
    try {
      const run = await runCli([
        ...['contract', '--contract', vendor, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--examples', '3', '--operations', 'createPet,updatePet', '--junit', join(folder(), 'vendor.xml')],
      ]);
      expect(run.stdout).toMatch(/: [1-9]\d* passed, 0 failed, 1 skipped/);
      expect(run.stdout).toMatch(
        /createPet: a body that is not application\/vnd\.pet\+json gets 415 \(createPet takes a body of every media type/,
      );
      // A body breaking NewPet, sent as the type that holds it, is refused.
      expect(await readFile(join(folder(), 'vendor.xml'), 'utf8')).toMatch(
        /name="createPet: a request with body name of the wrong type \(a number\) gets 400 with the Error object"[^>]*\/>/,
      );
      expect(run.code).toBe(0);
    } finally {
      await served.close();
    }
  }, 120_000);

  it('passes a mock of a draft narrowing a category’s name in its answers only: its set-up names fit them', async () => {
    const narrowed = await writeDraft(categoryNameNarrowedInAnswers);
    const served = await createMockServer({ data: ':memory:', contract: narrowed, lintContract: false });
    try {
      const run = await runCli([
        ...['contract', '--contract', narrowed, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        // A seed of its own: a pattern that leaves 48 names lets a drawn update's name meet one the
        // run made before under some seeds (a 409), which the suite does not yet tell from a fault.
        ...['--examples', '3', '--operations', 'getCategory,getPet', '--seed', '20261205'],
      ]);
      expect(run.stdout).toMatch(/: [1-9]\d* passed, 0 failed/);
      expect(run.code).toBe(0);
    } finally {
      await served.close();
    }
  }, 120_000);

  it('passes a mock of a draft narrowing a category’s name in its answers: bodies drawn, written and listed by names both take', async () => {
    const narrowed = await writeDraft(categoryNameNarrowedInAnswers);
    const served = await createMockServer({ data: ':memory:', contract: narrowed, lintContract: false });
    try {
      const run = await runCli([
        ...['contract', '--contract', narrowed, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--operations', 'listCategories,createCategory,updateCategory', '--examples', '3', '--seed', '20261206'],
        ...['--checks', 'conformance,negative,generated,values,lists,meaning'],
      ]);
      expect(run.stdout).toMatch(/: [1-9]\d* passed, 0 failed/);
      // The lists' checks ran, on categories the name filter cannot keep apart. (Another check may
      // still be skipped for want of a name: the mock's own categories hold some of the 48.)
      const line = /^\s*listCategories: (.*)$/m.exec(run.stdout)?.[1];
      if (line === undefined)
        expect(run.stdout).toMatch(/Every check passed, none skipped, on \d+: [^\n]*listCategories/);
      else {
        const [ran = '', skipped = ''] = line.split('; skipped ');
        expect(ran).toMatch(/lists ✓\d+.*meaning ✓\d+/);
        expect(skipped).not.toMatch(/lists|meaning/);
      }
      expect(run.code).toBe(0);
    } finally {
      await served.close();
    }
  }, 120_000);

  it('skips the rules about the very names they write where a draft’s answers refuse those names', async () => {
    const narrowed = await writeDraft(categoryNameNarrowedInAnswers);
    const served = await createMockServer({ data: ':memory:', contract: narrowed, lintContract: false });
    try {
      const run = await runCli([
        ...['contract', '--contract', narrowed, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--operations', 'createCategory,deleteCategory', '--checks', 'rules,concurrency'],
      ]);
      expect(run.stdout).toMatch(/: [1-9]\d* passed, 0 failed, 3 skipped/);
      for (const rule of ['names are unique without case', 'a name freed by a delete', 'creates of one name'])
        expect(run.stdout).toMatch(
          new RegExp(`createCategory: [^\n]*${rule}[^\n]*\\(the contract's schemas refuse the name it writes`),
        );
      expect(run.code).toBe(0);
    } finally {
      await served.close();
    }
  }, 120_000);

  it('passes a mock of records named by text: owners by UUIDs, breeds by a code the client chooses', async () => {
    const named = await writeDraft(owners, ownerUuids, breeds);
    const served = await createMockServer({ data: ':memory:', contract: named, lintContract: false });
    try {
      const run = await runCli([
        ...['contract', '--contract', named, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--examples', '10', '--operations', `${OWNER_OPERATIONS},listBreeds,createBreed,getBreed,deleteBreed`],
      ]);
      expect(run.stdout).toMatch(/: \d+ passed, 0 failed, 0 skipped/);
      expect(run.code).toBe(0);
    } finally {
      await served.close();
    }
  }, 120_000);

  it('passes a mock of owners listed a page at a time by number, in an envelope; catches pages counted from 0, and one page too many', async () => {
    const paged = await writeDraft(owners, ownersPagedByNumber);
    const served = await createMockServer({ data: ':memory:', contract: paged, lintContract: false });
    // Pages counted from 0 where the contract counts them from 1: page=1 answers the second page.
    const fromZero = await startBrokenProxy(new URL(served.url).origin, {
      request: (request) => ({
        ...request,
        path: request.path.replace(
          /([?&]page=)(\d+)/,
          (_all, name: string, page: string) => `${name}${Number(page) + 1}`,
        ),
      }),
    });
    const suite = (baseUrl: string, ...more: string[]) =>
      runCli(['contract', '--contract', paged, '--base-url', baseUrl, '--api-key', 'demo-enterprise', ...more]);
    try {
      const junit = join(folder(), 'paged.xml');
      const run = await suite(served.url, '--examples', '10', '--operations', OWNER_OPERATIONS, '--junit', junit);
      expect(run.stdout).toMatch(/: \d+ passed, 0 failed, 0 skipped/);
      expect(run.code).toBe(0);
      expect(await readFile(junit, 'utf8')).toContain(
        'listOwners: page (the first is 1) and size give consecutive pages of the list, the last one ending it',
      );
      const offByOne = await startBrokenProxy(new URL(served.url).origin, {
        // The number of pages as floor(total / size) + 1: one too many when the pages come out even.
        response: (response, request) =>
          request.path.startsWith('/v1/owners?')
            ? rewriteJson(response, (body) => {
                const page = body as { totalElements: number; size: number };
                return { ...page, totalPages: Math.floor(page.totalElements / page.size) + 1 };
              })
            : response,
      });
      const pagesCounted = await suite(`${offByOne.origin}/v1`, '--operations', 'listOwners', '--checks', 'lists');
      await offByOne.close();
      expect(pagesCounted.stdout).toMatch(/totalPages is \d+, \d+ records in pages of 2: \d+/);
      expect(pagesCounted.code).toBe(1);
      const broken = await suite(`${fromZero.origin}/v1`, '--operations', 'listOwners', '--checks', 'lists');
      expect(broken.stdout).toMatch(
        /listOwners: page \(the first is 1\) and size give consecutive pages[^\n]*\n[^\n]*page=1&size=2 is not records 1 to 2/,
      );
      expect(broken.code).toBe(1);
    } finally {
      await fromZero.close();
      await served.close();
    }
  }, 120_000);

  const broken: Array<[string, string[], Breakage, RegExp]> = [
    [
      'a create that drops a field it was sent',
      ['--operations', 'createOwner,getOwner', '--checks', 'stateful'],
      {
        response: (response, request) =>
          request.method === 'POST' && request.path.endsWith('/owners')
            ? rewriteJson(response, (body) => ({ ...(body as object), city: undefined }))
            : response,
      },
      /createOwner: a record made reads back by getOwner[^\n]*\n[^\n]*city is missing/,
    ],
    [
      'a delete that answers 204 and deletes nothing',
      ['--operations', 'deleteOwner', '--checks', 'stateful'],
      {
        // Read instead of deleted, answered as a delete: the limit's headers stay the mock's.
        request: (request) =>
          request.method === 'DELETE' && /\/owners\/\d+$/.test(request.path)
            ? { ...request, method: 'GET', headers: { ...request.headers, 'x-deleted-nothing': '1' } }
            : request,
        response: (response, request) => {
          if (request.headers['x-deleted-nothing'] !== '1' || response.status !== 200) return response;
          const { 'content-type': _type, ...headers } = response.headers;
          return { status: 204, headers, body: '' };
        },
      },
      /deleteOwner: a deleted record reads as 404[^\n]*\n[^\n]*status 200, expected 404/,
    ],
    [
      "one pet's photos listed under every pet",
      ['--operations', 'listPetPhotos', '--checks', 'stateful'],
      photosOfEveryPet(),
      /listPetPhotos: lists the records of its own petId only[^\n]*\n[^\n]*it is listed under petId/,
    ],
    [
      "a visit's notes listed under any owner",
      ['--operations', 'listNotes', '--checks', 'stateful'],
      notesUnderAnyOwner(),
      /listNotes: lists the records of its own visitId only[^\n]*not of its ownerId[^\n]*\n[^\n]*status 200, expected 404/,
    ],
  ];

  it.each(broken)(
    'catches %s',
    async (_what, selection, breakage, caught) => {
      const proxy = await startBrokenProxy(new URL(mock.url).origin, breakage);
      try {
        const run = await check(`${proxy.origin}/v1`, selection);
        expect(run.stdout).toMatch(caught);
        expect(run.code).toBe(1);
      } finally {
        await proxy.close();
      }
    },
    120_000,
  );
});
