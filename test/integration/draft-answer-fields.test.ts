// Fields an answer requires that no request sets, as real documents declare them: a blog's
// article (RealWorld Conduit's, its slug the key: slug, author, createdAt, updatedAt,
// favorited, favoritesCount, tagList), its comments, and a booking's confirmationCode. The mock
// makes each when the record is made (a slug from the title, times from its clock, the author
// drawn from its schema), stores it, and every read agrees; a replacement keeps them and moves
// updatedAt. Every exchange is judged against the document by a validator other than the mock's.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { ERROR, integerQuery, jsonAnswer, jsonBody, ref, writeDocument } from '../support/documents.js';
import { startTestMock, type TestMock } from '../support/mock.js';
import { createOutsideJudge, type OutsideJudge } from '../support/outside-judge.js';

const slugParameter = { name: 'slug', in: 'path', required: true, schema: { type: 'string' } };
const ARTICLE_FIELDS = {
  slug: { type: 'string' },
  title: { type: 'string' },
  description: { type: 'string' },
  body: { type: 'string' },
  tagList: { type: 'array', items: { type: 'string' } },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
  favorited: { type: 'boolean' },
  favoritesCount: { type: 'integer' },
  author: ref('Profile'),
};
const ARTICLE_REQUIRED = ['slug', 'title', 'description', 'tagList', 'createdAt', 'updatedAt', 'favorited'];

