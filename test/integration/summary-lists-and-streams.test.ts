// Shapes of Lichess's public API: users and statistics no operation makes or lists, read by
// any key; a record whose key's parameter ({perf}) names a field of another kind (its
// statistics, an object), which holds no key; tournaments listed as a summary
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

  it('reads any user and statistics no operation makes or lists, the same each time, where no 404 is declared', async () => {
    const user = served.judged('GET', '/api/user/thibault', await http().get('/api/user/thibault'));
    expect(user.status).toBe(200);
    expect(user.body.username).toBe('thibault');
    expect((await http().get('/api/user/thibault')).body).toEqual(user.body);
    expect((await http().get('/api/user/magnus')).body.username).toBe('magnus');
    const stats = served.judged(
      'GET',
      '/api/user/thibault/perf/blitz',
      await http().get('/api/user/thibault/perf/blitz'),
    );
    expect(stats.status).toBe(200);
    expect(typeof stats.body.perf).toBe('object');
  });

  it('stores such a record, as drawn, with the change a write makes to it, answered as its write declares', async () => {
    const before = (await http().get('/api/user/alireza')).body;
    const changed = served.judged(
      'PATCH',
      '/api/user/alireza',
      await http().patch('/api/user/alireza').send({ title: 'GM' }),
    );
    // Its closed answer declares some of the record and requires a success the record lacks: drawn for it.
    expect(changed.body).toEqual({ id: before.id, title: 'GM', success: expect.any(String) });
    const user = { ...before, title: 'GM' };
    expect((await http().get('/api/user/alireza')).body).toEqual(user);
    const users = served.mock().server.store.data.user as Array<Record<string, unknown>>;
    expect(users.filter((stored) => stored.username === 'alireza')).toEqual([user]);
  });

  it('answers a list under a record that has none of its own yet with the fewest records its schema takes', async () => {
    const listed = served.judged('GET', '/api/user/newcomer/studies', await http().get('/api/user/newcomer/studies'));
    expect(listed.status).toBe(200);
    expect(listed.body.studies).toHaveLength(1);
    expect((await http().get('/api/user/newcomer/studies')).body).toEqual(listed.body);
  });

  it('still answers 404 for a tournament not there: a create makes them', async () => {
    const res = await http().get('/api/tournament/not-made');
    expect(res.status).toBe(404);
    expect(res.headers['x-mock-contract-gap']).toMatch(/404/);
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

  it('names the object a create makes for another record by the key the body sent in an object', async () => {
    const made = served.judged(
      'POST',
      '/api/broadcast',
      await http()
        .post('/api/broadcast')
        .send({ name: 'World Cup', owner: { id: 'user-42' } }),
    );
    expect(made.body.owner).toEqual({ id: 'user-42', type: 'user', name: expect.any(String) });
    expect((await http().get(`/api/broadcast/${made.body.id}`)).body.owner).toEqual(made.body.owner);
  });

  it("fits a list's records by its items, not by an envelope that has an id and a type of its own", async () => {
    const made = served.judged(
      'POST',
      '/api/broadcast',
      await http().post('/api/broadcast').send({ name: 'Candidates' }),
    );
    expect(made.body).toMatchObject({ name: 'Candidates', type: 'broadcast' });
    const page = served.judged('GET', '/api/broadcast', await http().get('/api/broadcast'));
    expect(page.status).toBe(200);
    expect(page.body.type).toBe('page');
    expect(page.body.entries).toContainEqual(made.body);
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

  it('streams a list a record a line, and a JSON text sequence each after a record separator', async () => {
    const listed = served.judged('GET', '/api/puzzles', await http().get('/api/puzzles').buffer(true).parse(textOf));
    const lines = String(listed.body).split('\n');
    expect(lines.pop()).toBe('');
    const stored = served.mock().server.store.data.puzzles as unknown[];
    const streamed = lines.map((line) => JSON.parse(line));
    expect(streamed).toHaveLength(stored.length);
    expect(streamed).toEqual(expect.arrayContaining(stored));
    const channels = served.judged(
      'GET',
      '/api/tv/channels',
      await http().get('/api/tv/channels').buffer(true).parse(textOf),
    );
    expect(channels.headers['content-type']).toMatch(/^application\/json-seq/);
    const sequence = String(channels.body);
    expect(sequence.startsWith('\u001e{')).toBe(true);
    expect(sequence.endsWith('}\n')).toBe(true);
  });

  it('answers a type of its own written as text with its example, and an image with an image', async () => {
    const pgn = await http()
      .get('/api/game/g1/export')
      .set('Accept', 'application/x-chess-pgn')
      .buffer(true)
      .parse(textOf);
    expect(pgn.body).toBe('[Event "Casual"]\n\n1. e4 e5 *\n');
    const png = await http().get('/api/game/g1/export').set('Accept', 'image/png').buffer(true).parse(textOf);
    expect(png.headers['content-type']).toMatch(/^image\/png/);
    expect(String(png.body).slice(1, 4)).toBe('PNG');
  });
});
