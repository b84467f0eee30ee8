// A field that the answers of one record type differently, as Discourse's posts do (here on paths
// without its .json): its list
// types `flair_group_id` as text or null, its create's answer as an integer or null. The mock
// makes the field, when no request sets it, as a value every one of those answers takes (here
// null), and a field they all type alike as that type; every answer is judged by a validator
// other than the mock's.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { ERROR, jsonAnswer, jsonBody, writeDocument } from '../support/documents.js';
import { startTestMock, type TestMock } from '../support/mock.js';
import { createOutsideJudge, type OutsideJudge } from '../support/outside-judge.js';

const postFields = (flairGroup: object) => ({
  type: 'object',
  required: ['id', 'raw', 'flair_group_id', 'reviewable_id'],
  properties: {
    id: { type: 'integer' },
    raw: { type: 'string' },
    flair_group_id: flairGroup,
    reviewable_id: { type: ['integer', 'null'] },
  },
});

const forum = {
  openapi: '3.1.0',
  info: { title: 'Forum', version: '1.0.0' },
  paths: {
    '/posts': {
      get: {
        operationId: 'listPosts',
        responses: {
          '200': jsonAnswer('The latest posts.', {
            type: 'object',
            required: ['latest_posts'],
            properties: { latest_posts: { type: 'array', items: postFields({ type: ['string', 'null'] }) } },
          }),
        },
      },
      post: {
        operationId: 'createPost',
        requestBody: jsonBody({ type: 'object', required: ['raw'], properties: { raw: { type: 'string' } } }),
        responses: { '200': jsonAnswer('The post made.', postFields({ type: ['integer', 'null'] })) },
      },
    },
    '/posts/{id}': {
      get: {
        operationId: 'getPost',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': jsonAnswer('A post.', postFields({ type: ['integer', 'null'] })),
          '404': ERROR,
        },
      },
    },
  },
};

let mock: TestMock;
let judge: OutsideJudge;

beforeAll(async () => {
  mock = await startTestMock({ contract: await writeDocument(forum), lintContract: false });
  judge = createOutsideJudge(forum);
});
afterAll(async () => {
  const bugs = mock.contractBugs();
  await mock.server.close();
  expect(bugs).toEqual([]);
});

async function call(method: 'get' | 'post', path: string, body?: object): Promise<Response> {
  let req = mock.http[method](path);
  if (body !== undefined) req = req.send(body);
  const res = await req;
  expect(judge.faults({ method, path, status: res.status, headers: res.headers, body: res.body })).toEqual([]);
  return res;
}

describe('a field the answers of one record type differently', () => {
  it('is made as a value every answer takes, and every answer agrees', async () => {
    const created = await call('post', '/posts', { raw: 'Hello, forum.' });
    expect(created.status).toBe(200);
    // Text or null in the list, an integer or null in the create: only null is both.
    expect(created.body.flair_group_id).toBeNull();
    // An integer or null everywhere: drawn as an integer, as before.
    expect(created.body.reviewable_id).toEqual(expect.any(Number));
    expect((await call('get', `/posts/${created.body.id}`)).body).toEqual(created.body);
    const { latest_posts: latest } = (await call('get', '/posts')).body;
    expect(latest).toContainEqual(created.body);
  });

  it('is drawn so for the records the mock starts with too', async () => {
    const { latest_posts: latest } = (await call('get', '/posts')).body as {
      latest_posts: Array<{ id: number; flair_group_id: unknown }>;
    };
    expect(latest.length).toBeGreaterThan(1);
    for (const post of latest) {
      expect(post.flair_group_id).toBeNull();
      expect((await call('get', `/posts/${post.id}`)).status).toBe(200);
    }
  });
});
