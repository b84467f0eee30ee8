// Records shaped as Lob's postcards and templates. Keys drawn from a pattern of few short values
// (Lob's `^psc_[a-zA-Z0-9]+$` drew psc_E, psc_e): once the draws kept meeting keys records had, a
// create was keyed by a UUID that broke the pattern, and its answer, and every list holding it,
// was a 500; a drawn key is now lengthened by a count the pattern still takes, and creates of one
// body, which drew the same keys, draw more seeded apart (Twilio's fixed-length sids). A template's HTML
// of up to 100,000 characters was refused 413 (the built-in contract's 32 KiB). Every answer is
// judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { ERROR, jsonAnswer, jsonBody, ref } from '../support/documents.js';
import { serveJudged } from '../support/judged-document.js';

const KEY = '^psc_[a-c]+$';
/** Twilio's phone numbers: a key of fixed length, which no lengthening fits. */
const NUMBER = '^PN[0-9a-fA-F]{32}$';

const mail = {
  openapi: '3.0.3',
  info: { title: 'Mail', version: '1.0.0' },
  paths: {
    '/postcards': {
      get: {
        operationId: 'listPostcards',
        responses: { '200': jsonAnswer('Postcards.', { type: 'array', items: ref('Postcard') }) },
      },
      post: {
        operationId: 'createPostcard',
        requestBody: jsonBody(ref('Postcard')),
        responses: { '201': jsonAnswer('The postcard made.', ref('Postcard')), '400': ERROR },
      },
    },
    '/numbers': {
      post: {
        operationId: 'createNumber',
        requestBody: jsonBody(ref('Number')),
        responses: { '201': jsonAnswer('The number made.', ref('Number')), '400': ERROR },
      },
    },
    '/numbers/{sid}': {
      get: {
        operationId: 'getNumber',
        parameters: [{ name: 'sid', in: 'path', required: true, schema: { type: 'string', pattern: NUMBER } }],
        responses: { '200': jsonAnswer('A number.', ref('Number')), '404': ERROR },
      },
    },
    '/postcards/{id}': {
      get: {
        operationId: 'getPostcard',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: KEY } }],
        responses: { '200': jsonAnswer('A postcard.', ref('Postcard')), '404': ERROR },
      },
    },
  },
  components: {
    schemas: {
      Number: {
        type: 'object',
        properties: { sid: { type: 'string', pattern: NUMBER, readOnly: true }, label: { type: 'string' } },
      },
      Postcard: {
        type: 'object',
        required: ['id', 'to'],
        properties: {
          id: { type: 'string', pattern: KEY, readOnly: true },
          to: { type: 'string' },
          html: { type: 'string', maxLength: 100_000 },
        },
      },
    },
  },
};

const served = serveJudged(mail);

describe('a body as long as the contract allows', () => {
  it('is taken where the contract is not the built-in one (its own limit, 32 KiB) to 1 MiB past its longest text, and refused past it', async () => {
    const html = 'é'.repeat(100_000);
    const made = served.judged(
      'post',
      '/postcards',
      await served.mock().http.post('/postcards').send({ to: 'Ana', html }),
    );
    expect(made.status).toBe(201);
    expect(made.body.html).toBe(html);
    // Past 1 MiB, within the room for the longest text (100,000 characters of 6 bytes at most):
    // judged by the schema, not refused for its size.
    const long = await served
      .mock()
      .http.post('/postcards')
      .send({ to: 'Ana', html: 'x'.repeat(1_100_000) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/html/);
    const huge = await served
      .mock()
      .http.post('/postcards')
      .send({ to: 'Ana', html: 'x'.repeat(1_700_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The body is over 1610 KiB. Send a smaller body.');
  });
});

describe('keys drawn from a pattern of few short values', () => {
  it('key each of 60 creates by a key of its own that the pattern takes, and every list holds them', async () => {
    const keys = new Set<string>();
    for (let made = 0; made < 60; made += 1) {
      const path = '/postcards';
      const answer = served.judged(
        'post',
        path,
        await served
          .mock()
          .http.post(path)
          .send({ to: `Ana ${made}` }),
      );
      expect(answer.status).toBe(201);
      expect(answer.body.id).toMatch(new RegExp(KEY));
      keys.add(answer.body.id as string);
    }
    expect(keys.size).toBe(60);
    const list = served.judged('get', '/postcards', await served.mock().http.get('/postcards'));
    expect(list.status).toBe(200);
  });

  it('key creates of one body each by a key of its own, where the pattern has a fixed length', async () => {
    const keys = new Set<string>();
    for (let made = 0; made < 20; made += 1) {
      const answer = served.judged('post', '/numbers', await served.mock().http.post('/numbers').send({}));
      expect(answer.status).toBe(201);
      expect(answer.body.sid).toMatch(new RegExp(NUMBER));
      keys.add(answer.body.sid as string);
    }
    expect(keys.size).toBe(20);
  });
});
