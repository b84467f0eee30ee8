// A billing API's document built as Lago's: records sent in envelopes, one the body may leave out
// ({"webhook_endpoint": ...}) or one beside options of the request ({"subscription": ...,
// "authorization": ...}); a create at the top of a collection also listed under a parent; a null
// the request takes and the answers cannot hold; a delete answering the record in another schema
// than its read; keywords beside a $ref (3.1: TaxBaseInput made to require its fields); a field
// sent as an integer or a text and answered as a date-time; plans keyed by the code a client
// sends, with charges of codes of their own under /plans/{code}/charges, deleted with a body.
const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const body = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const notFound = { description: 'none' };
const lagoId = { type: 'string', format: 'uuid' };

export const BILLING_DOCUMENT = {
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
      // A deletion object of its own inside the envelope: the endpoint's id and a flag.
      delete: {
        operationId: 'destroyWebhookEndpoint',
        responses: {
          200: json({
            type: 'object',
            required: ['webhook_endpoint'],
            properties: {
              webhook_endpoint: {
                type: 'object',
                required: ['lago_id', 'deleted'],
                properties: { lago_id: lagoId, deleted: { type: 'boolean' } },
              },
            },
          }),
          404: notFound,
        },
      },
    },
    '/taxes': {
      get: {
        operationId: 'listTaxes',
        responses: {
          200: json({
            type: 'object',
            required: ['taxes'],
            properties: { taxes: { type: 'array', items: ref('Tax') } },
          }),
        },
      },
      post: {
        operationId: 'createTax',
        requestBody: body({
          type: 'object',
          required: ['tax'],
          properties: { tax: { $ref: '#/components/schemas/TaxBaseInput', required: ['name', 'code', 'rate'] } },
        }),
        responses: { 200: json({ type: 'object', required: ['tax'], properties: { tax: ref('Tax') } }), 422: notFound },
      },
    },
    '/taxes/{code}': {
      parameters: [param('code')],
      get: {
        operationId: 'findTax',
        responses: { 200: json({ type: 'object', required: ['tax'], properties: { tax: ref('Tax') } }), 404: notFound },
      },
      delete: {
        operationId: 'destroyTax',
        responses: { 200: json({ type: 'object', required: ['tax'], properties: { tax: ref('Tax') } }), 404: notFound },
      },
    },
    '/events': {
      post: {
        operationId: 'createEvent',
        requestBody: body({ type: 'object', required: ['event'], properties: { event: ref('EventInput') } }),
        responses: {
          200: json({ type: 'object', required: ['event'], properties: { event: ref('Event') } }),
          422: notFound,
        },
      },
    },
    '/events/{transaction_id}': {
      parameters: [param('transaction_id')],
      get: {
        operationId: 'findEvent',
        responses: {
          200: json({ type: 'object', required: ['event'], properties: { event: ref('Event') } }),
          404: notFound,
        },
      },
    },
    '/plans': {
      post: {
        operationId: 'createPlan',
        requestBody: body({ type: 'object', required: ['plan'], properties: { plan: ref('PlanInput') } }),
        responses: { 200: json({ type: 'object', required: ['plan'], properties: { plan: ref('Plan') } }) },
      },
    },
    '/plans/{code}': {
      parameters: [param('code')],
      get: {
        operationId: 'findPlan',
        responses: {
          200: json({ type: 'object', required: ['plan'], properties: { plan: ref('Plan') } }),
          404: notFound,
        },
      },
    },
    '/plans/{code}/charges': {
      parameters: [param('code')],
      get: {
        operationId: 'findAllPlanCharges',
        responses: {
          200: json({
            type: 'object',
            required: ['charges'],
            properties: { charges: { type: 'array', items: ref('Charge') } },
          }),
          404: notFound,
        },
      },
      post: {
        operationId: 'createPlanCharge',
        requestBody: body({ type: 'object', required: ['charge'], properties: { charge: ref('ChargeInput') } }),
        responses: {
          200: json({ type: 'object', required: ['charge'], properties: { charge: ref('Charge') } }),
          404: notFound,
        },
      },
    },
    '/plans/{code}/charges/{charge_code}': {
      parameters: [param('code'), param('charge_code')],
      get: {
        operationId: 'findPlanCharge',
        responses: {
          200: json({ type: 'object', required: ['charge'], properties: { charge: ref('Charge') } }),
          404: notFound,
        },
      },
      delete: {
        operationId: 'destroyPlanCharge',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { charge: { type: 'object', properties: { cascade_updates: { type: 'boolean' } } } },
              },
            },
          },
        },
        responses: {
          200: json({ type: 'object', required: ['charge'], properties: { charge: ref('Charge') } }),
          404: notFound,
        },
      },
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
      // The record in its envelope beside an option named as one of its fields.
      put: {
        operationId: 'updateSubscription',
        requestBody: body({
          type: 'object',
          required: ['subscription'],
          properties: {
            status: { type: 'string', enum: ['active', 'terminated'] },
            subscription: { type: 'object', properties: { plan_code: { type: 'string' } } },
          },
        }),
        responses: {
          200: json({ type: 'object', required: ['subscription'], properties: { subscription: ref('Subscription') } }),
          404: notFound,
        },
      },
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
              webhook_url: { type: ['string', 'null'] },
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
      TaxBaseInput: {
        type: 'object',
        properties: { name: { type: 'string' }, code: { type: 'string' }, rate: { type: 'number' } },
      },
      Tax: {
        type: 'object',
        required: ['lago_id', 'name', 'code', 'rate'],
        properties: { lago_id: lagoId, name: { type: 'string' }, code: { type: 'string' }, rate: { type: 'number' } },
      },
      EventInput: {
        type: 'object',
        required: ['transaction_id', 'code'],
        properties: {
          transaction_id: { type: 'string' },
          code: { type: 'string' },
          timestamp: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
        },
      },
      Event: {
        type: 'object',
        required: ['lago_id', 'transaction_id', 'code', 'timestamp'],
        properties: {
          lago_id: lagoId,
          transaction_id: { type: 'string' },
          code: { type: 'string' },
          timestamp: { type: 'string', format: 'date-time' },
        },
      },
      PlanInput: {
        type: 'object',
        required: ['code', 'name'],
        properties: { code: { type: 'string' }, name: { type: 'string' } },
      },
      Plan: {
        type: 'object',
        required: ['lago_id', 'code', 'name'],
        properties: { lago_id: lagoId, code: { type: 'string' }, name: { type: 'string' } },
      },
      ChargeInput: {
        type: 'object',
        required: ['charge_model'],
        properties: { code: { type: 'string' }, charge_model: { type: 'string', enum: ['standard', 'package'] } },
      },
      Charge: {
        type: 'object',
        required: ['lago_id', 'code', 'charge_model'],
        properties: {
          lago_id: lagoId,
          code: { type: 'string' },
          charge_model: { type: 'string', enum: ['standard', 'package'] },
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