const blog = {
  openapi: '3.1.0',
  info: { title: 'Blog', version: '1.1.0' },
  servers: [{ url: 'https://api.example.com/api' }],
  paths: {
    '/articles': {
      get: {
        operationId: 'GetArticles',
        parameters: [integerQuery('limit', { minimum: 1, default: 20 }), integerQuery('offset', { minimum: 0 })],
        responses: {
          '200': jsonAnswer('Articles, without their bodies (as Conduit lists them).', {
            type: 'object',
            required: ['articles', 'articlesCount'],
            properties: {
              articles: {
                type: 'array',
                items: {
                  type: 'object',
                  required: [...ARTICLE_REQUIRED, 'favoritesCount', 'author'],
                  properties: Object.fromEntries(Object.entries(ARTICLE_FIELDS).filter(([name]) => name !== 'body')),
                },
              },
              articlesCount: { type: 'integer' },
            },
          }),
        },
      },
      post: {
        operationId: 'CreateArticle',
        requestBody: jsonBody(ref('NewArticle')),
        responses: { '201': jsonAnswer('The article.', ref('Article')), '422': ERROR },
      },
    },
    '/articles/{slug}': {
      parameters: [slugParameter],
      get: {
        operationId: 'GetArticle',
        responses: { '200': jsonAnswer('The article.', ref('Article')), '404': ERROR },
      },
      put: {
        operationId: 'UpdateArticle',
        requestBody: jsonBody(ref('UpdateArticle')),
        responses: { '200': jsonAnswer('The article.', ref('Article')), '404': ERROR },
      },
      patch: {
        operationId: 'PatchArticle',
        requestBody: jsonBody(ref('UpdateArticle')),
        responses: { '200': jsonAnswer('The article.', ref('Article')), '404': ERROR },
      },
      delete: { operationId: 'DeleteArticle', responses: { '204': { description: 'Deleted.' }, '404': ERROR } },
    },
    '/articles/{slug}/comments': {
      parameters: [slugParameter],
      get: {
        operationId: 'GetArticleComments',
        responses: { '200': jsonAnswer('Comments.', { type: 'array', items: ref('Comment') }), '404': ERROR },
      },
      post: {
        operationId: 'CreateArticleComment',
        requestBody: jsonBody(ref('NewComment')),
        responses: { '200': jsonAnswer('The comment.', ref('Comment')), '404': ERROR },
      },
    },
    '/bookings': {
      post: {
        operationId: 'createBooking',
        requestBody: jsonBody(ref('NewBooking')),
        responses: { '201': jsonAnswer('The booking, held until paid.', ref('Booking')) },
      },
    },
    '/bookings/{bookingId}': {
      get: {
        operationId: 'getBooking',
        parameters: [{ name: 'bookingId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { '200': jsonAnswer('The booking.', ref('Booking')), '404': ERROR },
      },
    },
  },
  components: {
    schemas: {
      Profile: {
        type: 'object',
        required: ['username', 'bio', 'image', 'following'],
        properties: {
          username: { type: 'string' },
          bio: { type: 'string' },
          image: { type: 'string' },
          following: { type: 'boolean' },
        },
      },
      Article: {
        type: 'object',
        required: [...ARTICLE_REQUIRED, 'body', 'favoritesCount', 'author'],
        properties: ARTICLE_FIELDS,
      },
      NewArticle: {
        type: 'object',
        required: ['title', 'description', 'body'],
        properties: {
          title: { type: 'string' },
          description: { type: 'string' },
          body: { type: 'string' },
          tagList: { type: 'array', items: { type: 'string' } },
        },
      },
      UpdateArticle: {
        type: 'object',
        properties: { title: { type: 'string' }, description: { type: 'string' }, body: { type: 'string' } },
      },
      Comment: {
        type: 'object',
        required: ['id', 'createdAt', 'updatedAt', 'body', 'author'],
        properties: {
          id: { type: 'integer' },
          createdAt: { type: 'string', format: 'date-time' },
          updatedAt: { type: 'string', format: 'date-time' },
          body: { type: 'string' },
          author: ref('Profile'),
        },
      },
      NewComment: { type: 'object', required: ['body'], properties: { body: { type: 'string' } } },
      NewBooking: {
        type: 'object',
        required: ['trip_id', 'passenger_name'],
        properties: {
          trip_id: { type: 'string', format: 'uuid' },
          passenger_name: { type: 'string' },
          has_bicycle: { type: 'boolean' },
        },
      },
      Booking: {
        type: 'object',
        required: ['id', 'trip_id', 'passenger_name', 'confirmationCode', 'status', 'created_at'],
        properties: {
          id: { type: 'string', format: 'uuid', readOnly: true },
          trip_id: { type: 'string', format: 'uuid' },
          passenger_name: { type: 'string' },
          has_bicycle: { type: 'boolean' },
          confirmationCode: { type: 'string', pattern: '^[A-Z0-9]{6}$' },
          status: { type: 'string', enum: ['held', 'paid', 'cancelled'], default: 'held' },
          created_at: { type: 'integer', description: 'Seconds since 1970.' },
        },
      },
    },
  },
};

const CLOCK_START = '2027-03-01T09:00:00.000Z';
let mock: TestMock;
let judge: OutsideJudge;

beforeAll(async () => {
  mock = await startTestMock({
    contract: await writeDocument(blog),
    lintContract: false,
    clockStart: CLOCK_START,
    clockFrozen: true,
  });
  judge = createOutsideJudge(blog);
});
afterAll(async () => {
  expect(mock.contractBugs()).toEqual([]);
  await mock.server.close();
});

/** Sends a request and has the outside judge check the exchange. */
async function call(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object): Promise<Response> {
  let req = mock.http[method](`/api${path}`);
  if (body !== undefined) req = req.send(body);
  const res = await req;
  expect(
    judge.faults({ method, path: `/api${path}`, status: res.status, headers: res.headers, body: res.body }),
  ).toEqual([]);
  return res;
}

describe('an article: fields no request sets', () => {
  it('makes them at creation: a slug of its title, times of the clock, a list left out empty, the rest drawn', async () => {
    const created = await call('post', '/articles', {
      title: 'How to Train Your Dragon!',
      description: 'Ever wonder how?',
      body: 'You have to believe.',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      slug: 'how-to-train-your-dragon',
      title: 'How to Train Your Dragon!',
      description: 'Ever wonder how?',
      body: 'You have to believe.',
      tagList: [],
      createdAt: CLOCK_START,
      updatedAt: CLOCK_START,
      favorited: expect.any(Boolean),
      favoritesCount: expect.any(Number),
      author: {
        username: expect.any(String),
        bio: expect.any(String),
        image: expect.any(String),
        following: expect.any(Boolean),
      },
    });
  });

  it('says which fields a create sets, where the operations are described', async () => {
    const { operations } = (await mock.http.get('/__mock/operations')).body as {
      operations: Array<{ operationId: string; how: string }>;
    };
    const how = (id: string) => operations.find((operation) => operation.operationId === id)?.how;
    expect(how('CreateArticle')).toBe(
      'creates a record of articles, keyed by a new slug where the body sends no slug, sets createdAt, updatedAt, favorited, favoritesCount, author, fills tagList when the body leaves them out',
    );
    expect(how('GetArticles')).toBe(
      'lists articles, paged by limit and offset; answers in an object: the records in articles with articlesCount',
    );
  });

  it('stores them: every read, and the list, agree with the create', async () => {
    const created = (await call('post', '/articles', { title: 'Stored', description: 'd', body: 'b', tagList: ['x'] }))
      .body;
    expect(created.tagList).toEqual(['x']);
    expect((await call('get', `/articles/${created.slug}`)).body).toEqual(created);
    expect((await call('get', `/articles/${created.slug}`)).body).toEqual(created);
    const { articles } = (await call('get', '/articles?limit=200')).body;
    expect(articles).toContainEqual(created);
  });

  it('gives a title met before a slug of its own', async () => {
    const first = (await call('post', '/articles', { title: 'Twice', description: 'd', body: 'b' })).body;
    const second = (await call('post', '/articles', { title: 'Twice', description: 'd', body: 'b' })).body;
    expect(first.slug).toBe('twice');
    expect(second.slug).toBe('twice-2');
    expect((await call('get', '/articles/twice-2')).body.title).toBe('Twice');
  });

  it('keeps them on a replacement, and moves updatedAt', async () => {
    const created = (await call('post', '/articles', { title: 'Kept', description: 'd', body: 'b' })).body;
    await mock.server.clock.advance(90);
    const replaced = await call('put', `/articles/${created.slug}`, { title: 'Kept, again', body: 'new' });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({
      ...created,
      title: 'Kept, again',
      body: 'new',
      updatedAt: new Date(Date.parse(CLOCK_START) + 90_000).toISOString(),
    });
    expect((await call('get', `/articles/${created.slug}`)).body).toEqual(replaced.body);
  });

  it('keeps them on a merge, and moves updatedAt', async () => {
    const created = (await call('post', '/articles', { title: 'Merged', description: 'd', body: 'b' })).body;
    await mock.server.clock.advance(30);
    const res = await mock.http.patch(`/api/articles/${created.slug}`).send({ description: 'changed' });
    expect(
      judge.faults({ method: 'PATCH', path: `/api/articles/${created.slug}`, ...res, headers: res.headers }),
    ).toEqual([]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...created,
      description: 'changed',
      updatedAt: new Date(mock.server.clock.nowMs()).toISOString(),
    });
  });

  it('fills the fixtures of the collection the same way', async () => {
    const { articles, articlesCount } = (await call('get', '/articles?limit=5')).body;
    expect(articlesCount).toBeGreaterThanOrEqual(12);
    for (const article of articles) {
      const read = await call('get', `/articles/${article.slug}`);
      expect(read.status).toBe(200);
      expect(read.body.body).toEqual(expect.any(String));
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});

describe('a comment under an article', () => {
  it('is numbered, stamped and given an author, and listed under its article only', async () => {
    const article = (await call('post', '/articles', { title: 'With comments', description: 'd', body: 'b' })).body;
    const comment = await call('post', `/articles/${article.slug}/comments`, { body: 'First!' });
    expect(comment.status).toBe(200);
    expect(comment.body).toEqual({
      id: expect.any(Number),
      // The key of its article, as every record of a sub-collection holds its parent's.
      slug: article.slug,
      body: 'First!',
      createdAt: expect.any(String),
      updatedAt: comment.body.createdAt,
      author: expect.objectContaining({ username: expect.any(String) }),
    });
    expect((await call('get', `/articles/${article.slug}/comments`)).body).toEqual([comment.body]);
  });
});

describe('a booking: a code and a state no request sets', () => {
  it('draws a code of its pattern, takes the default state, and stamps its time in seconds', async () => {
    const created = await call('post', '/bookings', {
      trip_id: 'b2e783e1-c824-4d63-b37a-d8d698862f1d',
      passenger_name: 'Jane Smith',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      trip_id: 'b2e783e1-c824-4d63-b37a-d8d698862f1d',
      passenger_name: 'Jane Smith',
      confirmationCode: expect.stringMatching(/^[A-Z0-9]{6}$/),
      status: 'held',
      created_at: Math.floor(mock.server.clock.nowMs() / 1000),
    });
    expect((await call('get', `/bookings/${created.body.id}`)).body).toEqual(created.body);
  });
});

describe('the data file', () => {
  it('holds the fields the mock made, and a record edited by hand without one an answer requires is named', async () => {
    const contract = await writeDocument(blog);
    const data = join(await mkdtemp(join(tmpdir(), 'answer-fields-')), 'db.json');
    const first = await startTestMock({ data, contract, lintContract: false });
    const created = await first.http.post('/api/articles').send({ title: 'Kept on disk', description: 'd', body: 'b' });
    await first.server.close();
    expect(first.contractBugs()).toEqual([]);
    const file = JSON.parse(await readFile(data, 'utf8'));
    const stored = file.articles.find((article: { slug: string }) => article.slug === 'kept-on-disk');
    expect(stored).toEqual(created.body);

    // The list's items need no body, the read's answer does: a fixture without one is refused too.
    delete stored.author;
    const fixture = file.articles[0];
    delete fixture.body;
    await writeFile(data, JSON.stringify(file));
    const refused = await startTestMock({ data, contract, lintContract: false }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toContain(`articles, slug "kept-on-disk", field "author"`);
    expect((refused as Error).message).toContain(`articles, slug "${fixture.slug}", field "body"`);
  });
});
