import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SpecOperation } from './contract-spec.js';
import type { Exchange } from './exchange.js';
import { pathIdsSent, readPath } from './read-back.js';
import { CONFIG_VARIABLE } from './target.js';

const BASE = 'http://127.0.0.1:4999/v1';

function operation(method: SpecOperation['method'], path: string): SpecOperation {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  return {
    operationId: `${method} ${path}`,
    method,
    path,
    tags: [],
    stability: 'stable',
    deprecated: false,
    raw: {},
    parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'integer' } })),
    requestBodyRequired: false,
    requestMediaTypes: [],
    declaredStatuses: ['200'],
  };
}

const written = (path: string, body?: unknown): Exchange => ({
  method: 'POST',
  url: `${BASE}${path}`,
  requestHeaders: {},
  status: body === undefined ? 204 : 200,
  headers: {},
  body,
  text: body === undefined ? '' : JSON.stringify(body),
});

let folder: string;
const before = process.env[CONFIG_VARIABLE];
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'read-back-'));
  writeFileSync(join(folder, 'config.json'), JSON.stringify({ baseUrl: BASE, apiKey: 'k', seed: 1 }));
  process.env[CONFIG_VARIABLE] = join(folder, 'config.json');
});
afterAll(() => {
  if (before === undefined) delete process.env[CONFIG_VARIABLE];
  else process.env[CONFIG_VARIABLE] = before;
  rmSync(folder, { recursive: true, force: true });
});

describe('where what a write left is read back', () => {
  it('a delete is read at the id it deleted, whatever the parameter is named', () => {
    const getOwner = operation('get', '/owners/{ownerId}');
    expect(readPath(getOwner, operation('delete', '/owners/{ownerId}'), written('/owners/17'))).toBe('/owners/17');
  });

  it("a sub-collection's item is read under its parent", () => {
    const read = operation('get', '/pets/by-id/{petId}/photos/{photoId}');
    const remove = operation('delete', '/pets/by-id/{petId}/photos/{photoId}');
    expect(readPath(read, remove, written('/pets/by-id/5/photos/9'))).toBe('/pets/by-id/5/photos/9');
    const add = operation('post', '/pets/by-id/{petId}/photos');
    expect(readPath(read, add, written('/pets/by-id/5/photos', { id: 12, url: 'https://example.com/a' }))).toBe(
      '/pets/by-id/5/photos/12',
    );
  });

  it("a change is read at its item's id where the read names it otherwise; a create at the id it answered", () => {
    const read = operation('get', '/things/by-id/{thingId}');
    expect(readPath(read, operation('put', '/things/{id}'), written('/things/31'))).toBe('/things/by-id/31');
    expect(readPath(read, operation('post', '/things'), written('/things', { id: 40 }))).toBe('/things/by-id/40');
  });

  it('the ids of a path are read from the URL sent, percent-decoded, and none from a URL elsewhere', () => {
    const item = operation('get', '/pets/by-id/{petId}/photos/{photoId}');
    expect(pathIdsSent(item, `${BASE}/pets/by-id/5/photos/a%20b?limit=2`)).toEqual({ petId: '5', photoId: 'a b' });
    expect(pathIdsSent(item, 'http://elsewhere.example/v1/pets/by-id/5/photos/9')).toEqual({});
  });

  it('a template of adjacent parameters is read in linear time, where V8 would backtrack for ever', () => {
    const names = Array.from({ length: 20 }, (_, index) => `{p${index}}`).join('');
    // Twenty adjacent groups against 3,000 characters that end in a segment too many: an answer at all is the proof.
    expect(pathIdsSent(operation('get', `/things/${names}`), `${BASE}/things/${'a'.repeat(3_000)}/x`)).toEqual({});
    expect(pathIdsSent(operation('get', '/things/{a}.{b}'), `${BASE}/things/one.two`)).toEqual({ a: 'one', b: 'two' });
  });
});
