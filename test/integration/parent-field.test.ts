// A sub-collection whose records have a field of the parent parameter's name (Ory's sessions
// under /admin/identities/{id}/sessions, each with an id of its own): the record keeps its own
// id, and the parent's key is held beside it, so the list under each parent shows its own
// records, each once.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const idOf = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const identity = { $ref: '#/components/schemas/Identity' };
const session = { $ref: '#/components/schemas/Session' };

const document = {
  openapi: '3.0.3',
  info: { title: 'Identities', version: '1' },
  paths: {
    '/identities': {
      get: { operationId: 'listIdentities', responses: { 200: json({ type: 'array', items: identity }) } },
    },
    '/identities/{id}': {
      parameters: [idOf('id')],
      get: { operationId: 'getIdentity', responses: { 200: json(identity), 404: { description: 'none' } } },
    },
    '/identities/{id}/sessions': {
      parameters: [idOf('id')],
      get: {
        operationId: 'listIdentitySessions',
        responses: { 200: json({ type: 'array', items: session }), 404: { description: 'none' } },
      },
    },
  },
  components: {
    schemas: {
      Identity: {
        type: 'object',
        required: ['id', 'state'],
        properties: { id: { type: 'string', format: 'uuid' }, state: { type: 'string', enum: ['active', 'inactive'] } },
      },
      Session: {
        type: 'object',
        required: ['id', 'active'],
        properties: { id: { type: 'string', format: 'uuid' }, active: { type: 'boolean' } },
      },
    },
  },
};

describe('a sub-collection whose records have a field named as the parent parameter', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('lists under each parent its own records, each once, with ids of their own', async () => {
    const identities = served.judged('GET', '/identities', await http().get('/identities')).body as Array<{
      id: string;
    }>;
    const listed: string[] = [];
    for (const { id } of identities) {
      const path = `/identities/${id}/sessions`;
      const sessions = served.judged('GET', '/identities/{id}/sessions', await http().get(path)).body as Array<{
        id: string;
      }>;
      for (const each of sessions) {
        expect(each.id).not.toBe(id);
        listed.push(each.id);
      }
    }
    expect(listed.length).toBeGreaterThan(3);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
