// Records of several kinds a discriminator tells apart, built as InfluxDB's notification endpoints
// are: each kind an allOf of one base whose tag takes every kind's name, one kind asking for
// nothing more. Read as plain JSON Schema, every http endpoint meets the slack branch too and
// breaks the oneOf: the draft was refused at start, and a created http endpoint answered 500. The
// tag chooses the branch, as the document means, for records, answers and requests alike.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';
import { MONITORING_DOCUMENT as document } from '../support/monitoring-document.js';

type Endpoint = { id: string; type: string; name: string; url?: string; method?: string };

describe('records of kinds a discriminator tells apart, each kind asking for more than one that asks for nothing', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('is served, its drawn records of either kind each holding what its tag asks', async () => {
    const res = await http().get('/endpoints');
    expect(res.status).toBe(200);
    const endpoints = res.body.endpoints as Endpoint[];
    // A dozen records, each of a kind drawn at random: both kinds are among them.
    expect(new Set(endpoints.map((endpoint) => endpoint.type))).toEqual(new Set(['slack', 'http']));
    for (const endpoint of endpoints) {
      if (endpoint.type === 'http') expect(endpoint).toEqual(expect.objectContaining({ url: expect.any(String) }));
      expect((await http().get(`/endpoints/${encodeURIComponent(endpoint.id)}`)).status).toBe(200);
    }
  });

  it('creates, reads and deletes a record of the kind that meets both branches', async () => {
    const hook = { type: 'http', name: 'hook', url: 'https://example.com/hook', method: 'POST' };
    const created = await http().post('/endpoints').send(hook);
    expect(created.status).toBe(201);
    expect(created.body).toEqual(expect.objectContaining(hook));
    const path = `/endpoints/${encodeURIComponent((created.body as Endpoint).id)}`;
    expect((await http().get(path)).body).toEqual(created.body);
    expect((await http().get('/endpoints')).body.endpoints).toContainEqual(created.body);
    expect((await http().delete(path)).status).toBe(204);
    expect((await http().get(path)).status).toBe(404);
  });

  it("refuses an http endpoint without what its kind asks for, though the slack kind would take it, in the document's words", async () => {
    const res = served.judged('POST', '/endpoints', await http().post('/endpoints').send({ type: 'http', name: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.anything(), message: expect.stringMatching(/url/) });
  });
});
