import { describe, expect, it } from '@jest/globals';
import type { Request } from 'express';
import { curlLine } from './curl-line.js';

const request = (body: unknown) =>
  ({ method: 'POST', headers: { 'content-type': 'application/json' }, body }) as Request;

describe('curlLine', () => {
  it('writes the body sent as JSON', () => {
    expect(curlLine(request({ name: 'Rex' }), 'http://127.0.0.1:4010/v1/pets')).toBe(
      `curl -X POST 'http://127.0.0.1:4010/v1/pets' -H 'content-type: application/json' --data '{"name":"Rex"}'`,
    );
  });

  it('names a body nested past what JSON.stringify takes, instead of throwing', () => {
    // Built in a loop: the nesting a 32 KiB body of brackets reaches, deeper than the stack.
    let deep: unknown = [];
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(curlLine(request(deep), 'http://127.0.0.1:4010/v1/trees')).toContain('nested too deep to write here');
  });
});
