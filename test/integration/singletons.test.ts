// Singletons as real APIs write them (Conduit's /user, an account's /settings): a path ending in
// no key, read by GET and changed by PUT or PATCH. The mock stores the one record: a PUT replaces
// the fields its body names (a readOnly one kept), a PATCH merges, a GET reads the change back,
// and a reset brings the drawn record back. Under a parent (/users/{userId}/preferences), one
// record per user, in the answer's envelope; a user with none yet reads the drawn one, and a
// user that is not there is a 404. Every exchange judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { ACCOUNTS_DOCUMENT } from '../support/accounts-document.js';
import { serveJudged } from '../support/judged-document.js';

const served = serveJudged(ACCOUNTS_DOCUMENT);
const { judged } = served;
const http = () => served.mock().http;
const read = async (path: string) => judged('GET', path, await http().get(path));

describe('a singleton at the top level (/settings)', () => {
  it('reads back what a PUT replaced, its readOnly field kept and the fields the body left out gone', async () => {
    const before = await read('/settings');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ theme: expect.any(String), plan: expect.any(String) });
    const put = judged(
      'PUT',
      '/settings',
      await http().put('/settings').send({ theme: 'dark', language: 'fr', plan: 'pro' }),
    );
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ theme: 'dark', language: 'fr', plan: before.body.plan });
    expect((await read('/settings')).body).toEqual(put.body);
  });

  it('merges a PATCH into the stored record, and reads the merge back', async () => {
    await http().put('/settings').send({ theme: 'light', language: 'de' });
    const patch = judged(
      'PATCH',
      '/settings',
      await http()
        .patch('/settings')
        .send({ notifications: { push: true } }),
    );
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ theme: 'light', language: 'de', notifications: { push: true } });
    expect((await read('/settings')).body).toEqual(patch.body);
  });

  it('is its drawn record again after a reset of the state', async () => {
    await http().post('/__mock/reset').expect(204);
    const drawn = (await read('/settings')).body;
    await http().put('/settings').send({ theme: 'dark', language: 'pt' });
    expect((await read('/settings')).body.language).toBe('pt');
    await http().post('/__mock/reset').expect(204);
    expect((await read('/settings')).body).toEqual(drawn);
  });
});

describe('a singleton under a parent (/users/{userId}/preferences)', () => {
  it("keeps one record per user: a PATCH of one user's is read back, another's is unchanged", async () => {
    const other = (await read('/users/2/preferences')).body;
    expect(other).toEqual({ preferences: { newsletter: expect.any(Boolean), timezone: expect.any(String) } });
    const patch = judged(
      'PATCH',
      '/users/1/preferences',
      await http()
        .patch('/users/1/preferences')
        .send({ preferences: { timezone: 'Europe/Lisbon' } }),
    );
    expect(patch.status).toBe(200);
    expect(patch.body.preferences.timezone).toBe('Europe/Lisbon');
    expect((await read('/users/1/preferences')).body).toEqual(patch.body);
    expect((await read('/users/2/preferences')).body).toEqual(other);
  });

  it('gives a user made since the start the drawn record, and stores its own at the first change', async () => {
    const made = judged('POST', '/users', await http().post('/users').send({ name: 'Ada' }));
    expect(made.status).toBe(201);
    const path = `/users/${made.body.id}/preferences`;
    const first = await read(path);
    expect(first.status).toBe(200);
    const patch = judged(
      'PATCH',
      path,
      await http()
        .patch(path)
        .send({ preferences: { newsletter: !first.body.preferences.newsletter } }),
    );
    expect(patch.body.preferences).toEqual({
      ...first.body.preferences,
      newsletter: !first.body.preferences.newsletter,
    });
    expect((await read(path)).body).toEqual(patch.body);
  });

  it('answers 404 for a user that is not there', async () => {
    expect((await read('/users/9999/preferences')).status).toBe(404);
    const patch = await http()
      .patch('/users/9999/preferences')
      .send({ preferences: { newsletter: true } });
    expect(judged('PATCH', '/users/9999/preferences', patch).status).toBe(404);
  });
});
