// Errors a contract declares only in XML (Train Travel's application/problem+xml, readme's
// application/xml 400) are XML documents: the schema's fields under its XML Object's name, or
// the error's own code and message where the type gives no schema; never bare text under an
// XML type.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const problem = {
  type: 'object',
  xml: { name: 'problem', namespace: 'urn:ietf:rfc:7807' },
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
  },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'XML errors', version: '1' },
  paths: {
    '/bookings': {
      get: {
        operationId: 'listBookings',
        responses: {
          '200': {
            description: 'All',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Booking' } } },
            },
          },
        },
      },
    },
    '/bookings/{id}': {
      get: {
        operationId: 'getBooking',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'A booking',
            content: { 'application/xml': { schema: { type: 'object', properties: { id: { type: 'integer' } } } } },
          },
          '400': { description: 'Refused', content: { 'application/xml': {} } },
          '404': { description: 'Not there', content: { 'application/problem+xml': { schema: problem } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Booking: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, seat: { type: 'string' } } },
    },
  },
};

const mock = useTestMock(() => servingDocument(document));

describe('an error declared in XML', () => {
  it('is the schema’s document under its XML name', async () => {
    const res = await mock.http.get('/bookings/999999').set('Accept', 'application/problem+xml');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+xml/);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><problem[ >]/);
    expect(res.text).toContain('<status>404</status>');
  });

  it('holds the error’s code and message where its type gives no schema', async () => {
    const res = await mock.http.get('/bookings/not-a-number').set('Accept', 'application/xml');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><error><code>INVALID_PARAMETER<\/code><message>[^<]*id[^<]*<\/message><status>400<\/status><\/error>$/,
    );
  });
});
