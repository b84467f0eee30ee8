// A request body that is a oneOf of object branches with no properties of its own, as
// DigitalOcean's droplet create is (one name, or many names, beside what both share): the record
// stores what the branch sent names, and takes no default from a branch it was not sent as; a
// field sent as one of several scalars (an image's id or slug) that answers hold as an object is
// the server's to make, named by the id sent.
// Every exchange judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object, status = 'ok') => ({
  description: status,
  content: { 'application/json': { schema } },
});
const shared = { $ref: '#/components/schemas/DropletCreate' };
const single = {
  allOf: [{ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, shared],
};
const many = {
  allOf: [
    {
      type: 'object',
      required: ['names'],
      properties: {
        names: { type: 'array', items: { type: 'string' } },
        tag: { type: 'string', default: 'batch' },
      },
    },
    shared,
  ],
};
const answer = json({
  type: 'object',
  required: ['droplet'],
  properties: { droplet: { $ref: '#/components/schemas/Droplet' } },
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Droplets', version: '1' },
  paths: {
    '/droplets': {
      get: {
        operationId: 'listDroplets',
        responses: { 200: json({ type: 'array', items: { $ref: '#/components/schemas/Droplet' } }) },
      },
      post: {
        operationId: 'createDroplet',
        requestBody: { required: true, content: { 'application/json': { schema: { oneOf: [single, many] } } } },
        responses: { 202: answer },
      },
    },
    '/droplets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: 'getDroplet', responses: { 200: answer, 404: { description: 'none' } } },
    },
  },
  components: {
    schemas: {
      DropletCreate: {
        type: 'object',
        required: ['size'],
        properties: {
          size: { type: 'string' },
          backups: { type: 'boolean', default: true },
          image: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        },
      },
      Droplet: {
        type: 'object',
        required: ['id', 'name', 'size'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
          size: { type: 'string' },
          backups: { type: 'boolean' },
          tag: { type: 'string' },
          image: { type: 'object', properties: { id: { type: 'integer' }, slug: { type: 'string' } } },
        },
      },
    },
  },
};

describe('a body that is one of several object branches', () => {
  const served = serveJudged(document);
  const api = () => served.mock().http;

  it('stores the fields its branch names, with the defaults every branch gives, and reads them back', async () => {
    const made = served.judged(
      'post',
      '/droplets',
      await api().post('/droplets').send({ name: 'web-1', size: 's-1vcpu' }),
    );
    expect(made.status).toBe(202);
    expect(made.body.droplet).toMatchObject({ name: 'web-1', size: 's-1vcpu', backups: true });
    // The default of the branch of many names is not this body's.
    expect(made.body.droplet.tag).not.toBe('batch');
    const read = served.judged('get', '/droplets/{id}', await api().get(`/droplets/${made.body.droplet.id}`));
    expect(read.body.droplet).toMatchObject({ name: 'web-1', size: 's-1vcpu', backups: true });
  });

  it('makes a field sent as a scalar its answers hold as an object, named by the id sent', async () => {
    const made = served.judged(
      'post',
      '/droplets',
      await api().post('/droplets').send({ name: 'web-2', size: 's-1vcpu', image: 5 }),
    );
    expect(made.status).toBe(202);
    expect(made.body.droplet.image).toMatchObject({ id: 5 });
  });
});
