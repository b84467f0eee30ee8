// The mock's requests reach its Express app already made as the app's (src/http/app-prototypes.ts),
// on its own server and on another that serves it with `serverClasses`: Express then sets no
// prototype on them, which made every request slower.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { DEMO_KEY, startTestMock, type TestMock } from '../support/mock.js';

/** Whether `req` was made as an Express app's request: its prototype is an app's, over Express's own. */
const bornAsAnApp = (req: IncomingMessage) => {
  const prototype = Object.getPrototypeOf(req) as { app?: unknown };
  return Object.getPrototypeOf(prototype) === express.request && typeof prototype.app === 'function';
};

describe("the mock's requests, born as its app's", () => {
  const seen: boolean[] = [];
  let mock: TestMock;
  let other: Server | undefined;
  beforeAll(async () => {
    mock = await startTestMock({ data: ':memory:', beforeRequest: (req) => void seen.push(bornAsAnApp(req)) });
  });
  afterAll(async () => {
    const open = other;
    if (open) await new Promise((closed) => open.close(closed));
    await mock.server.close();
  });

  it('on its own server', async () => {
    const res = await mock.http.get('/v1/pets?limit=2').set('X-API-Key', DEMO_KEY);
    expect(res.status).toBe(200);
    expect(seen).toEqual([true]);
  });

  it('on another server made with its serverClasses, serving its handle', async () => {
    const born: boolean[] = [];
    other = createServer({ ...mock.server.serverClasses }, (req, res) => {
      born.push(bornAsAnApp(req));
      mock.server.handle(req, res);
    });
    await new Promise<void>((listening) => other?.listen(0, '127.0.0.1', listening));
    const res = await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/v1/pets/by-id/1`, {
      headers: { 'X-API-Key': DEMO_KEY },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: number }).id).toBe(1);
    expect(born).toEqual([true]);
  });
});
