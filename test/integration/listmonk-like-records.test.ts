// Records as Listmonk and Clerk answer them: a list wrapped twice ({data: {results: [...], total,
// page}}), a create answered by another schema than its read (Listmonk's campaign: send_at an
// object in one, a text in the other; lists of numbers, then of objects), and an invalid body
// refused with the 422 an operation declares where it declares no 400. Served with no 5xx, every
// exchange judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { CONTRACT_GAP_HEADER } from '../../src/openapi/response-contract.js';
import { serveJudged } from '../support/judged-document.js';
import { NEWSLETTERS_DOCUMENT } from '../support/newsletters-document.js';

describe('records as Listmonk and Clerk answer them', () => {
  const { mock, judged } = serveJudged(NEWSLETTERS_DOCUMENT);
  const http = () => mock().http;

  it('lists a collection whose answer wraps its page in {data: {results, total}}, the records made included', async () => {
    const made = judged('POST', '/campaigns', await http().post('/campaigns').send({ name: 'Spring news' }));
    expect(made.status).toBe(200);
    const listed = judged('GET', '/campaigns', await http().get('/campaigns'));
    expect(listed.status).toBe(200);
    expect(listed.body.data.results).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Spring news' })]),
    );
    expect(listed.body.data.total).toBe(listed.body.data.results.length);
  });

  it('answers a field its create and its read declare by different schemas in the schema of each', async () => {
    const sent = { name: 'Autumn news', lists: [1, 2], send_at: { at: 'soon' } };
    const made = judged('POST', '/campaigns', await http().post('/campaigns').send(sent));
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ name: 'Autumn news', send_at: expect.any(Object) });
    const id = made.body.data.id;
    expect(id).toEqual(expect.any(Number));
    const path = `/campaigns/${id}`;
    const read = judged('GET', path, await http().get(path));
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, name: 'Autumn news', send_at: expect.any(String) });
  });

  it('refuses a list its answers hold otherwise (an item twice, an item they do not list) with 422, and keeps one they take', async () => {
    const path = '/instance/communication';
    for (const codes of [['US', 'US'], ['XX']]) {
      const refused = judged('PATCH', path, await http().patch(path).send({ blocked_country_codes: codes }));
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].message).toMatch(/blocked_country_codes/);
    }
    const kept = judged(
      'PATCH',
      path,
      await http()
        .patch(path)
        .send({ blocked_country_codes: ['FR', 'DE'] }),
    );
    expect(kept.status).toBe(200);
    expect(judged('GET', path, await http().get(path)).body.blocked_country_codes).toEqual(['FR', 'DE']);
  });

  it('says what went wrong in an error list where no field is at fault', async () => {
    const missing = await http().get('/campaigns/99999');
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual([{ message: expect.stringMatching(/No campaign has id 99999/) }]);
  });

  it('refuses an invalid body with the 422 the operation declares, where it declares no 400, as no gap', async () => {
    const refused = judged('POST', '/campaigns', await http().post('/campaigns').send({ name: '' }));
    expect(refused.status).toBe(422);
    expect(refused.headers[CONTRACT_GAP_HEADER.toLowerCase()]).toBeUndefined();
    expect(refused.body.errors[0].message).toMatch(/name.*fewer than 1 character/);
  });
});
