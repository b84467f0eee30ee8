// contract against the mock serving whole documents of other APIs (Redocly's museum, Spring
// PetClinic, RealWorld's Conduit): the suite makes, reads and removes its records through each
// document's own operations (UUID keys, sub-collections, a top-level /pets beside
// /owners/{ownerId}/pets, OpenAPI 3.0's draft-4 schemas, lists paged by page or not at all,
// single-key envelopes, a singleton's change read back), never through the Pet Store's, and
// passes with fewer than one check in ten skipped; every report names each of the document's
// operations with its kinds of check. Fewer generated cases (--examples) keep it cheap.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startBrokenProxy } from '../../contract-tests/proof/broken-proxy.js';
import { HTTP_METHODS, type HttpMethod, operationName } from '../../src/openapi/load-contract.js';
import { createMockServer } from '../../src/server/server.js';
import { ACCOUNTS_DOCUMENT } from '../support/accounts-document.js';
import { BILLING_DOCUMENT } from '../support/billing-document.js';
import { runCli } from '../support/cli.js';
import { junitCases } from '../support/junit-cases.js';
import { BOARDS_DOCUMENT, MONITORING_DOCUMENT } from '../support/monitoring-document.js';
import { NEWSLETTERS_DOCUMENT } from '../support/newsletters-document.js';
import { NO_SUCCESS_DOCUMENT } from '../support/no-success-document.js';
import { PLATFORMS_DOCUMENT } from '../support/platforms-document.js';
import { realRequestShapes } from '../support/real-request-shapes.js';
import { REGISTRY_DOCUMENT } from '../support/registry-document.js';
import { SEARCH_DOCUMENT } from '../support/search-document.js';
import { TASKS_DOCUMENT } from '../support/tasks-document.js';
import { useTempFolder } from '../support/temp-folder.js';

const documentOf = (path: string) => fileURLToPath(new URL(`../real-contracts/documents/${path}`, import.meta.url));

/** The names the suite gives the operations of a document: operationIds, or "GET /path" where there is none. */
function operationNamesOf(document: { paths: Record<string, Partial<Record<HttpMethod, object>>> }): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      if (operation === undefined) return [];
      return [operationName(method, path, 'operationId' in operation ? operation.operationId : undefined)];
    }),
  );
}

/** The console's line on `operation`: the kinds that ran, and each kind skipped with its numbered reason. */
function consoleLineOf(stdout: string, operation: string) {
  const lines = stdout.split('\n');
  const line = lines.find((candidate) => candidate.startsWith(`  ${operation}: `));
  if (line === undefined) return undefined;
  const [ran = '', skips = ''] = line.slice(operation.length + 4).split('; skipped ');
  const reasonOf = (number: string) =>
    lines.find((candidate) => candidate.startsWith(`  [${number}] `))?.slice(number.length + 5);
  return {
    ran,
    skipped: [...skips.matchAll(/([\w-]+) \d+ \[(\d+)\]/g)].map(([, kind, number]) => ({
      kind,
      reason: reasonOf(number ?? ''),
    })),
  };
}

/** Each operation of the document in the JUnit XML and the HTML page, with the kinds of check run on it. */
function expectEveryOperationReported(names: readonly string[], junit: string, html: string) {
  const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const suites = junit.split('<testsuite ').slice(1);
  for (const name of names) {
    const suite = suites.find((candidate) => candidate.startsWith(`name="${attribute(name)}"`)) ?? '';
    expect({ name, kinds: suite.includes('<property name="kind.conformance" value="') }).toEqual({ name, kinds: true });
    const table = html.includes(`<details class="operation" data-operation="${attribute(name)}"`);
    expect({ name, table }).toEqual({ name, table: true });
  }
}

