// One document of lists paged as real APIs page theirs, each list a collection of its own with a
// create and a read: Stripe's (starting_after, ending_before, has_more, url), OpenAI's (after,
// order, first_id, last_id), Slack's (cursor, response_metadata.next_cursor), Google's
// (pageToken, nextPageToken), an iterator with a done flag, GitHub's (page, per_page and Link),
// OpenAI's batches (a size typed number), Asana's (a text offset, next_page {offset, path, uri}), DigitalOcean's (links.pages, meta.total)
// and Ory's (page_token and Link over a bare array). Shapes copied from the published documents,
// trimmed to what paging needs.
import { ERROR, integerQuery, jsonAnswer, jsonBody, ref, textQuery } from './documents.js';
import type { SpecDocument } from './spec.js';

const LINK = { Link: { description: 'RFC 8288 links to other pages.', schema: { type: 'string' } } };

/** A record with a text key the mock gives, a name a create sends, and a time it stamps. */
const record = (idPattern?: string): SpecDocument => ({
  type: 'object',
  required: ['id', 'name', 'created'],
  properties: {
    id: { type: 'string', ...(idPattern ? { pattern: idPattern } : {}) },
    name: { type: 'string' },
    created: { type: 'integer' },
  },
});
const NEW_RECORD = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };

/** A collection at `path` listed by `list` (its parameters and answer), made by a POST and read by id. */
function collection(path: string, schema: string, list: SpecDocument, created = '201'): SpecDocument {
  return {
    [path]: {
      get: { operationId: `list${schema}s`, ...list },
      post: {
        operationId: `create${schema}`,
        requestBody: jsonBody(ref('NewRecord')),
        responses: { [created]: jsonAnswer('Made.', ref(schema)) },
      },
    },
    [`${path}/{id}`]: {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: `get${schema}`,
        responses: {
          '200': jsonAnswer('The record.', ref(schema)),
          '404': jsonAnswer('Not there.', { type: 'object', properties: { message: { type: 'string' } } }),
        },
      },
      delete: { operationId: `delete${schema}`, responses: { '204': { description: 'Deleted.' } } },
    },
  };
}

const envelope = (items: string, schema: string, fields: SpecDocument, required: string[] = []) => ({
  type: 'object',
  required: [items, ...required],
  properties: { [items]: { type: 'array', items: ref(schema) }, ...fields },
});

