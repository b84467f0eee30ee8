// Shapes of Lichess's public API: a record whose key's parameter ({perf}) names a field of
// another kind (its statistics, an object), which holds no key; tournaments listed as a summary
// of another schema than their read (variant an object, not a name), each listed record fitted to
// the summary while the read keeps what was sent; and streams of JSON values (NDJSON) answered
// with a value of their schema, one per line.
import { describe, expect, it } from '@jest/globals';
import { CHESS_DOCUMENT as document } from '../support/chess-document.js';
import { serveJudged, textOf } from '../support/judged-document.js';

describe('answers of another schema than the record, and streams of JSON values', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('serves records whose key parameter names a field of objects, the key in a field beside it', () => {
    const stats = served.mock().server.store.data.perf as Array<Record<string, unknown>>;
    expect(stats.length).toBeGreaterThan(0);
    for (const stat of stats) {
      expect(typeof stat.perf).toBe('object');
      expect(typeof stat.perfKey).toBe('string');
    }
  });

  it('lists tournaments as the summary declares them, and keeps the variant a create sent for its reads', async () => {
    const made = served.judged(
      'POST',
      '/api/tournament',
      await http().post('/api/tournament').type('form').send({ name: 'Spring Arena', variant: 'chess960' }),
    );
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ name: 'Spring Arena', variant: 'chess960' });
    const read = served.judged(
      'GET',
      `/api/tournament/${made.body.id}`,
      await http().get(`/api/tournament/${made.body.id}`),
    );
    expect(read.body.variant).toBe('chess960');
    const listed = served.judged('GET', '/api/tournament', await http().get('/api/tournament'));
    expect(listed.status).toBe(200);
    const all = [...listed.body.created, ...listed.body.started, ...listed.body.finished];
    expect(all.length).toBeGreaterThan(0);
    for (const tournament of all) expect(typeof tournament.variant).toBe('object');
  });

  it('answers a stream of JSON values with one value of its schema per line, drawn or its example', async () => {
    const feed = served.judged('GET', '/api/tv/feed', await http().get('/api/tv/feed').buffer(true).parse(textOf));
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(String(feed.body)).toMatch(/^\{.*\}\n$/);
    expect(JSON.parse(String(feed.body))).toMatchObject({ t: expect.any(String), d: { id: expect.any(String) } });
    const chat = served.judged(
      'GET',
      '/api/game/g1/chat',
      await http().get('/api/game/g1/chat').buffer(true).parse(textOf),
    );
    expect(JSON.parse(String(chat.body))).toEqual([
      { text: 'e4 here we go', user: 'Toby' },
      { text: 'Woof!', user: 'AnnoyingDog' },
    ]);
  });
});
