// The suite's requests share connections: a target sees one connection for a run's sequential
// requests, not one per request (and one TLS handshake, where it has TLS).
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { httpRequest } from './http-client.js';

const own = (headers: object, name: string): unknown => Object.getOwnPropertyDescriptor(headers, name)?.value;

describe('httpRequest', () => {
  let server: Server;
  let connections = 0;
  let origin = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      // Answer headers named as properties of every object, where the request asks for them.
      if (request.url === '/named')
        for (const name of ['__proto__', 'constructor']) response.setHeader(name, `${name}!`);
      response.end(JSON.stringify({ path: request.url, rawHeaders: request.rawHeaders }));
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
      expect(JSON.parse(answer.text)).toMatchObject({ path: `/pets/${index}` });
    }
    expect(connections).toBe(1);
  });

  it('sends a header named as a property of every object (__proto__, constructor) as any other', async () => {
    const headers = JSON.parse('{"__proto__":"abc","constructor":"def","x-plain":"ghi"}') as Record<string, string>;
    const answer = await httpRequest({ method: 'GET', url: `${origin}/pets`, headers, timeoutMs: 10_000 });
    const raw = (JSON.parse(answer.text) as { rawHeaders: string[] }).rawHeaders.map((text) => text.toLowerCase());
    for (const [name, value] of Object.entries(headers)) expect(raw.join(' ')).toContain(`${name} ${value}`);
  });

  it('reads an answer header named __proto__ or constructor as it was sent, and none where none was', async () => {
    const named = (await httpRequest({ method: 'GET', url: `${origin}/named`, timeoutMs: 10_000 })).headers;
    expect([own(named, '__proto__'), named.constructor]).toEqual(['__proto__!', 'constructor!']);
    const plain = (await httpRequest({ method: 'GET', url: `${origin}/plain`, timeoutMs: 10_000 })).headers;
    expect([own(plain, '__proto__'), plain.constructor, plain.toString, plain['content-type']]).toEqual([
      undefined,
      undefined,
      undefined,
      'application/json',
    ]);
  });
});

describe('httpRequest on a connection the target closes as it goes out', () => {
  // Answers each connection's first request and keeps it open; resets a connection at its second
  // request, as a target does that closed it idle while the request was on its way.
  let server: NetServer;
  let origin = '';
  let connections = 0;
  beforeAll(async () => {
    server = createNetServer((socket) => {
      connections += 1;
      let requests = 0;
      socket.on('data', () => {
        requests += 1;
        if (requests > 1) socket.resetAndDestroy();
        else
          socket.write(
            'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nKeep-Alive: timeout=5\r\n\r\nok',
          );
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((closed) => server.close(closed));
  });

  it('sends the request again once, on a new connection, and gets its answer', async () => {
    const first = await httpRequest({ method: 'GET', url: `${origin}/one`, timeoutMs: 10_000 });
    const second = await httpRequest({ method: 'PUT', url: `${origin}/two`, body: '{}', timeoutMs: 10_000 });
    expect([first.text, second.text]).toEqual(['ok', 'ok']);
    expect(connections).toBe(2);
  });
});