export const pagedDocument: SpecDocument = {
  openapi: '3.1.0',
  info: { title: 'Paged lists', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    ...collection(
      '/v1/customers',
      'Customer',
      {
        parameters: [
          integerQuery('limit', { minimum: 1, maximum: 100, default: 10 }),
          textQuery('starting_after', { maxLength: 5000 }),
          textQuery('ending_before', { maxLength: 5000 }),
        ],
        responses: {
          '200': jsonAnswer(
            'A page of customers (Stripe).',
            envelope(
              'data',
              'Customer',
              {
                object: { type: 'string', enum: ['list'] },
                has_more: { type: 'boolean' },
                url: { type: 'string', maxLength: 5000, pattern: '^/v1/customers' },
              },
              ['object', 'has_more', 'url'],
            ),
          ),
        },
      },
      '200',
    ),
    ...collection('/v1/files', 'File', {
      parameters: [
        integerQuery('limit', { default: 10000 }),
        textQuery('order', { enum: ['asc', 'desc'], default: 'desc' }),
        textQuery('after'),
      ],
      responses: {
        '200': jsonAnswer(
          'A page of files (OpenAI), newest first unless asked otherwise.',
          envelope(
            'data',
            'File',
            {
              object: { type: 'string', example: 'list' },
              first_id: { type: 'string', example: 'file-abc123' },
              last_id: { type: 'string', example: 'file-abc456' },
              has_more: { type: 'boolean' },
            },
            ['object', 'first_id', 'last_id', 'has_more'],
          ),
        ),
      },
    }),
    ...collection('/v1/batches', 'Batch', {
      // A size typed number, as some documents type theirs: 2.5 passes its schema.
      parameters: [
        { name: 'limit', in: 'query', schema: { type: 'number', minimum: 1, maximum: 100, default: 20 } },
        textQuery('after'),
      ],
      responses: {
        '200': jsonAnswer(
          'A page of batches (OpenAI).',
          envelope('data', 'Batch', { has_more: { type: 'boolean' } }, ['has_more']),
        ),
        '400': ERROR,
      },
    }),
    ...collection('/channels', 'Channel', {
      parameters: [textQuery('cursor'), integerQuery('limit', { default: 100, maximum: 1000 })],
      responses: {
        '200': jsonAnswer(
          'A page of channels (Slack).',
          envelope(
            'channels',
            'Channel',
            {
              ok: { type: 'boolean' },
              response_metadata: {
                type: 'object',
                required: ['next_cursor'],
                properties: { next_cursor: { type: 'string' } },
              },
            },
            ['ok'],
          ),
        ),
      },
    }),
    ...collection('/v1/books', 'Book', {
      parameters: [integerQuery('pageSize', { maximum: 1000 }), textQuery('pageToken')],
      responses: {
        '200': jsonAnswer(
          'A page of books (Google).',
          envelope('books', 'Book', { nextPageToken: { type: 'string' } }),
        ),
      },
    }),
    ...collection('/events', 'Event', {
      parameters: [textQuery('iterator'), integerQuery('limit', { default: 50 })],
      responses: {
        '200': jsonAnswer(
          'A page of events, and the iterator that gives the next.',
          envelope('events', 'Event', { iterator: { type: 'string' }, done: { type: 'boolean' } }, [
            'iterator',
            'done',
          ]),
        ),
      },
    }),
    ...collection('/repos', 'Repo', {
      parameters: [integerQuery('per_page', { default: 30, maximum: 100 }), integerQuery('page', { default: 1 })],
      responses: { '200': jsonAnswer('A page of repositories (GitHub).', { type: 'array', items: ref('Repo') }, LINK) },
    }),
    ...collection('/tasks', 'Task', {
      parameters: [integerQuery('limit', { minimum: 1, maximum: 100 }), textQuery('offset')],
      responses: {
        '200': jsonAnswer(
          'A page of tasks (Asana).',
          envelope('data', 'Task', {
            next_page: {
              type: ['object', 'null'],
              properties: {
                offset: { type: 'string' },
                path: { type: 'string' },
                uri: { type: 'string', format: 'uri' },
              },
            },
          }),
        ),
      },
    }),
    ...collection('/v2/droplets', 'Droplet', {
      parameters: [
        integerQuery('per_page', { minimum: 1, maximum: 200, default: 20 }),
        integerQuery('page', { minimum: 1, default: 1 }),
      ],
      responses: {
        '200': jsonAnswer(
          'A page of droplets (DigitalOcean).',
          envelope(
            'droplets',
            'Droplet',
            {
              links: {
                type: 'object',
                properties: {
                  pages: {
                    type: 'object',
                    properties: {
                      first: { type: 'string', format: 'uri' },
                      prev: { type: 'string', format: 'uri' },
                      next: { type: 'string', format: 'uri' },
                      last: { type: 'string', format: 'uri' },
                    },
                  },
                },
              },
              meta: { type: 'object', required: ['total'], properties: { total: { type: 'integer' } } },
            },
            ['links', 'meta'],
          ),
        ),
      },
    }),
    ...collection('/admin/identities', 'Identity', {
      // Numbered pages too, declared first, as Ory's list of identities declares them.
      parameters: [
        integerQuery('per_page', { minimum: 1, maximum: 1000, default: 250 }),
        integerQuery('page', { minimum: 1, default: 1 }),
        integerQuery('page_size', { minimum: 1, maximum: 1000, default: 250 }),
        textQuery('page_token'),
      ],
      responses: { '200': jsonAnswer('A page of identities (Ory).', { type: 'array', items: ref('Identity') }, LINK) },
    }),
  },
  components: {
    schemas: {
      NewRecord: NEW_RECORD,
      Customer: record('^cus_[A-Za-z0-9]{14}$'),
      File: record(),
      Batch: record(),
      Channel: record('^C[A-Z0-9]{8,10}$'),
      Book: record(),
      Event: record(),
      Repo: record(),
      Task: record('^[0-9]{16}$'),
      Droplet: record(),
      Identity: { ...record(), properties: { ...record().properties, id: { type: 'string', format: 'uuid' } } },
    },
  },
};
