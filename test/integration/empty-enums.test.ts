// An enum with no member, as Discord's generator writes one beside the allOf of the enum it means
// (its join requests' `status` parameter and `action` field): Ajv refuses to compile it, and every
// request of the operation was a 500. It is left out with a warning at its line; the values the
// allOf names are taken, others refused with the contract's 400.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const status = { type: 'string', enum: [], allOf: [{ $ref: '#/components/schemas/Status' }] };
const document = {
  openapi: '3.1.0',
  info: { title: 'Join requests', version: '1' },
  paths: {
    '/requests': {
      get: {
        operationId: 'listRequests',
        parameters: [{ name: 'status', in: 'query', schema: status }],
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, status } } },
              },
            },
          },
        },
      },
    },
  },
  components: { schemas: { Status: { type: 'string', enum: ['SUBMITTED', 'APPROVED'] } } },
};

describe('an enum with no member', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('is left out, said at the start; the values its allOf names are taken, others refused', async () => {
    expect(served.mock().server.contractDraft?.warnings).toContainEqual(
      expect.objectContaining({ rule: 'empty-enum', pointer: '/paths/~1requests/get/parameters/0/schema/enum' }),
    );
    expect(served.judged('GET', '/requests', await http().get('/requests?status=APPROVED')).status).toBe(200);
    expect((await http().get('/requests?status=LOST')).status).toBe(400);
  });
});
