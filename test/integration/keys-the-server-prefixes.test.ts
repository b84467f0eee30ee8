// A key the client sends that the record's answers write otherwise: Supabase Auth takes a custom
// provider's identifier as `mycompany` and answers it as `custom:mycompany`, the pattern its
// answers declare. The mock answers the key as that pattern takes it (behind its leading text),
// reads the record by it, and makes a key of the pattern where even that does not fit.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const provider = (pattern: string, maxLength?: number) => ({
  type: 'object',
  required: ['identifier', 'name'],
  properties: {
    identifier: { type: 'string', pattern, ...(maxLength ? { maxLength } : {}) },
    name: { type: 'string' },
  },
});
const collection = (path: string, sentPattern: string, answeredPattern: string, maxLength?: number) => ({
  [path]: {
    post: {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: provider(sentPattern) } },
      },
      responses: { '201': json(provider(answeredPattern, maxLength)) },
    },
    get: { responses: { '200': json({ type: 'array', items: provider(answeredPattern, maxLength) }) } },
  },
  [`${path}/{identifier}`]: {
    get: {
      parameters: [{ name: 'identifier', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '200': json(provider(answeredPattern, maxLength)), '404': { description: 'None.' } },
    },
  },
});
const document = {
  openapi: '3.0.3',
  info: { title: 'Providers', version: '1' },
  paths: {
    ...collection('/providers', '^[a-z]+$', '^custom:[a-z]+$'),
    ...collection('/devices', '^[a-z]+$', '^D[0-9]{4}$'),
    ...collection('/short', '^[a-z]+$', '^custom:[a-z]+$', 10),
  },
};

describe('a key sent that the answers write otherwise', () => {
  const served = serveJudged(document);
  const api = () => served.mock().http;

  it('is answered behind the leading text of the answers’ pattern, and read by it', async () => {
    const created = served.judged(
      'POST',
      '/providers',
      await api().post('/providers').send({ identifier: 'acme', name: 'Acme' }),
    );
    expect([created.status, created.body.identifier]).toEqual([201, 'custom:acme']);
    const read = served.judged('GET', '/providers/{identifier}', await api().get('/providers/custom:acme'));
    expect([read.status, read.body.name]).toEqual([200, 'Acme']);
    served.judged('GET', '/providers', await api().get('/providers'));
  });

  it('is made anew where behind that start it would be longer than its answers allow', async () => {
    const created = served.judged(
      'POST',
      '/short',
      await api().post('/short').send({ identifier: 'abcdefgh', name: 'Long' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.identifier).toMatch(/^custom:[a-z]{1,3}$/);
  });

  it('is made anew in the pattern where the text sent fits it no way', async () => {
    const created = served.judged(
      'POST',
      '/devices',
      await api().post('/devices').send({ identifier: 'lamp', name: 'Lamp' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.identifier).toMatch(/^D[0-9]{4}$/);
    const read = served.judged('GET', '/devices/{identifier}', await api().get(`/devices/${created.body.identifier}`));
    expect(read.body.name).toBe('Lamp');
  });
});
