// A oneOf whose branches overlap, as InfluxDB answers a dashboard: a Dashboard or a
// DashboardWithViews, which differ only in their cells' items, so that a dashboard without cells
// is both and breaks the oneOf read as JSON Schema. Every create and read answered 500. The
// answer is given as its servers give it, marked with X-Mock-Contract-Gap naming the fix.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';
import { BOARDS_DOCUMENT as document } from '../support/monitoring-document.js';

const OVERLAP =
  /^(createDashboard's 201|getDashboard's 200) answer meets more than one branch of a oneOf, whose branches overlap \(body must match exactly one schema in oneOf\)$/;

describe('an answer of a oneOf whose branches overlap', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('is given, marked as a gap of the contract, on a create and on each read', async () => {
    const created = await http().post('/dashboards').send({ name: 'ops' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'ops' });
    expect(created.headers['x-mock-contract-gap']).toMatch(OVERLAP);
    const read = await http().get(`/dashboards/${encodeURIComponent(created.body.id)}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    expect(read.headers['x-mock-contract-gap']).toMatch(OVERLAP);
    // A list of one schema holds it as the contract says, unmarked.
    const listed = served.judged('GET', '/dashboards', await http().get('/dashboards'));
    expect(listed.body.dashboards).toContainEqual(created.body);
    expect(listed.headers['x-mock-contract-gap']).toBeUndefined();
  });

  it("still refuses a body that breaks the schema otherwise, in the contract's words", async () => {
    const res = served.judged('POST', '/dashboards', await http().post('/dashboards').send({ title: 'ops' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), message: expect.stringMatching(/name/) });
  });
});
