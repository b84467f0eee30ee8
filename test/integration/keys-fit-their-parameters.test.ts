// A record's new key fits the path parameter it is read by, where its own field says nothing of
// its form (Adyen's SCA devices: an id of any text, read at /scaDevices/{deviceId} of exactly 30
// characters): a UUID would be a 400 at its own item path.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';

const device = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
};
const token = {
  type: 'object',
  required: ['id', 'label'],
  properties: { id: { type: 'string', readOnly: true }, label: { type: 'string' } },
};
const address = {
  type: 'object',
  required: ['id', 'line1'],
  properties: { id: { type: 'string', readOnly: true }, line1: { type: 'string' } },
};
// The SCA device's create body: no field holds the key its item path reads it by.
const registration = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const collection = (operationId: string, record: object) => ({
  post: {
    operationId,
    requestBody: { required: true, ...json(record) },
    responses: { '201': { description: 'Made', ...json(record) } },
  },
});
const item = (operationId: string, record: object, name: string, schema: object) => ({
  get: {
    operationId,
    parameters: [{ name, in: 'path', required: true, schema }],
    responses: { '200': { description: 'OK', ...json(record) }, '404': { description: 'Not there' } },
  },
});
/** An item read by a key of `pattern`, and deleted. */
const deletableItem = ([read, remove]: [string, string], record: object, name: string, pattern: string) => ({
  ...item(read, record, name, { type: 'string', pattern }),
  delete: {
    operationId: remove,
    parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }],
    responses: { '204': { description: 'Deleted' }, '404': { description: 'Not there' } },
  },
});
const document = {
  openapi: '3.0.3',
  info: { title: 'Devices', version: '1' },
  paths: {
    '/devices': collection('registerDevice', device),
    '/devices/{deviceId}': item('getDevice', device, 'deviceId', { type: 'string', minLength: 30, maxLength: 30 }),
    '/registrations': collection('register', registration),
    '/registrations/{registrationId}': item('getRegistration', registration, 'registrationId', {
      type: 'string',
      minLength: 30,
      maxLength: 30,
    }),
    '/tokens': collection('makeToken', token),
    '/tokens/{tokenId}': deletableItem(['getToken', 'revokeToken'], token, 'tokenId', '^tok_[a-z0-9]{12}$'),
    // Lob's: a prefix and any letters and digits, whose shortest draws (adr_c) come again soon.
    '/addresses': collection('createAddress', address),
    '/addresses/{addressId}': deletableItem(
      ['getAddress', 'deleteAddress'],
      address,
      'addressId',
      '^adr_[a-zA-Z0-9]+$',
    ),
  },
};

const mock = useTestMock(() => servingDocument(document));

describe('a new key where only its path parameter says its form', () => {
  it('has the length the parameter takes, and reads back at its path', async () => {
    const made = await mock.http.post('/devices').send({ name: 'Phone' });
    expect(made.status).toBe(201);
    expect(made.body.id).toHaveLength(30);
    expect((await mock.http.get(`/devices/${made.body.id}`)).body).toEqual(made.body);
  });

  it('is text of the parameter’s form where no field of the record declares it, not a number', async () => {
    const made = await mock.http.post('/registrations').send({ name: 'Laptop' });
    expect(made.status).toBe(201);
    expect(made.body.registrationId).toMatch(/^[0-9a-f]{30}$/);
    expect((await mock.http.get(`/registrations/${made.body.registrationId}`)).status).toBe(200);
  });

  it('matches the pattern the parameter takes, and reads back at its path', async () => {
    const made = await mock.http.post('/tokens').send({ label: 'CI' });
    expect(made.status).toBe(201);
    expect(made.body.id).toMatch(/^tok_[a-z0-9]{12}$/);
    expect((await mock.http.get(`/tokens/${made.body.id}`)).body).toEqual(made.body);
  });

  it('is never made again once its record is deleted: what reads it is gone, as a real API’s ids are', async () => {
    const first = await mock.http.post('/tokens').send({ label: 'deploy' });
    expect((await mock.http.delete(`/tokens/${first.body.id}`)).status).toBe(204);
    // The same body again: a new token, and the one deleted stays gone.
    const second = await mock.http.post('/tokens').send({ label: 'deploy' });
    expect(second.body.id).toMatch(/^tok_[a-z0-9]{12}$/);
    expect(second.body.id).not.toBe(first.body.id);
    expect((await mock.http.get(`/tokens/${first.body.id}`)).status).toBe(404);
  });

  it('is not made again after its record is deleted where the pattern takes keys of one letter', async () => {
    const keys: string[] = [];
    for (let made = 0; made < 60; made += 1) {
      const address = await mock.http.post('/addresses').send({ line1: '1 Main St' });
      expect(address.body.id).toMatch(/^adr_[a-zA-Z0-9]+$/);
      keys.push(address.body.id);
      expect((await mock.http.delete(`/addresses/${address.body.id}`)).status).toBe(204);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});