const call = {
  type: 'object',
  required: ['callId', 'to'],
  properties: { callId: { type: 'string', readOnly: true }, to: { type: 'string' } },
};
const accountSid = { name: 'accountSid', in: 'path', required: true, schema: { type: 'string' } };
/** Calls under an account that no operation makes or lists (Twilio's /Accounts/{AccountSid}/Calls). */
const underAnAccount = {
  openapi: '3.0.3',
  info: { title: 'Calls', version: '1' },
  paths: {
    '/accounts/{accountSid}/calls': {
      parameters: [accountSid],
      get: {
        operationId: 'listCalls',
        responses: {
          200: { description: 'Calls.', content: { 'application/json': { schema: { type: 'array', items: call } } } },
        },
      },
      post: {
        operationId: 'createCall',
        requestBody: { required: true, content: { 'application/json': { schema: call } } },
        responses: { 201: { description: 'Made.', content: { 'application/json': { schema: call } } } },
      },
    },
    '/accounts/{accountSid}/calls/{callId}': {
      parameters: [accountSid, { name: 'callId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getCall',
        responses: {
          200: { description: 'A call.', content: { 'application/json': { schema: call } } },
          404: { description: 'None.' },
        },
      },
      delete: {
        operationId: 'deleteCall',
        responses: { 204: { description: 'Gone.' }, 404: { description: 'None.' } },
      },
    },
  },
};

/**
 * Playlists made for the caller at /me/playlists or for a user at /users/{userId}/playlists (no
 * operation makes users), read and replaced at /playlists/{playlistId}, and an action on one that
 * answers the server's snapshot_id (Spotify's).
 */
const playlist = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, note: { type: 'string' } },
};
const onePlaylist = { description: 'One.', content: { 'application/json': { schema: playlist } } };
const playlistBody = { required: true, content: { 'application/json': { schema: playlist } } };
const playlistId = { name: 'playlistId', in: 'path', required: true, schema: { type: 'string' } };
const callersPlaylists = {
  openapi: '3.0.3',
  info: { title: 'Playlists', version: '1' },
  paths: {
    '/me/playlists': {
      post: { operationId: 'createMyPlaylist', requestBody: playlistBody, responses: { 201: onePlaylist } },
    },
    '/users/{userId}/playlists': {
      parameters: [{ name: 'userId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'listUsersPlaylists',
        responses: {
          200: { description: 'All.', content: { 'application/json': { schema: { type: 'array', items: playlist } } } },
        },
      },
      post: { operationId: 'createUsersPlaylist', requestBody: playlistBody, responses: { 201: onePlaylist } },
    },
    '/playlists/{playlistId}': {
      parameters: [playlistId],
      get: { operationId: 'getPlaylist', responses: { 200: onePlaylist, 404: { description: 'None.' } } },
      put: {
        operationId: 'replacePlaylist',
        requestBody: playlistBody,
        responses: { 200: onePlaylist, 404: { description: 'None.' } },
      },
    },
    '/playlists/{playlistId}/tracks': {
      parameters: [playlistId],
      put: {
        operationId: 'reorderTracks',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { range_start: { type: 'integer' }, snapshot_id: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          200: {
            description: 'The snapshot.',
            content: {
              'application/json': { schema: { type: 'object', properties: { snapshot_id: { type: 'string' } } } },
            },
          },
        },
      },
    },
  },
};

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
/** A resource at `/{plural}` whose records are named by {id}, as every other resource's are (Radarr's). */
function resourceById(plural: string, title: string) {
  const record = {
    type: 'object',
    required: ['id', title],
    properties: { id: { type: 'integer', readOnly: true }, [title]: { type: 'string' }, note: { type: 'string' } },
  };
  const one = { description: 'One.', content: { 'application/json': { schema: record } } };
  const none = { description: 'None.' };
  const body = { required: true, content: { 'application/json': { schema: record } } };
  return {
    [`/${plural}`]: {
      get: {
        operationId: `list_${plural}`,
        responses: {
          200: { description: 'All.', content: { 'application/json': { schema: { type: 'array', items: record } } } },
        },
      },
      post: { operationId: `create_${plural}`, requestBody: body, responses: { 201: one } },
    },
    [`/${plural}/{id}`]: {
      parameters: [idParameter],
      get: { operationId: `get_${plural}`, responses: { 200: one, 404: none } },
      put: { operationId: `replace_${plural}`, requestBody: body, responses: { 200: one, 404: none } },
      delete: { operationId: `delete_${plural}`, responses: { 204: { description: 'Gone.' }, 404: none } },
    },
  };
}
/** Two resources whose records are both named {id}: each is made, read, replaced and deleted as its own. */
const twoResourcesById = {
  openapi: '3.0.3',
  info: { title: 'Films and notices', version: '1' },
  paths: { ...resourceById('films', 'title'), ...resourceById('notices', 'text') },
};

/** A box in the envelope each answer of it has. */
const boxAnswer = {
  type: 'object',
  additionalProperties: false,
  properties: { box: { $ref: '#/components/schemas/Box' } },
};

const upload = {
  type: 'object',
  required: ['id', 'purpose'],
  properties: { id: { type: 'string' }, purpose: { type: 'string' } },
};

/** A schema's record in a {"data": ...} envelope, as Asana sends and answers its records. */
const inData = (name: string, required = false) => ({
  type: 'object',
  ...(required ? { required: ['data'] } : {}),
  properties: { data: { $ref: `#/components/schemas/${name}` } },
});

const droplet = {
  type: 'object',
  required: ['droplet'],
  properties: { droplet: { $ref: '#/components/schemas/Droplet' } },
};

/**
 * What generated documents of real APIs write that a hand-written one seldom does: operations
 * without an operationId, `nullable` without a type, a header declared on one answer only (and a
 * Content-Type declared as a header), a create that takes a form only, an upload that takes
 * multipart only, reads whose every path
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
        // Required of every request (Asana's ?parent=, Discourse's Api-Username): the suite sends them.
        parameters: [
          { name: 'within', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'Api-Username', in: 'header', required: true, schema: { type: 'string' } },
        ],
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
    // Two resources whose reads both name their record {id} (Discourse's /posts/{id}.json and
    // /tag_groups/{id}.json): the suite's shelves name no book, and no operation makes one. A shelf's
    // owner is sent as a key and answered as an object (Asana's project owner): the server's.
    '/shelves': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string' }, owner: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          201: {
            description: 'Made.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Shelf' } } },
          },
        },
      },
    },
    '/shelves/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        responses: {
          200: {
            description: 'A shelf.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Shelf' } } },
          },
        },
      },
    },
    '/books/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        responses: {
          200: {
            description: 'A book.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } } },
              },
            },
          },
        },
      },
      put: {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { title: { type: 'string' } } } } },
        },
        responses: {
          200: {
            description: 'The book.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
    // A create whose body takes a field its closed answer has no room for (Discourse's
    // parent_category_id of a category), each answer in an envelope ({"box": {...}}).
    '/boxes': {
      get: {
        responses: {
          200: {
            description: 'Boxes.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { boxes: { type: 'array', items: { $ref: '#/components/schemas/Box' } } },
                },
              },
            },
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name', 'parent_id'],
                properties: { name: { type: 'string' }, parent_id: { type: 'integer' } },
              },
            },
          },
        },
        responses: { 200: { description: 'Made.', content: { 'application/json': { schema: boxAnswer } } } },
      },
    },
    '/boxes/{boxId}': {
      parameters: [{ name: 'boxId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { 200: { description: 'A box.', content: { 'application/json': { schema: boxAnswer } } } } },
    },
    // Records sent and answered in a {"data": ...} envelope, the replacement's optional (Asana's).
    '/projects': {
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: inData('ProjectRequest', true) } } },
        responses: { 201: { description: 'Made.', content: { 'application/json': { schema: inData('Project') } } } },
      },
    },
    '/projects/{project_gid}': {
      parameters: [{ name: 'project_gid', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        responses: {
          200: { description: 'A project.', content: { 'application/json': { schema: inData('Project') } } },
          404: { description: 'None.' },
        },
      },
      put: {
        requestBody: { required: true, content: { 'application/json': { schema: inData('ProjectRequest') } } },
        responses: { 200: { description: 'Changed.', content: { 'application/json': { schema: inData('Project') } } } },
      },
    },
    // A body that is one of two object branches with no properties of its own (DigitalOcean's
    // droplet: one name or many), its image sent as an id or a slug and answered as an object.
    '/droplets': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                oneOf: [{ $ref: '#/components/schemas/OneDroplet' }, { $ref: '#/components/schemas/ManyDroplets' }],
              },
            },
          },
        },
        responses: { 202: { description: 'Accepted.', content: { 'application/json': { schema: droplet } } } },
      },
    },
    '/droplets/{droplet_id}': {
      parameters: [{ name: 'droplet_id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        responses: {
          200: { description: 'A droplet.', content: { 'application/json': { schema: droplet } } },
          404: { description: 'None.' },
        },
      },
      delete: { responses: { 204: { description: 'Gone.' }, 404: { description: 'None.' } } },
    },
    '/notes': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['text', 'count'],
                properties: { text: { type: 'string' }, count: { type: 'integer', minimum: 1 } },
              },
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
    '/uploads': {
      post: {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file', 'purpose'],
                properties: { file: { type: 'string', format: 'binary' }, purpose: { type: 'string' } },
              },
            },
          },
        },
        responses: { 200: { description: 'Stored.', content: { 'application/json': { schema: upload } } } },
      },
    },
    // Read back as a record: what was sent, but for the file's bytes, which no answer echoes.
    '/uploads/{upload_id}': {
      parameters: [{ name: 'upload_id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        responses: {
          200: { description: 'An upload.', content: { 'application/json': { schema: upload } } },
          404: { description: 'None.' },
        },
      },
    },
  },
  components: {
    schemas: {
      // Two examples of one text id: draft 4 reads each as a schema's id, and refused the document.
      Tag: { type: 'object', properties: { id: { type: 'string' } }, example: { id: 'same' } },
      Label: { type: 'object', properties: { id: { type: 'string' } }, example: { id: 'same' } },
      Shelf: {
        type: 'object',
        required: ['name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
          owner: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
        },
      },
      Box: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name'],
        properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
      },
      // Followers sent, but readOnly in every answer: the server's, which a replacement keeps.
      ProjectRequest: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          notes: { type: 'string' },
          followers: { type: 'array', items: { type: 'string' } },
        },
      },
      Project: {
        type: 'object',
        properties: {
          gid: { type: 'string', readOnly: true },
          name: { type: 'string' },
          notes: { type: 'string' },
          followers: { type: 'array', readOnly: true, items: { type: 'string' } },
        },
      },
      DropletCreate: {
        type: 'object',
        required: ['size'],
        properties: {
          size: { type: 'string' },
          backups: { type: 'boolean', default: false },
          image: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        },
      },
      OneDroplet: {
        allOf: [
          { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          { $ref: '#/components/schemas/DropletCreate' },
        ],
      },
      ManyDroplets: {
        allOf: [
          {
            type: 'object',
            required: ['names'],
            properties: { names: { type: 'array', minItems: 1, items: { type: 'string' } } },
          },
          { $ref: '#/components/schemas/DropletCreate' },
        ],
      },
      Droplet: {
        type: 'object',
        required: ['id', 'name', 'size'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
          size: { type: 'string' },
          backups: { type: 'boolean' },
          image: { type: 'object', properties: { id: { type: 'integer' }, slug: { type: 'string' } } },
        },
      },
      Note: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer' },
          text: { type: 'string' },
          count: { type: 'integer' },
          tag: { nullable: true, description: 'Any tag.' },
        },
      },
    },
  },
};

const note = {
  type: 'object',
  required: ['id', 'text'],
  properties: { id: { type: 'string', readOnly: true }, text: { type: 'string' } },
};
const notesAnswer = {
  description: 'Notes.',
  content: { 'application/json': { schema: { type: 'array', items: note } } },
};
/** Required headers whose examples hold a line break, which no header value may: one with another value, one without. */
/** A required JSON request body of `schema`. */
const jsonBody = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });

