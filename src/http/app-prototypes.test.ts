// Requests and answers born with the app's prototypes, over real HTTP on loopback: Express finds
// nothing to change, and everything an app sets on its prototypes still applies.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import express, { type Express } from 'express';
import { bornWithPrototypes, classesOfServing, type ServerClasses } from './app-prototypes.js';

type Served = { app: Express; classes: ServerClasses };

let server: Server | undefined;
afterEach(async () => {
  const open = server;
  server = undefined;
  if (open) await new Promise((closed) => open.close(closed));
});

/** An app answering what it saw: whether the request came with its prototypes already, and its own answer. */
function appSaying(word: string): Served {
  const app = express();
  const classes = bornWithPrototypes(app);
  // Set after, as the mock's contract check sets res.json: it must reach the answers too.
  const json = app.response.json;
  app.response.json = function said(this: express.Response, body: unknown) {
    return json.call(this, { said: word, body });
  };
  app.get('/', (req, res) => {
    res.json({ sameApp: req.app === app && res.app === app, path: req.path, accepts: req.accepts('json') });
  });
  return { app, classes };
}

/** A server of whichever app `serving` names, that tells whether each request had the app's prototypes before the app saw it. */
async function listen(serving: () => Served): Promise<string> {
  const classes = classesOfServing(() => serving().classes);
  const listening = createServer(classes, (req: IncomingMessage, res: ServerResponse) => {
    const { app } = serving();
    const born = Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response;
    res.setHeader('X-Born-As-The-App', String(born));
    // What the server was given stands for the classes: what it made is an instance of it.
    res.setHeader(
      'X-Instance-Of-Served',
      String(req instanceof classes.IncomingMessage && res instanceof classes.ServerResponse),
    );
    app(req, res);
  });
  server = listening;
  await new Promise<void>((ready) => listening.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

describe("requests born with the app's prototypes", () => {
  it('reach the app with its prototypes already, so that Express changes none, and answer as the app says', async () => {
    const served = appSaying('first');
    const origin = await listen(() => served);
    for (let request = 0; request < 3; request += 1) {
      const answer = await fetch(`${origin}/?n=${request}`);
      expect(answer.headers.get('x-born-as-the-app')).toBe('true');
      expect(answer.headers.get('x-instance-of-served')).toBe('true');
      expect(await answer.json()).toEqual({ said: 'first', body: { sameApp: true, path: '/', accepts: 'json' } });
    }
  });

  it('follow the app serving when it is replaced: later requests are born as the new one', async () => {
    let served = appSaying('first');
    const origin = await listen(() => served);
    expect(((await (await fetch(origin)).json()) as { said: string }).said).toBe('first');
    served = appSaying('second');
    const answer = await fetch(origin);
    expect(answer.headers.get('x-born-as-the-app')).toBe('true');
    expect(await answer.json()).toEqual({ said: 'second', body: { sameApp: true, path: '/', accepts: 'json' } });
  });

  it('leave a plain request to Express, which gives it the prototypes itself', async () => {
    const { app } = appSaying('plain');
    server = createServer(app);
    await new Promise<void>((listening) => server?.listen(0, '127.0.0.1', listening));
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(await answer.json()).toEqual({ said: 'plain', body: { sameApp: true, path: '/', accepts: 'json' } });
  });
});
