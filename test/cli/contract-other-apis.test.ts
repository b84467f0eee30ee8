// contract against the mock serving two whole documents of other APIs (Redocly's museum, Spring
// PetClinic): the suite makes, reads and removes its records through each document's own
// operations (UUID keys, sub-collections, a top-level /pets beside /owners/{ownerId}/pets, OpenAPI
// 3.0's draft-4 schemas, lists paged by page or not at all), never through the Pet Store's, and
// passes with fewer than one check in ten skipped. Fewer generated cases (--examples) keep it cheap.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { createMockServer } from '../../src/server.js';
import { runCli } from '../support/cli.js';
import { realRequestShapes } from '../support/real-request-shapes.js';
import { useTempFolder } from '../support/temp-folder.js';

const documentOf = (path: string) => fileURLToPath(new URL(`../real-contracts/documents/${path}`, import.meta.url));

/** The JUnit cases of a run, by outcome. */
function casesOf(junit: string): { passed: string[]; skipped: string[]; failed: string[] } {
  const cases = [...junit.matchAll(/<testcase [^>]*name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)].map(
    (match) => ({
      name: (match[1] ?? '')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
      body: match[3] ?? '',
    }),
  );
  return {
    passed: cases.filter(({ body }) => !/<(failure|skipped|error)/.test(body)).map(({ name }) => name),
    skipped: cases.filter(({ body }) => /<skipped/.test(body)).map(({ name }) => name),
    failed: cases.filter(({ body }) => /<(failure|error)/.test(body)).map(({ name }) => name),
  };
}

/**
 * What generated documents of real APIs write that a hand-written one seldom does: operations
 * without an operationId, `nullable` without a type, a header declared on one answer only (and a
 * Content-Type declared as a header), a create that takes a form only, reads whose every path
 * names a record (Twilio's /Accounts/{AccountSid}/...), and two examples of one text id (Lob's).
 */
const generated = {
  openapi: '3.0.3',
  info: { title: 'Generated', version: '1' },
  paths: {
    '/accounts/{accountSid}/notes': {
      parameters: [{ name: 'accountSid', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        responses: {
          200: {
            description: 'Notes.',
            headers: {
              'X-Rate-Limit': { schema: { type: 'integer' } },
              'Content-Type': { schema: { type: 'string' } },
            },
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Note' } } },
            },
          },
        },
      },
    },
    '/tags': {
      get: {
        responses: {
          200: {
            description: 'Tags.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    tag: { $ref: '#/components/schemas/Tag' },
                    label: { $ref: '#/components/schemas/Label' },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/notes': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
            },
          },
        },
        responses: {
          201: {
            description: 'Made.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      // Two examples of one text id: draft 4 reads each as a schema's id, and refused the document.
      Tag: { type: 'object', properties: { id: { type: 'string' } }, example: { id: 'same' } },
      Label: { type: 'object', properties: { id: { type: 'string' } }, example: { id: 'same' } },
      Note: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer' },
          text: { type: 'string' },
          tag: { nullable: true, description: 'Any tag.' },
        },
      },
    },
  },
};

describe('contract against whole documents of other APIs', () => {
  const folder = useTempFolder('other-apis');

  /** The suite against the mock serving `file`, with few generated cases: it must pass, and exit 0. */
  async function suitePassing(file: string, name: string) {
    const served = await createMockServer({ data: ':memory:', contract: file, lintContract: false });
    try {
      const junit = join(folder(), `${name}.xml`);
      const run = await runCli([
        ...['contract', '--contract', file, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--examples', '5', '--junit', junit],
      ]);
      const cases = casesOf(await readFile(junit, 'utf8'));
      expect(cases.failed).toEqual([]);
      expect(run.code).toBe(0);
      return { stdout: run.stdout, ...cases };
    } finally {
      await served.close();
    }
  }

  it.each([
    {
      name: 'museum',
      file: documentOf('museum/openapi.yaml'),
      // A UUID-keyed record made by its own create, changed by PATCH, deleted; tickets bought.
      madeThroughItsOwn: [
        'createSpecialEvent: a record made reads back by getSpecialEvent, with the defaults of what was left out and an id of its own',
        'updateSpecialEvent: a change sets the fields it sends, keeps the others, and reads back',
        'deleteSpecialEvent: a deleted record reads as 404, and a second delete is 404',
        'buyMuseumTickets: a valid request (POST /tickets)',
      ],
    },
    {
      name: 'spring-petclinic',
      file: documentOf('spring-petclinic/openapi.yml'),
      // Owners, their pets (deleted at the top-level /pets/{petId}) and visits, vets with specialties.
      madeThroughItsOwn: [
        'addOwner: a record made reads back by getOwner, with the defaults of what was left out and an id of its own',
        'deletePet: a deleted record reads as 404, and a second delete is 404',
        'addVet: a record made reads back by getVet, with the defaults of what was left out and an id of its own',
        'getVisit: a valid request (GET /visits/{visitId})',
      ],
    },
  ])(
    'passes the mock serving $name, its data made through its own operations',
    async ({ name, file, madeThroughItsOwn }) => {
      const { stdout, passed, skipped } = await suitePassing(file, name);
      expect(passed.length).toBeGreaterThan(100);
      expect(skipped.length).toBeLessThan((passed.length + skipped.length) / 10);
      expect(passed).toEqual(expect.arrayContaining(madeThroughItsOwn));
      expect(stdout).not.toMatch(/makes its data with POST \/categories/);
    },
    240_000,
  );

  it('passes the mock serving a generated document, skipping what it cannot write, with why', async () => {
    const file = join(folder(), 'generated.json');
    await writeFile(file, JSON.stringify(generated));
    const { stdout, passed, skipped } = await suitePassing(file, 'generated');
    expect(stdout).not.toMatch(/setting up the checks/);
    expect(passed).toContain('GET /tags: a valid request (GET /tags)');
    // Named as the mock names them, by method and path.
    expect(passed).toContain(
      'GET /accounts/{accountSid}/notes: a method /accounts/{accountSid}/notes does not take gets 405 with Allow naming those it does',
    );
    expect(skipped.join('\n')).toMatch(
      /takes its body as application\/x-www-form-urlencoded, which the suite does not write/,
    );
  }, 240_000);

  it('passes the mock serving what real APIs ask of a request: keys in bodies, required queries, writeOnly fields', async () => {
    const file = join(folder(), 'request-shapes.json');
    await writeFile(file, JSON.stringify(realRequestShapes));
    const { passed, skipped } = await suitePassing(file, 'request-shapes');
    expect(passed).toEqual(
      expect.arrayContaining([
        // The suite's own gadget named in the body; required query parameters sent.
        'updateGadget: a valid request (PUT /gadgets)',
        'findTrips: a valid request (GET /trips)',
        'removeLikes: a valid request (DELETE /likes)',
        // A delete of some of a list's items leaves the list: it is not read back as 404.
        'removeLikes: requests generated valid from its schemas get a declared success that keeps what was sent',
        'checkLikes: requests generated valid from its schemas get a declared success that keeps what was sent',
        'makePayment: a field the schema does not have is ignored, never stored',
        'updateGadgetWithQuery: requests generated valid from its schemas get a declared success that keeps what was sent',
        'findGadgetsByTags: requests generated valid from its schemas get a declared success that keeps what was sent',
      ]),
    );
    expect(skipped.join('\n')).toMatch(
      /findGadgetsByTags: limit left out is its default \(its limit declares no default/,
    );
    expect(skipped.join('\n')).toMatch(/placeOrder: a placed order reads back.*checks the Pet Store's own behaviour/);
  }, 240_000);
});