const brokenHeaderExamples = {
  openapi: '3.0.3',
  info: { title: 'Notes', version: '1' },
  paths: {
    '/notes': {
      get: {
        operationId: 'listNotes',
        parameters: [{ name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' }, example: 'a\r\nb' }],
        responses: { 200: notesAnswer },
      },
    },
    '/drafts': {
      get: {
        operationId: 'listDrafts',
        parameters: [{ name: 'X-Mode', in: 'header', required: true, schema: { type: 'string', enum: ['a\r\nb'] } }],
        responses: { 200: notesAnswer },
      },
    },
    // ReadMe's oas-examples: a oneOf of open objects, each body both; a note whose optional
    // event is a oneOf of two alike branches, which no value meets alone.
    '/shapes': {
      post: {
        operationId: 'addShape',
        requestBody: jsonBody({
          oneOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { type: 'object', properties: { c: { type: 'string' } } },
          ],
        }),
        responses: { 204: { description: 'Kept' } },
      },
    },
    '/events': {
      post: {
        operationId: 'addEvent',
        requestBody: jsonBody({
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string' },
            event: { type: 'string', oneOf: [{ description: 'one' }, { description: 'two' }] },
          },
        }),
        responses: { 204: { description: 'Kept' } },
      },
    },
    '/ranges': {
      get: {
        operationId: 'listRanges',
        parameters: [
          { name: 'size', in: 'query', required: true, schema: { type: 'string', minLength: 5, maxLength: 3 } },
        ],
        responses: { 200: notesAnswer },
      },
    },
    // ReadMe's oas-examples: a body that must be a text and an integer at once.
    '/quirks': {
      put: {
        operationId: 'putQuirk',
        requestBody: jsonBody({ allOf: [{ type: 'string' }, { type: 'integer' }] }),
        responses: { 204: { description: 'Kept' } },
      },
    },
  },
};

