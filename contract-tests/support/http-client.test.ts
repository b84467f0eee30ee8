// The suite's requests share connections: a target sees one connection for a run's sequential
// requests, not one per request (and one TLS handshake, where it has TLS).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { httpRequest } from './http-client.js';

describe('httpRequest', () => {
  let server: Server;
  let connections = 0;
  let origin = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ path: request.url }));
    });
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  });

  it('sends one request after another over one connection kept open', async () => {
    for (let index = 0; index < 20; index += 1) {
      const answer = await httpRequest({ method: 'GET', url: `${origin}/pets/${index}`, timeoutMs: 10_000 });
      expect(JSON.parse(answer.text)).toEqual({ path: `/pets/${index}` });
    }
    expect(connections).toBe(1);
  });
});
