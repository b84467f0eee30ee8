// Tuples as OpenAPI 3.1 writes them (JSON Schema 2020-12's prefixItems): a GeoJSON-style position
// [longitude, latitude] that every place requires, and a pair closed by `items: false` with no
// minItems. The validator compiled the closed pair only under strict tuples, and threw: every
// request of the operation was a 500. The mock's records held no tuple at all, and a required one
// kept the contract from being served. Every answer is judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { ERROR, jsonAnswer, jsonBody, ref } from '../support/documents.js';
import { serveJudged } from '../support/judged-document.js';

const atlas = {
  openapi: '3.1.0',
  info: { title: 'Atlas', version: '1.0.0' },
  paths: {
    '/places': {
      get: {
        operationId: 'listPlaces',
        responses: { '200': jsonAnswer('Places.', { type: 'array', items: ref('Place') }) },
      },
      post: {
        operationId: 'createPlace',
        requestBody: jsonBody(ref('Place')),
        responses: { '201': jsonAnswer('The place made.', ref('Place')), '400': ERROR },
      },
    },
    '/places/{id}': {
      get: {
        operationId: 'getPlace',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': jsonAnswer('A place.', ref('Place')), '404': ERROR },
      },
    },
  },
  components: {
    schemas: {
      Place: {
        type: 'object',
        required: ['id', 'name', 'position'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
          position: {
            type: 'array',
            prefixItems: [
              { type: 'number', minimum: -180, maximum: 180 },
              { type: 'number', minimum: -90, maximum: 90 },
            ],
            minItems: 2,
            maxItems: 2,
          },
          label: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false },
        },
      },
    },
  },
};

const served = serveJudged(atlas);

async function call(method: 'get' | 'post', path: string, body?: object): Promise<Response> {
  const req = served.mock().http[method](path);
  return served.judged(method, path, await (body === undefined ? req : req.send(body)));
}

type Place = { id: number; position: unknown[]; label?: unknown[] };

describe('a tuple (prefixItems) in a 3.1 contract', () => {
  it("is drawn whole in the mock's records, each place by its own schema", async () => {
    const places = (await call('get', '/places')).body as Place[];
    expect(places.length).toBeGreaterThan(1);
    for (const place of places) {
      expect(place.position).toEqual([expect.any(Number), expect.any(Number)]);
      if (place.label) expect(place.label).toEqual([expect.any(String), expect.any(Number)]);
    }
    expect(places.some((place) => place.label !== undefined)).toBe(true);
  });

  it('is stored as sent and read back, and one of the wrong length or types is refused with 400', async () => {
    const made = await call('post', '/places', { name: 'Lisbon', position: [-9.14, 38.72], label: ['LIS', 1] });
    expect(made.status).toBe(201);
    expect((await call('get', `/places/${made.body.id}`)).body).toMatchObject({
      position: [-9.14, 38.72],
      label: ['LIS', 1],
    });
    for (const wrong of [
      { name: 'Nowhere', position: [-9.14] },
      { name: 'Nowhere', position: [-9.14, 38.72], label: ['LIS', 1, 'more'] },
      { name: 'Nowhere', position: [-9.14, 38.72], label: [1, 'LIS'] },
      { name: 'Nowhere', position: [200, 38.72] },
    ])
      expect((await call('post', '/places', wrong)).status).toBe(400);
  });
});