describe('contract against whole documents of other APIs', () => {
  const folder = useTempFolder('other-apis');

  /** The suite against the mock serving `file`, with few generated cases: it must pass, and exit 0. */
  async function suitePassing(file: string, name: string, options: readonly string[] = []) {
    const served = await createMockServer({ data: ':memory:', contract: file, lintContract: false });
    try {
      const files = { junit: join(folder(), `${name}.xml`), html: join(folder(), `${name}.html`) };
      const run = await runCli([
        ...['contract', '--contract', file, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--examples', '5', '--junit', files.junit, '--html', files.html],
        ...options,
      ]);
      const junit = await readFile(files.junit, 'utf8');
      const cases = junitCases(junit);
      expect(cases.failed).toEqual([]);
      expect(run.code).toBe(0);
      return { stdout: run.stdout, stderr: run.stderr, junit, html: await readFile(files.html, 'utf8'), ...cases };
    } finally {
      await served.close();
    }
  }

  /** The suite against the mock serving `document`, written to a file of `name`. */
  async function suiteOnDocument(name: string, document: object, options: readonly string[] = []) {
    const file = join(folder(), `${name}.json`);
    await writeFile(file, JSON.stringify(document));
    return suitePassing(file, name, options);
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
      // An image it cannot make a record of: its valid request cannot be sent.
      skippedOn: {
        operation: 'getTicketCode',
        ran: /^negative ✓\d+$/,
        kind: 'conformance',
        reason: /^the suite has no record for \{ticketId\} of \/tickets\/\{ticketId\}\/qr to read/,
      },
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
      // A list paged otherwise than the lists check reads: the reason reads "it", once for every such list.
      skippedOn: {
        operation: 'listOwners',
        ran: /^conformance ✓1, negative ✓\d+, generated ✓\d+/,
        kind: 'lists',
        reason: /^it names its pages otherwise, not by limit and offset/,
      },
    },
    {
      name: 'realworld-conduit',
      file: documentOf('realworld-conduit/api/openapi.yml'),
      // The current user, a singleton: what PUT /user changed is what GET /user reads.
      madeThroughItsOwn: [
        'UpdateCurrentUser: requests generated valid from its schemas get a declared success that keeps what was sent',
        'GetCurrentUser: a valid request (GET /user)',
      ],
    },
  ])(
    'passes the mock serving $name, its data made through its own operations',
    async ({ name, file, madeThroughItsOwn, skippedOn }) => {
      const { stdout, junit, html, passed, skipped } = await suitePassing(file, name);
      expect(passed.length).toBeGreaterThan(100);
      expect(skipped.length).toBeLessThan((passed.length + skipped.length) / 10);
      expect(passed).toEqual(expect.arrayContaining(madeThroughItsOwn));
      expect(stdout).not.toMatch(/makes its data with POST \/categories/);
      // Every operation of the document in each report, with the kinds that ran and those skipped, with why.
      const names = operationNamesOf(parse(await readFile(file, 'utf8')));
      expect(stdout).toContain(`By operation: ${names.length} of the contract's ${names.length} checked`);
      if (skippedOn)
        expect(consoleLineOf(stdout, skippedOn.operation)).toEqual({
          ran: expect.stringMatching(skippedOn.ran),
          skipped: expect.arrayContaining([{ kind: skippedOn.kind, reason: expect.stringMatching(skippedOn.reason) }]),
        });
      expectEveryOperationReported(names, junit, html);
      // The key given is named by its variable only, per operation too.
      expect([stdout, junit, html].filter((report) => report.includes('demo-enterprise'))).toEqual([]);
    },
    240_000,
  );

  it('passes the mock serving a singleton two operations change, each change read back before another lands', async () => {
    const { passed } = await suiteOnDocument('accounts', ACCOUNTS_DOCUMENT);
    expect(passed).toEqual(
      expect.arrayContaining(
        ['replaceSettings', 'updateSettings'].map(
          (id) => `${id}: requests generated valid from its schemas get a declared success that keeps what was sent`,
        ),
      ),
    );
  }, 240_000);

  it('passes the mock serving a document whose answers narrow its requests and declare its records apart (Listmonk, Clerk)', async () => {
    const { passed } = await suiteOnDocument('newsletters', NEWSLETTERS_DOCUMENT);
    expect(passed).toEqual(
      expect.arrayContaining([
        // Bodies of values the answers take too: a type they list, each code once, one of the codes.
        'createCampaign: requests generated valid from its schemas get a declared success that keeps what was sent',
        'updateCommunication: requests generated valid from its schemas get a declared success that keeps what was sent',
        'createCampaign: a record made reads back by getCampaignById, with the defaults of what was left out and an id of its own',
        // A change of a value the answers take too: a type of the two they list.
        'updateCampaign: a change sets the fields it sends, keeps the others, and reads back',
      ]),
    );
  }, 240_000);

  it("passes the mock serving a document built as InfluxDB's: a oneOf no branch of which requires its tag, reads in TOML first, discriminated kinds", async () => {
    const { passed } = await suiteOnDocument('monitoring', MONITORING_DOCUMENT, [
      '--checks',
      'conformance,stateful,generated',
    ]);
    expect(passed).toEqual(
      expect.arrayContaining([
        // Arguments sent with what tells their kind: `{}` meets every branch, which the oneOf refuses.
        'createvariable: a valid request (POST /variables)',
        'createvariable: requests generated valid from its schemas get a declared success that keeps what was sent',
        'createvariable: a record made reads back by getvariable, with the defaults of what was left out and an id of its own',
        // Read back in JSON, which the read offers after TOML.
        'createtelegraf: a record made reads back by gettelegraf, with the defaults of what was left out and an id of its own',
        'createendpoint: a record made reads back by getendpoint, with the defaults of what was left out and an id of its own',
      ]),
    );
  }, 240_000);

  it("passes the mock serving a document built as Harbor's and Docker's: creates answered by a Location alone, pages by page and page_size", async () => {
    const { passed } = await suiteOnDocument('registry', REGISTRY_DOCUMENT);
    expect(passed).toEqual(
      expect.arrayContaining([
        // The label made is named by the Location of a 201 that has no body, and read back there.
        'CreateLabel: a record made reads back by GetLabelByID, with the defaults of what was left out and an id of its own',
        'DeleteLabel: a deleted record reads as 404, and a second delete is 404',
        // A secret made by a create that answers {Id} alone, its ID.
        'SecretCreate: a record made reads back by SecretInspect, with the defaults of what was left out and an id of its own',
        'SecretDelete: a deleted record reads as 404, and a second delete is 404',
        // An authorization model made by a create that answers {authorization_model_id} alone.
        'WriteAuthorizationModel: a record made reads back by ReadAuthorizationModel, with the defaults of what was left out and an id of its own',
        // A snapshot read back as a file: there, its name is found, no field of it read.
        'CreateSnapshot: a record made reads back by GetSnapshot, with the defaults of what was left out and an id of its own',
        // A change answered by a receipt, a report cleared: neither read back as a record written.
        'UpdateQuotas: requests generated valid from its schemas get a declared success that keeps what was sent',
        'ClearIssues: requests generated valid from its schemas get a declared success that keeps what was sent',
        // Pages of page_size (default 10) from page 1, held to X-Total-Count.
        'ListLabels: requests generated valid from its schemas get a declared success that keeps what was sent',
        // Rules made by a Location alone and never read one by one: listed as they were sent.
        'ListRules: action keeps exactly the items with action equal to it',
      ]),
    );
  }, 240_000);

  it("passes the mock serving a document built as Lago's: records in envelopes, keywords beside a $ref, a field answered in one of the types sent", async () => {
    const { passed } = await suiteOnDocument('billing', BILLING_DOCUMENT);
    expect(passed).toEqual(
      expect.arrayContaining([
        // TaxBaseInput requires name, code and rate only beside its $ref; the code names the record.
        'createTax: requests generated valid from its schemas get a declared success that keeps what was sent',
        'createTax: a record made reads back by findTax, with the defaults of what was left out and an id of its own',
        // A timestamp sent as an integer or a text, answered as a date-time: sent as both take it.
        'createEvent: a record made reads back by findEvent, with the defaults of what was left out and an id of its own',
        'createEvent: requests generated valid from its schemas get a declared success that keeps what was sent',
        // The subscription sent beside an authorization, and deleted with the record answered.
        'createSubscription: a record made reads back by getSubscription, with the defaults of what was left out and an id of its own',
        'destroySubscription: a deleted record reads as 404, and a second delete is 404',
        // A second plan of a code of its own, though the charges' code is named as the plan's parameter.
        'findAllPlanCharges: lists the records of its own code only, and a code that is not there is 404',
      ]),
    );
  }, 240_000);

  it("passes the mock serving a document built as Typesense's: records made only by a PUT to their path, a create answered with a receipt", async () => {
    const { passed, skipped } = await suiteOnDocument('search', SEARCH_DOCUMENT);
    expect(passed).toEqual(
      expect.arrayContaining([
        // Made by the suite with PUT /aliases/{aliasName}, a name of its own, then changed and deleted.
        'upsertAlias: requests generated valid from its schemas get a declared success that keeps what was sent',
        'deleteAlias: a valid request (DELETE /aliases/{aliasName})',
        'deleteAlias: requests generated valid from its schemas get a declared success that keeps what was sent',
        // {ok: true} holds none of the event's fields, and is not asked to.
        'createAnalyticsEvent: requests generated valid from its schemas get a declared success that keeps what was sent',
      ]),
    );
    // A PUT that makes what it names owes no 404 for a name not there.
    expect([...passed, ...skipped]).not.toContain('upsertAlias: an unknown id gets 404');
  }, 240_000);

  it('fails an answer that meets two branches of a oneOf, saying the branches overlap and how to mend them', async () => {
    const file = join(folder(), 'boards.json');
    await writeFile(file, JSON.stringify(BOARDS_DOCUMENT));
    const served = await createMockServer({ data: ':memory:', contract: file, lintContract: false });
    try {
      const run = await runCli([
        ...['contract', '--contract', file, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--checks', 'conformance', '--operations', 'createDashboard'],
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        'createDashboard: body (body) must match exactly one schema in oneOf (it meets more than one of its branches, which overlap: a client made from the contract cannot tell which it is; make it an anyOf, or make the branches exclude each other)',
      );
    } finally {
      await served.close();
    }
  }, 60_000);

  it('passes the mock serving a generated document, its form and multipart bodies written as declared', async () => {
    const { stdout, junit, html, passed, skipped } = await suiteOnDocument('generated', generated);
    expect(stdout).not.toMatch(/setting up the checks/);
    // Each report names them by method and path, with their kinds.
    expectEveryOperationReported(operationNamesOf(generated), junit, html);
    // A form's fields are text: an integer field's wrong type is a text that reads as no number.
    expect(passed).toEqual(
      expect.arrayContaining([
        'POST /notes: a valid request (POST /notes)',
        'POST /uploads: a valid request (POST /uploads)',
        'POST /notes: a request with body count of the wrong type (a string) gets 400 with the Error object',
        'POST /notes: a request with body count below minimum 1 gets 400 with the Error object',
      ]),
    );
    expect(passed).toContain(
      'POST /uploads: a record made reads back by GET /uploads/{upload_id}, with the defaults of what was left out and an id of its own',
    );
    // The values of a record in an envelope are its fields', not the envelope's.
    expect(passed).toContain('PUT /projects/{project_gid}: notes left out of a replacement is removed');
    expect(passed.join('\n')).not.toMatch(/data left out/);
    // A body of one of two object branches: made, read back and kept as sent, by the branch sent.
    expect(passed).toEqual(
      expect.arrayContaining([
        'POST /droplets: a record made reads back by GET /droplets/{droplet_id}, with the defaults of what was left out and an id of its own',
        'POST /droplets: requests generated valid from its schemas get a declared success that keeps what was sent',
      ]),
    );
    expect(skipped.join('\n')).not.toMatch(/which the suite does not write/);
    expect(passed).toContain('GET /tags: a valid request (GET /tags)');
    // A field sent that the closed answer cannot hold is not asked of it.
    expect(passed).toContain(
      'POST /boxes: requests generated valid from its schemas get a declared success that keeps what was sent',
    );
    expect(passed).toContain(
      'POST /shelves: a record made reads back by GET /shelves/{id}, with the defaults of what was left out and an id of its own',
    );
    // An open read of a record the suite has none of is skipped, not judged by an id of another resource's.
    expect(consoleLineOf(stdout, 'GET /books/{id}')?.skipped).toContainEqual({
      kind: 'negative',
      reason: expect.stringMatching(/the suite has no record for \{id\} of \/books\/\{id\}/),
    });
    // Nor is an update of one written to a shelf's id: no record of its own to write.
    expect(consoleLineOf(stdout, 'PUT /books/{id}')?.skipped).toContainEqual({
      kind: 'values',
      reason: expect.stringMatching(/the suite has no \{id\} of its own for PUT \/books\/\{id\} to change/),
    });
    // Named as the mock names them, by method and path.
    expect(passed).toContain(
      'GET /accounts/{accountSid}/notes: a method /accounts/{accountSid}/notes does not take gets 405 with Allow naming those it does',
    );
  }, 240_000);

  it('makes, reads, replaces and deletes records of each of two resources named by one {id}', async () => {
    const { passed, stdout } = await suiteOnDocument('films-and-notices', twoResourcesById);
    for (const plural of ['films', 'notices'])
      expect(passed).toEqual(
        expect.arrayContaining([
          `create_${plural}: a record made reads back by get_${plural}, with the defaults of what was left out and an id of its own`,
          `replace_${plural}: a replacement removes the fields it leaves out, applies defaults, and reads back`,
          `delete_${plural}: a deleted record reads as 404, and a second delete is 404`,
          `get_${plural}: a valid request (GET /${plural}/{id})`,
          `replace_${plural}: a valid request (PUT /${plural}/{id})`,
        ]),
      );
    // No check is skipped for want of a record: neither resource takes the other's {id}.
    expect(stdout).not.toMatch(/the suite has no (record|\{id\})/);
  }, 240_000);

  it('sends a required header whose example holds a line break a valid value it can carry, and skips a check where none is, no body fits or every body meets two branches', async () => {
    const { stdout, passed } = await suiteOnDocument('header-examples', brokenHeaderExamples);
    expect(passed).toContain('listNotes: a valid request (GET /notes)');
    expect(consoleLineOf(stdout, 'listDrafts')?.skipped).toContainEqual({
      kind: 'conformance',
      reason: expect.stringMatching(/^its required header X-Mode has no valid value a header can carry/),
    });
    expect(consoleLineOf(stdout, 'addShape')?.skipped).toContainEqual({
      kind: 'conformance',
      reason: expect.stringMatching(/meets more than one branch of a oneOf whatever it holds: the branches overlap/),
    });
    expect(passed).toContain('addEvent: a valid request (POST /events)');
    expect(consoleLineOf(stdout, 'listRanges')?.skipped).toContainEqual({
      kind: 'conformance',
      reason: expect.stringMatching(/^no value fits the schema of its required query parameter size/),
    });
    expect(consoleLineOf(stdout, 'putQuirk')?.skipped).toContainEqual({
      kind: 'conformance',
      reason: expect.stringMatching(/^no value fits the schema of body .*no valid request can be sent/),
    });
  }, 240_000);

  it('takes an error borrowed in XML or as a JSON text from the operation whose shape it has, where the one answering declares none', async () => {
    // ReadMe's request examples: only GET /reports declares a 400, in XML; PUT /notes declares none.
    // The USPTO API's: its one 404 is a JSON string, borrowed by the paths no operation serves.
    const xmlError = {
      description: 'Bad input',
      content: { 'application/xml': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
    };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Notes', version: '1' },
      paths: {
        '/reports': {
          get: {
            operationId: 'listReports',
            parameters: [{ name: 'year', in: 'query', schema: { type: 'integer' } }],
            responses: { 200: notesAnswer, 400: xmlError },
          },
        },
        '/notes': {
          put: {
            operationId: 'putNote',
            requestBody: jsonBody({ type: 'object', properties: { text: { type: 'string' } } }),
            responses: { 204: { description: 'Kept' } },
          },
        },
        '/fields/{name}': {
          get: {
            operationId: 'getField',
            parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              200: notesAnswer,
              404: { description: 'No such field', content: { 'application/json': { schema: { type: 'string' } } } },
            },
          },
        },
      },
    };
    const { passed } = await suiteOnDocument('borrowed-xml-error', document);
    expect(passed).toContain('putNote: a body that is not JSON gets 400');
    expect(passed).toContain('a path with no operation under the base path gets 404 with the Error object');
  }, 240_000);

  it('makes records through a create that declares only `default`, and holds none to one that declares no success', async () => {
    // Documents converted from Swagger 2.0 answer `default: successful operation`; ReadMe's
    // petstore's addPet declares only 405.
    const note = {
      type: 'object',
      required: ['text'],
      properties: { id: { type: 'integer', readOnly: true }, text: { type: 'string' } },
    };
    const noteAnswer = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } };
    const body = jsonBody({ $ref: '#/components/schemas/Note' });
    const document = {
      openapi: '3.0.3',
      info: { title: 'Notes', version: '1' },
      paths: {
        '/notes': {
          post: {
            operationId: 'createNote',
            requestBody: body,
            responses: { default: { description: 'successful operation', ...noteAnswer } },
          },
        },
        '/notes/{id}': {
          get: {
            operationId: 'getNote',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { 200: { description: 'The note', ...noteAnswer }, 404: { description: 'No such note' } },
          },
        },
        '/memos': {
          post: { operationId: 'createMemo', requestBody: body, responses: { 405: { description: 'Invalid input' } } },
        },
        '/memos/{id}': {
          get: {
            operationId: 'getMemo',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { 200: { description: 'The memo', ...noteAnswer }, 404: { description: 'No such memo' } },
          },
        },
      },
      components: { schemas: { Note: note } },
    };
    const { passed } = await suiteOnDocument('default-creates', document);
    expect(passed).toContain(
      'createNote: a record made reads back by getNote, with the defaults of what was left out and an id of its own',
    );
  }, 240_000);

  it('makes its records under a parent no operation makes: one given with --set-path, else one the server takes', async () => {
    const file = join(folder(), 'calls.json');
    await writeFile(file, JSON.stringify(underAnAccount));
    const madeAndRead =
      'createCall: a record made reads back by getCall, with the defaults of what was left out and an id of its own';
    const given = await suitePassing(file, 'calls-given', ['--set-path', 'accountSid=AC0123']);
    expect(given.passed).toEqual(
      expect.arrayContaining([madeAndRead, 'deleteCall: a deleted record reads as 404, and a second delete is 404']),
    );
    // None given: a value of its own, which the mock's list under it answers, is used, and said.
    const found = await suitePassing(file, 'calls-found');
    expect(found.passed).toContain(madeAndRead);
    expect(found.stderr).toMatch(
      /No --set-path accountSid: the suite makes its records under accountSid \S+, which GET \/accounts\/\{accountSid\}\/calls answered 2xx \(give your own with --set-path accountSid=VALUE\)/,
    );
    // A server that knows only its own accounts refuses it: the checks under it are skipped, saying what to give.
    const served = await createMockServer({ data: ':memory:', contract: file, lintContract: false });
    const ownAccountsOnly = await startBrokenProxy(served.origin, {
      response: (response, request) =>
        request.path.startsWith('/accounts/') && !request.path.startsWith('/accounts/AC0123/')
          ? { ...response, status: 404, body: '' }
          : response,
    });
    try {
      const refused = await runCli([
        ...['contract', '--contract', file, '--base-url', ownAccountsOnly.origin, '--api-key', 'demo-enterprise'],
        ...['--examples', '5'],
      ]);
      expect(refused.stdout).not.toContain(`✓ ${madeAndRead}`);
      expect(refused.stdout).toContain('(give one with --set-path accountSid=VALUE)');
    } finally {
      await ownAccountsOnly.close();
      await served.close();
    }
    const unknown = await runCli([
      'contract',
      '--contract',
      file,
      '--base-url',
      'http://127.0.0.1:9',
      '--api-key',
      'k',
      '--set-path',
      'AccountSid=AC0123',
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'no operation of the contract has a path parameter {AccountSid}; its path parameters are accountSid, callId',
    );
  }, 240_000);

  it('expects the status Lob gives an invalid request, and writes its list filters as their styles say', async () => {
    // Lob's error object lists 422 and no 400; its filters are objects (deepObject, a form object).
    const { passed } = await suitePassing(documentOf('lob/lob-api-bundled.yml'), 'lob', [
      ...['--checks', 'negative,generated', '--operations', 'address_create,addresses_list'],
    ]);
    expect(passed).toEqual(
      expect.arrayContaining([
        'address_create: a body that is not JSON gets 422',
        'addresses_list: requests generated valid from its schemas get a declared success that keeps what was sent',
        'addresses_list: a request with query limit above maximum 100 gets 422 with the Error object',
      ]),
    );
  }, 120_000);

  it('names a parent that is not there by a key of its own pattern: a sub-collection under Twilio’s calls', async () => {
    // CallSid is "CA" and 32 hex digits: a key that breaks the pattern is rightly a 400, not the 404 checked.
    const { passed } = await suitePassing(documentOf('twilio/twilio_api_v2010.json'), 'twilio', [
      ...['--set-path', `AccountSid=AC${'0a'.repeat(16)}`, '--checks', 'stateful'],
      ...['--operations', 'CreateCall,FetchCall,ListCallRecording,CreateCallRecording'],
    ]);
    expect(passed).toContain(
      'ListCallRecording: lists the records of its own CallSid only, and a CallSid that is not there is 404',
    );
  }, 120_000);

  it('scopes a list under a parent named by a generic {id}, its records made at the top level with the parent in their body, and changes them as their schemas require', async () => {
    const { passed } = await suiteOnDocument('platforms', PLATFORMS_DOCUMENT, ['--checks', 'stateful']);
    expect(passed).toEqual(
      expect.arrayContaining([
        'listHolderAccounts: lists the records of its own id only, and a id that is not there is 404',
        'listPlatformHolders: lists the records of its own id only, and a id that is not there is 404',
        'updateHolder: a change sets the fields it sends, keeps the others, and reads back',
      ]),
    );
  }, 60_000);

  it('writes Twilio’s form bodies as a form carries them, and leaves a field its path names to the path', async () => {
    // An empty list is no pair of a form: sent, it is left out. UpdateIncomingPhoneNumber's body may
    // name an AccountSid of its own; the record stays under the account of its path.
    const { passed } = await suitePassing(documentOf('twilio/twilio_api_v2010.json'), 'twilio-forms', [
      ...['--checks', 'generated', '--seed', '547592455', '--examples', '40'],
      ...['--operations', 'CreateCall,CreateMessage,UpdateIncomingPhoneNumber'],
    ]);
    expect(passed).toEqual(
      expect.arrayContaining(
        ['CreateCall', 'CreateMessage', 'UpdateIncomingPhoneNumber'].map(
          (operation) =>
            `${operation}: requests generated valid from its schemas get a declared success that keeps what was sent`,
        ),
      ),
    );
  }, 120_000);

  it("makes the caller's records where no parent is named, and leaves an action's answer to the server", async () => {
    const { passed, stdout } = await suiteOnDocument('playlists', callersPlaylists, [
      '--checks',
      'conformance,stateful,values',
    ]);
    expect(passed).toEqual(
      expect.arrayContaining([
        'createMyPlaylist: a record made reads back by getPlaylist, with the defaults of what was left out and an id of its own',
        'getPlaylist: a valid request (GET /playlists/{playlistId})',
        'replacePlaylist: note left out of a replacement is removed',
        'reorderTracks: a valid request (PUT /playlists/{playlistId}/tracks)',
      ]),
    );
    expect(passed).not.toContain('reorderTracks: snapshot_id left out of a replacement is removed');
    expect(stdout).not.toContain('--set-path playlistId');
  }, 60_000);

  it('makes a task by POST /tasks and lists, makes and scopes subtasks under it', async () => {
    const { passed, stdout } = await suiteOnDocument('tasks', TASKS_DOCUMENT, ['--checks', 'conformance,stateful']);
    expect(passed).toEqual(
      expect.arrayContaining([
        'createTask: a record made reads back by getTask, with the defaults of what was left out and an id of its own',
        'getSubtasks: lists the records of its own task_gid only, and a task_gid that is not there is 404',
        'getSubtasks: a valid request (GET /tasks/{task_gid}/subtasks)',
        'createSubtask: a valid request (POST /tasks/{task_gid}/subtasks)',
      ]),
    );
    expect(stdout).not.toContain('--set-path');
  }, 60_000);

  it("fails an implementation that lists other tasks' subtasks under a task", async () => {
    const file = join(folder(), 'tasks-broken.json');
    await writeFile(file, JSON.stringify(TASKS_DOCUMENT));
    const served = await createMockServer({ data: ':memory:', contract: file, lintContract: false });
    // Every subtask made, shown under every task.
    const made: unknown[] = [];
    const subtasks = /\/tasks\/[^/]+\/subtasks$/;
    const broken = await startBrokenProxy(served.origin, {
      response: (response, request) => {
        if (!subtasks.test(request.path.split('?')[0] ?? '') || response.status >= 300) return response;
        if (request.method === 'POST') made.push(JSON.parse(response.body));
        if (request.method !== 'GET') return response;
        return { ...response, body: JSON.stringify([...(JSON.parse(response.body) as unknown[]), ...made]) };
      },
    });
    try {
      const run = await runCli([
        ...['contract', '--contract', file, '--base-url', broken.origin, '--api-key', 'demo-enterprise'],
        ...['--checks', 'stateful', '--operations', 'createTask,getSubtasks,createSubtask'],
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/✗ getSubtasks: lists the records of its own task_gid only/);
      expect(run.stdout).toMatch(/listed under task_gid/);
    } finally {
      await broken.close();
      await served.close();
    }
  }, 60_000);

  it('never sends a parent it has no record of as "{companyId}": checks under it are skipped, saying what to give, and so is a list scoped by it', async () => {
    const record = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const answer = (schema: object) => ({ description: 'OK', content: { 'application/json': { schema } } });
    const companyId = { name: 'companyId', in: 'path', required: true, schema: { type: 'string' } };
    const { skipped } = await suiteOnDocument('listed-parents', {
      openapi: '3.0.3',
      info: { title: 'Companies', version: '1' },
      paths: {
        '/companies': {
          get: {
            operationId: 'listCompanies',
            responses: { '200': answer({ type: 'array', items: record('Company') }) },
          },
        },
        '/companies/{companyId}': {
          get: {
            operationId: 'getCompany',
            parameters: [companyId],
            responses: { '200': answer(record('Company')), '404': { description: 'No' } },
          },
        },
        '/companies/{companyId}/webhooks': {
          get: {
            operationId: 'listWebhooks',
            parameters: [companyId],
            responses: { '200': answer({ type: 'array', items: record('Webhook') }), '404': { description: 'No' } },
          },
          post: {
            operationId: 'createWebhook',
            parameters: [companyId],
            requestBody: { required: true, content: { 'application/json': { schema: record('Webhook') } } },
            responses: { '200': answer(record('Webhook')), '404': { description: 'No such company' } },
          },
        },
        '/companies/{companyId}/webhooks/{webhookId}': {
          get: {
            operationId: 'getWebhook',
            parameters: [companyId, { name: 'webhookId', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': answer(record('Webhook')), '404': { description: 'No' } },
          },
        },
      },
      components: {
        schemas: {
          Company: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'string' }, name: { type: 'string' } },
          },
          Webhook: {
            type: 'object',
            required: ['url'],
            properties: { id: { type: 'string', readOnly: true }, url: { type: 'string' } },
          },
        },
      },
    });
    expect(skipped.join('\n')).toMatch(
      /createWebhook: .*the suite has no \{companyId\}.*give one with --set-path companyId=VALUE/,
    );
    // A list scoped by a parent the suite cannot make a second of is skipped, not failed.
    expect(skipped.join('\n')).toMatch(
      /listWebhooks: lists the records of its own companyId only.*the suite cannot make a second company to list webhooks under/,
    );
  }, 60_000);

  it('runs on a document of writes only, saying why its limits are not checked', async () => {
    const limitHeader = { schema: { type: 'integer' } };
    const { passed, skipped } = await suiteOnDocument('writes-only', {
      openapi: '3.0.3',
      info: { title: 'Events', version: '1' },
      paths: {
        '/events': {
          post: {
            operationId: 'sendEvent',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { type: 'object', properties: { kind: { type: 'string' } } } } },
            },
            responses: {
              '202': {
                description: 'Taken',
                headers: {
                  'X-RateLimit-Limit': limitHeader,
                  'X-RateLimit-Remaining': limitHeader,
                  'X-RateLimit-Reset': limitHeader,
                },
              },
              '429': { description: 'Too many' },
            },
          },
        },
      },
    });
    expect(passed).toContain('sendEvent: a valid request (POST /events)');
    expect(skipped).toContain(
      'rate limits: requests counted by the limit headers (the contract has no read (GET) to count requests with)',
    );
  }, 60_000);

  it('takes the status an operation that declares no success declares as the answer to its valid request', async () => {
    const { passed } = await suiteOnDocument('no-success', NO_SUCCESS_DOCUMENT);
    expect(passed).toEqual(
      expect.arrayContaining([
        'oldHome: a valid request (GET /old-home)',
        'brewCoffee: a valid request (GET /teapot)',
        'removeGone: a valid request (DELETE /gone)',
        'anyAnswer: a valid request (GET /default-only)',
        'keepGoing: a valid request (GET /status/100)',
      ]),
    );
  }, 60_000);

  it('sends a required body whose media types declare examples and no schema (ReadMe’s request examples)', async () => {
    const pet = { name: 'Fluffy', petType: 'Cat' };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Examples only', version: '1' },
      paths: {
        '/echo': {
          post: {
            operationId: 'echo',
            requestBody: {
              required: true,
              content: {
                'text/plain': { examples: { ok: { value: 'OK' } } },
                'application/json': { examples: { cat: { value: pet } } },
              },
            },
            responses: {
              200: { description: 'OK', content: { 'application/json': { examples: { cat: { value: pet } } } } },
            },
          },
        },
      },
    };
    const { passed } = await suiteOnDocument('examples-only-body', document);
    expect(passed).toContain('echo: a valid request (POST /echo)');
  }, 60_000);

  it('draws and sends values of what every part of a schema allows: enum values of their type, allOf parts met together', async () => {
    const level = { type: 'number', enum: ['', '', 0, 1, 2] };
    const gauge = {
      type: 'object',
      required: ['id', 'level'],
      properties: {
        id: { type: 'integer', readOnly: true },
        level,
        spare: level,
        // No value fits: left out. Two parts describing `name`: a value meets both.
        incompatible: { allOf: [{ type: 'string' }, { type: 'integer' }] },
        label: {
          allOf: [
            { type: 'object', properties: { name: { type: 'string' } } },
            { type: 'object', properties: { name: { example: 'buster' } } },
          ],
        },
        // Two parts describing `a` that no value meets together: left out.
        clash: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { type: 'object', properties: { a: { type: 'integer' } } },
          ],
        },
      },
    };
    const answer = (schema: object) => ({ description: 'OK', content: { 'application/json': { schema } } });
    const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }];
    const document = {
      openapi: '3.0.3',
      info: { title: 'Gauges', version: '1' },
      paths: {
        '/gauges': {
          get: { operationId: 'listGauges', responses: { 200: answer({ type: 'array', items: gauge }) } },
          post: { operationId: 'createGauge', requestBody: jsonBody(gauge), responses: { 201: answer(gauge) } },
        },
        '/gauges/{id}': {
          get: {
            operationId: 'getGauge',
            parameters: id,
            responses: { 200: answer(gauge), 404: { description: 'None' } },
          },
        },
      },
    };
    const { passed } = await suiteOnDocument('typed-enums', document);
    expect(passed).toEqual(
      expect.arrayContaining([
        'createGauge: requests generated valid from its schemas get a declared success that keeps what was sent',
        'listGauges: a valid request (GET /gauges)',
      ]),
    );
  }, 120_000);

  it('skips, saying why, what Swagger’s petstore cannot read back: orders made past the ten its read takes, deletes and pets that declare no success', async () => {
    const order = {
      type: 'object',
      required: ['status'],
      properties: {
        id: { type: 'integer', readOnly: true },
        status: { type: 'string', enum: ['placed', 'delivered'] },
      },
    };
    const orderAnswer = { content: { 'application/json': { schema: order } } };
    const orderId = [
      { name: 'orderId', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 10 } },
    ];
    const document = {
      openapi: '3.0.3',
      info: { title: 'Store', version: '1' },
      paths: {
        '/orders': {
          post: {
            operationId: 'placeOrder',
            requestBody: jsonBody(order),
            responses: { 200: { description: 'OK', ...orderAnswer } },
          },
          get: {
            operationId: 'findOrders',
            parameters: [{ name: 'status', in: 'query', schema: { type: 'array', items: order.properties.status } }],
            responses: {
              200: { description: 'OK', content: { 'application/json': { schema: { type: 'array', items: order } } } },
            },
          },
        },
        '/orders/{orderId}': {
          get: {
            operationId: 'getOrder',
            parameters: orderId,
            responses: { 200: { description: 'OK', ...orderAnswer }, 404: { description: 'None' } },
          },
          delete: {
            operationId: 'deleteOrder',
            parameters: [{ ...orderId[0], schema: { type: 'integer', minimum: 1 } }],
            responses: { 400: { description: 'Invalid ID' }, 404: { description: 'None' } },
          },
        },
        '/pet': {
          post: {
            operationId: 'addPet',
            requestBody: jsonBody(order),
            responses: { 405: { description: 'Invalid input' } },
          },
        },
        '/pet/findByStatus': {
          get: {
            operationId: 'findPetsByStatus',
            parameters: [{ name: 'status', in: 'query', schema: { type: 'array', items: order.properties.status } }],
            responses: {
              200: {
                description: 'OK',
                content: {
                  'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
                },
              },
            },
          },
        },
        '/pet/{petId}': {
          get: {
            operationId: 'getPetById',
            parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: {
              200: {
                description: 'OK',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
              },
              404: { description: 'None' },
            },
          },
        },
      },
      components: { schemas: { Pet: order } },
    };
    const { passed, skipped, stdout } = await suiteOnDocument('store-of-ten', document);
    expect(skipped).toContainEqual(
      expect.stringMatching(
        /^placeOrder: a record made reads back by getOrder, .* \(the suite's \{orderId\}, \d+, of a record it made, is not one getOrder takes \(at least 1, at most 10\)/,
      ),
    );
    expect(stdout).toMatch(/addPet declares no success \(405\): the suite cannot count on what it does/);
    // Orders asked by two statuses at once keep those of either.
    expect(passed).toContain(
      'findOrders: requests generated valid from its schemas get a declared success that keeps what was sent',
    );
    expect(stdout).toMatch(
      /The run could not remove \d+ of the things it made \(.*\): its DELETEs were answered 400\./,
    );
  }, 120_000);

  it('asks for a path no operation names below a template that takes any top-level name (Frigate’s /{camera_name})', async () => {
    const text = { description: 'OK', content: { 'application/json': { schema: { type: 'string' } } } };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Cameras', version: '1' },
      paths: {
        '/{camera_name}': {
          get: {
            operationId: 'cameraName',
            parameters: [{ name: 'camera_name', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { 200: text },
          },
        },
        '/version': { get: { operationId: 'version', responses: { 200: text } } },
      },
    };
    const { passed } = await suiteOnDocument('top-level-name', document);
    expect(passed).toContain('a path with no operation under the base path gets 404 with the Error object');
  }, 60_000);

  it('reads back no record an action answers, nor a change of a whole list (Overseerr’s login, its PUT /user)', async () => {
    const user = {
      type: 'object',
      required: ['id', 'email'],
      properties: { id: { type: 'integer', readOnly: true }, email: { type: 'string', format: 'email' } },
    };
    const one = {
      description: 'OK',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
    };
    const many = {
      description: 'OK',
      content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/User' } } } },
    };
    const login = jsonBody({
      type: 'object',
      required: ['email'],
      properties: { email: { type: 'string', format: 'email' } },
    });
    const document = {
      openapi: '3.0.3',
      info: { title: 'Accounts', version: '1' },
      paths: {
        '/auth/local': { post: { operationId: 'login', requestBody: login, responses: { 200: one } } },
        '/user': {
          get: { operationId: 'listUsers', responses: { 200: many } },
          put: {
            operationId: 'updateUsers',
            requestBody: jsonBody({ type: 'array', items: user }),
            responses: { 200: many },
          },
        },
        '/user/{userId}': {
          get: {
            operationId: 'getUser',
            parameters: [{ name: 'userId', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { 200: one, 404: { description: 'None' } },
          },
        },
      },
      components: { schemas: { User: user } },
    };
    const { passed } = await suiteOnDocument('accounts-login', document);
    expect(passed).toContain(
      'login: requests generated valid from its schemas get a declared success that keeps what was sent',
    );
  }, 60_000);

  it('passes the mock serving what real APIs ask of a request: keys in bodies, required queries and cookies, writeOnly fields', async () => {
    const { passed, skipped } = await suiteOnDocument('request-shapes', realRequestShapes);
    expect(passed).toEqual(
      expect.arrayContaining([
        // The suite's own gadget named in the body; required query parameters and cookies sent.
        'updateGadget: a valid request (PUT /gadgets)',
        'findTrips: a valid request (GET /trips)',
        'removeLikes: a valid request (DELETE /likes)',
        // A delete of some of a list's items leaves the list: it is not read back as 404.
        'removeLikes: requests generated valid from its schemas get a declared success that keeps what was sent',
        'checkLikes: requests generated valid from its schemas get a declared success that keeps what was sent',
        'makePayment: a field the schema does not have is ignored, never stored',
        'updateGadgetWithQuery: requests generated valid from its schemas get a declared success that keeps what was sent',
        'findGadgetsByTags: requests generated valid from its schemas get a declared success that keeps what was sent',
        'addGadgets: requests generated valid from its schemas get a declared success that keeps what was sent',
      ]),
    );
    expect(skipped.join('\n')).toMatch(
      /findGadgetsByTags: limit left out is its default \(its limit declares no default/,
    );
    expect(skipped.join('\n')).toMatch(/placeOrder: a placed order reads back.*checks the Pet Store's own behaviour/);
  }, 240_000);
});
