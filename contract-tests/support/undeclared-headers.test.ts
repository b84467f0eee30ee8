// Headers the contract declares for other operations only, answered here, are faults (Location on
// a read); the API's limit headers are not: they describe its window, and an answer of a draft's
// new operation that declares none may carry them as every other answer does. Nor are the headers
// HTTP writes (Content-Length, Connection), whatever the contract declares of them.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import type { Exchange } from './exchange.js';
import { CONTRACT_DOCUMENT_VARIABLE } from './target.js';

/** The built-in contract with GET /labels/{code}, which declares no header but a required Content-Length. */
function draft(): string {
  const document = parse(readFileSync(new URL('../../spec/petstore.yaml', import.meta.url), 'utf8'));
  document.paths['/labels/{code}'] = {
    get: {
      operationId: 'getLabel',
      parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': {
          description: 'A label.',
          headers: {
            'Content-Length': { required: true, schema: { type: 'integer' } },
            'X-Reset-After': { schema: { type: 'number', minimum: 0 } },
          },
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  };
  const file = join(mkdtempSync(join(tmpdir(), 'petstore-undeclared-')), 'contract.json');
  writeFileSync(file, JSON.stringify(document));
  return file;
}

process.env[CONTRACT_DOCUMENT_VARIABLE] = draft();
const { conformanceProblems, undeclaredHeaderProblems } = await import('./conformance.js');
const { declaredHeaders, listOperations } = await import('./contract-spec.js');

function answered(headers: Record<string, string>): Exchange {
  return {
    method: 'GET',
    url: 'http://127.0.0.1/v1/labels/a',
    requestHeaders: {},
    status: 200,
    headers,
    body: {},
  } as Exchange;
}

describe("headers of other operations answered on a draft's new one", () => {
  const getLabel = listOperations().find((operation) => operation.operationId === 'getLabel');

  it('lets the limit headers through, and still names a header of other operations only', () => {
    if (getLabel === undefined) throw new Error('the draft has no getLabel');
    const limits = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '1796465760' };
    expect(undeclaredHeaderProblems(getLabel, answered(limits))).toEqual([]);
    expect(undeclaredHeaderProblems(getLabel, answered({ ...limits, location: '/v1/pets/1' }))).toEqual([
      expect.stringMatching(/^header Location is answered, but the contract declares it for .* not getLabel$/),
    ]);
  });

  it('leaves the headers HTTP writes to it: declared on one answer, they are neither required there nor faults elsewhere', () => {
    const listPets = listOperations().find((operation) => operation.operationId === 'listPets');
    if (getLabel === undefined || listPets === undefined) throw new Error('the draft lacks getLabel or listPets');
    const framing = { 'content-length': '2', connection: 'keep-alive', date: 'Mon, 07 Dec 2026 10:00:00 GMT' };
    expect(undeclaredHeaderProblems(listPets, answered(framing))).toEqual([]);
    const chunked = answered({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    expect(conformanceProblems(getLabel, chunked)).not.toContainEqual(expect.stringMatching(/Content-Length/));
  });

  it("reads a header declared as a number as one (Discord's X-RateLimit-Reset-After), and names one that is not", () => {
    if (getLabel === undefined) throw new Error('the draft has no getLabel');
    const resetAfter = declaredHeaders(getLabel, '200').find((header) => header.name === 'X-Reset-After');
    expect(resetAfter?.check('1.25')).toEqual([]);
    expect(resetAfter?.check('60')).toEqual([]);
    expect(resetAfter?.check('soon')).toEqual(['"soon" is not a number']);
    expect(resetAfter?.check('-1').join()).toMatch(/must be >= 0/);
  });
});
