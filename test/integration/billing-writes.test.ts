// Writes as a billing API's document declares them (Lago's): a record sent in an envelope the
// body may leave out, or beside options of the request; a create at the top of a collection also
// listed under a parent; a null the request takes and the answers cannot hold; a delete that
// answers the record in another schema than its read. Every answer is judged by the document.
import { describe, expect, it } from '@jest/globals';
import { BILLING_DOCUMENT } from '../support/billing-document.js';
import { serveJudged } from '../support/judged-document.js';

describe('writes of a billing API’s shapes', () => {
  const served = serveJudged(BILLING_DOCUMENT);
  const http = () => served.mock().http;

  it('makes a record whose optional envelope was left out, with what the answers require', async () => {
    const made = served.judged('POST', '/webhook_endpoints', await http().post('/webhook_endpoints').send({}));
    expect(made.status).toBe(200);
    const { lago_id, webhook_url } = made.body.webhook_endpoint as { lago_id: string; webhook_url: unknown };
    expect(typeof webhook_url).toBe('string');
    const read = served.judged(
      'GET',
      '/webhook_endpoints/{lago_id}',
      await http().get(`/webhook_endpoints/${lago_id}`),
    );
    expect(read.body.webhook_endpoint.webhook_url).toBe(webhook_url);
  });

  it('reads a null the request takes and the answers cannot hold as no value, and keeps what was sent', async () => {
    const sent = { webhook_endpoint: { webhook_url: 'https://example.com/hook', signature_algo: null } };
    const made = served.judged('POST', '/webhook_endpoints', await http().post('/webhook_endpoints').send(sent));
    expect(made.status).toBe(200);
    expect(made.body.webhook_endpoint.webhook_url).toBe('https://example.com/hook');
    expect(made.body.webhook_endpoint.signature_algo).not.toBeNull();
  });

  it('refuses a null the request requires and the answers cannot hold, with the document’s 422', async () => {
    const sent = { webhook_endpoint: { webhook_url: null } };
    const refused = served.judged('POST', '/webhook_endpoints', await http().post('/webhook_endpoints').send(sent));
    expect(refused.status).toBe(422);
  });

  it('answers a delete’s own object inside its envelope, the deleted flag set', async () => {
    const sent = { webhook_endpoint: { webhook_url: 'https://example.com/gone' } };
    const { lago_id } = (await http().post('/webhook_endpoints').send(sent)).body.webhook_endpoint;
    const path = `/webhook_endpoints/${lago_id}`;
    const removed = served.judged('DELETE', '/webhook_endpoints/{lago_id}', await http().delete(path));
    expect(removed.body).toEqual({ webhook_endpoint: { lago_id, deleted: true } });
    expect((await http().get(path)).status).toBe(404);
  });

  it('changes a record sent in its envelope beside an option named as one of its fields', async () => {
    const made = { subscription: { external_id: 'sub-77', plan_code: 'gold' } };
    const before = (await http().post('/subscriptions').send(made)).body.subscription;
    const sent = {
      status: before.status === 'active' ? 'terminated' : 'active',
      subscription: { plan_code: 'silver' },
    };
    const changed = served.judged(
      'PUT',
      '/subscriptions/{external_id}',
      await http().put('/subscriptions/sub-77').send(sent),
    );
    expect(changed.body.subscription).toMatchObject({ plan_code: 'silver', status: before.status });
  });

  it('makes the parent’s key of a record created at the top of a collection listed under parents', async () => {
    const sent = { payment: { amount_cents: 1200, reference: 'invoice 7' } };
    const made = served.judged('POST', '/payments', await http().post('/payments').send(sent));
    expect(made.status).toBe(200);
    expect(made.body.payment).toMatchObject({ amount_cents: 1200, reference: 'invoice 7' });
    expect(typeof made.body.payment.external_customer_id).toBe('string');
    const path = `/payments/${made.body.payment.lago_id}`;
    expect(served.judged('GET', '/payments/{lago_id}', await http().get(path)).body.payment).toEqual(made.body.payment);
  });

  it('stores the record sent beside options of the request, and a delete answers that record', async () => {
    const sent = { authorization: { amount_cents: 100 }, subscription: { external_id: 'sub-41', plan_code: 'gold' } };
    const made = served.judged('POST', '/subscriptions', await http().post('/subscriptions').send(sent));
    expect(made.status).toBe(200);
    expect(made.body.subscription).toMatchObject({ external_id: 'sub-41', plan_code: 'gold' });
    expect(made.body.subscription).not.toHaveProperty('authorization');
    const read = served.judged('GET', '/subscriptions/{external_id}', await http().get('/subscriptions/sub-41'));
    expect(read.body.subscription.lago_id).toBe(made.body.subscription.lago_id);
    const removed = served.judged(
      'DELETE',
      '/subscriptions/{external_id}',
      await http().delete('/subscriptions/sub-41'),
    );
    expect(removed.status).toBe(200);
    expect(removed.body.subscription).toMatchObject({ external_id: 'sub-41', lago_id: made.body.subscription.lago_id });
    expect((await http().get('/subscriptions/sub-41')).status).toBe(404);
  });
});
