// Writes as a billing API's document declares them (Lago's): a record sent in an envelope the
// body may leave out, or beside options of the request; a create at the top of a collection also
// listed under a parent; a null the request takes and the answers cannot hold; a delete that
// answers the record in another schema than its read. Every answer is judged by the document.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const body = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const notFound = { description: 'none' };
const lagoId = { type: 'string', format: 'uuid' };

const document = {
  openapi: '3.1.0',
  info: { title: 'Billing', version: '1' },
  paths: {
    '/customers': {
      get: { operationId: 'listCustomers', responses: { 200: json({ type: 'array', items: ref('Customer') }) } },
    },
    '/customers/{external_customer_id}': {
      parameters: [param('external_customer_id')],
      get: { operationId: 'getCustomer', responses: { 200: json(ref('Customer')), 404: notFound } },
    },
    '/customers/{external_customer_id}/payments': {
      parameters: [param('external_customer_id')],
      get: {
        operationId: 'listCustomerPayments',
        responses: { 200: json({ type: 'array', items: ref('Payment') }), 404: notFound },
      },
    },
    '/payments': {
      post: {
        operationId: 'createPayment',
        requestBody: body({
          type: 'object',
          required: ['payment'],
          properties: {
            payment: {
              type: 'object',
              required: ['amount_cents'],
              properties: { amount_cents: { type: 'integer' }, reference: { type: 'string' } },
            },
          },
        }),
        responses: { 200: json({ type: 'object', required: ['payment'], properties: { payment: ref('Payment') } }) },
      },
    },
    '/payments/{lago_id}': {
      parameters: [param('lago_id')],
      get: {
        operationId: 'getPayment',
        responses: {
          200: json({ type: 'object', required: ['payment'], properties: { payment: ref('Payment') } }),
          404: notFound,
        },
      },
    },
    '/webhook_endpoints': {
      post: {
        operationId: 'createWebhookEndpoint',
        // The envelope itself is optional: a body of {} is valid, and the answers still require a URL.
        requestBody: body(ref('WebhookEndpointCreateInput')),
        responses: { 200: json(ref('WebhookEndpoint')), 422: notFound },
      },
    },
    '/webhook_endpoints/{lago_id}': {
      parameters: [param('lago_id')],
      get: { operationId: 'getWebhookEndpoint', responses: { 200: json(ref('WebhookEndpoint')), 404: notFound } },
    },
    '/subscriptions': {
      post: {
        operationId: 'createSubscription',
        requestBody: body({
          type: 'object',
          required: ['subscription'],
          properties: {
            authorization: {
              type: 'object',
              required: ['amount_cents'],
              properties: { amount_cents: { type: 'integer' } },
            },
            subscription: ref('SubscriptionInput'),
          },
        }),
        responses: {
          200: json({ type: 'object', required: ['subscription'], properties: { subscription: ref('Subscription') } }),
        },
      },
    },
    '/subscriptions/{external_id}': {
      parameters: [param('external_id')],
      get: {
        operationId: 'getSubscription',
        responses: {
          200: json({
            type: 'object',
            required: ['subscription'],
            properties: { subscription: ref('SubscriptionExtended') },
          }),
          404: notFound,
        },
      },
      delete: {
        operationId: 'destroySubscription',
        responses: {
          200: json({ type: 'object', required: ['subscription'], properties: { subscription: ref('Subscription') } }),
          404: notFound,
        },
      },
    },
  },
  components: {
    schemas: {
      Customer: {
        type: 'object',
        required: ['lago_id', 'external_id'],
        properties: { lago_id: lagoId, external_id: { type: 'string' } },
      },
      Payment: {
        type: 'object',
        required: ['lago_id', 'external_customer_id', 'amount_cents'],
        properties: {
          lago_id: lagoId,
          external_customer_id: { type: 'string' },
          amount_cents: { type: 'integer' },
          reference: { type: 'string' },
        },
      },
      WebhookEndpointCreateInput: {
        type: 'object',
        properties: {
          webhook_endpoint: {
            type: 'object',
            required: ['webhook_url'],
            properties: {
              webhook_url: { type: 'string' },
              signature_algo: { type: ['string', 'null'], enum: ['jwt', 'hmac', null] },
            },
          },
        },
      },
      WebhookEndpoint: {
        type: 'object',
        required: ['webhook_endpoint'],
        properties: {
          webhook_endpoint: {
            type: 'object',
            required: ['lago_id', 'webhook_url'],
            properties: {
              lago_id: lagoId,
              webhook_url: { type: 'string' },
              signature_algo: { type: 'string', enum: ['jwt', 'hmac'] },
            },
          },
        },
      },
      SubscriptionInput: {
        type: 'object',
        required: ['external_id', 'plan_code'],
        properties: { external_id: { type: 'string' }, plan_code: { type: 'string' } },
      },
      Subscription: {
        type: 'object',
        required: ['lago_id', 'external_id', 'plan_code', 'status'],
        properties: {
          lago_id: lagoId,
          external_id: { type: 'string' },
          plan_code: { type: 'string' },
          status: { type: 'string', enum: ['active', 'terminated'] },
        },
      },
      SubscriptionExtended: {
        allOf: [ref('Subscription'), { type: 'object', properties: { usage_cents: { type: 'integer' } } }],
      },
    },
  },
};

describe('writes of a billing API’s shapes', () => {
  const served = serveJudged(document);
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
