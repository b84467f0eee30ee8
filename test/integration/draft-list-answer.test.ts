// A draft may declare a collection's GET as answering something no list fits (an object with
// no array in it). The mock then answers that GET from its schema, instead of the records the
// list convention would send, which broke the draft with a 500 on every read.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { DEMO_KEY, useTestMock } from '../support/mock.js';
import { loadPetstoreSpec } from '../support/spec.js';

describe('a collection GET whose answer is no list', () => {
  let folder = '';
  afterAll(() => rm(folder, { recursive: true, force: true }));
  const mock = useTestMock(async () => {
    const document = loadPetstoreSpec();
    const answer = { type: 'object', required: ['n'], properties: { n: { type: 'integer', const: 200 } } };
    document.paths['/pets'].get.responses['200'] = {
      description: 'A count, not a list',
      content: { 'application/json': { schema: answer } },
    };
    folder = await mkdtemp(join(tmpdir(), 'petstore-list-answer-'));
    const file = join(folder, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    return { contract: file, data: ':memory:', lintContract: false };
  });

  it('is answered from its schema, with no 500', async () => {
    const res = await mock.http.get('/v1/pets').set('X-API-Key', DEMO_KEY);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ n: 200 });
    expect(mock.contractBugs()).toEqual([]);
  });
});
