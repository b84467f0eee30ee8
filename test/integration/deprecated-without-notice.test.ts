// An operation a document only marks `deprecated: true` (Spotify's, with no x-deprecation): the
// mock has no date and no successor to tell, and sends no Deprecation, Sunset or Link made up
// (it sent `Deprecation: @NaN` and `Sunset: Invalid Date`), and never a 410. Where the notice
// gives a date, that part alone is sent.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const likes = {
  description: 'Likes.',
  content: { 'application/json': { schema: { type: 'array', items: { type: 'boolean' } } } },
};

const served = serveJudged({
  openapi: '3.0.3',
  info: { title: 'Likes', version: '1' },
  paths: {
    '/likes/contains': { get: { operationId: 'checkLikes', deprecated: true, responses: { 200: likes } } },
    '/likes/dated': {
      get: {
        operationId: 'datedLikes',
        deprecated: true,
        'x-deprecation': { deprecatedAt: '2026-01-01T00:00:00Z' },
        responses: { 200: likes },
      },
    },
  },
});

describe('a deprecated operation without a notice of when', () => {
  it('is answered without Deprecation, Sunset or Link headers', async () => {
    const res = served.judged('GET', '/likes/contains', await served.mock().http.get('/likes/contains'));
    expect(res.status).toBe(200);
    expect([res.headers.deprecation, res.headers.sunset, res.headers.link]).toEqual([undefined, undefined, undefined]);
  });

  it('with a date alone, tells that date and nothing made up beside it', async () => {
    const res = served.judged('GET', '/likes/dated', await served.mock().http.get('/likes/dated'));
    expect(res.status).toBe(200);
    expect(res.headers.deprecation).toBe('@1767225600');
    expect(res.headers.sunset).toBeUndefined();
    expect(res.headers.link).toBe('</docs#/Pets/datedLikes>; rel="deprecation"; type="text/html"');
  });
});
