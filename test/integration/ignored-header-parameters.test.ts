// Header parameters named Accept, Content-Type or Authorization, which OpenAPI says to ignore
// (Parameter Object, 3.0 and 3.1), and Accept-Encoding, which the HTTP library writes: InfluxDB
// declares an Accept of three media types and an Accept-Encoding of gzip or identity, and every
// read whose headers were written as HTTP libraries and browsers write them was refused with 400.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const header = (name: string, values: string[]) => ({
  name,
  in: 'header',
  required: true,
  schema: { type: 'string', enum: values },
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Configs', version: '1' },
  paths: {
    '/status': {
      get: {
        operationId: 'getStatus',
        parameters: [
          { $ref: '#/components/parameters/Accept' },
          header('Authorization', ['Token secret']),
          header('Accept-Encoding', ['gzip', 'identity']),
          header('X-Trace', ['on']),
        ],
        responses: {
          200: {
            description: 'The status.',
            content: { 'application/json': { schema: { type: 'object', properties: { up: { type: 'boolean' } } } } },
          },
        },
      },
    },
    '/settings': {
      put: {
        operationId: 'putSettings',
        parameters: [header('Content-Type', ['application/toml'])],
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { level: { type: 'string' } } } } },
        },
        responses: { 204: { description: 'Kept.' } },
      },
    },
  },
  components: { parameters: { Accept: header('Accept', ['application/toml', 'application/json']) } },
};

describe('header parameters OpenAPI says to ignore', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('takes a request whatever its Accept, Accept-Encoding and Authorization, holding the other headers it declares', async () => {
    const read = (accept: string) =>
      http()
        .get('/status')
        .set('Accept', accept)
        .set('Accept-Encoding', 'gzip, deflate, br, zstd')
        .set('X-Trace', 'on');
    for (const accept of ['application/json', '*/*', 'application/json, text/plain, */*'])
      expect(served.judged('GET', '/status', await read(accept)).status).toBe(200);
    expect((await http().get('/status').set('Accept', 'application/json')).status).toBe(400);
  });

  it('takes a body in the media type the request body declares, whatever a Content-Type parameter says', async () => {
    const put = await http().put('/settings').send({ level: 'debug' });
    expect(put.status).toBe(204);
  });
});
