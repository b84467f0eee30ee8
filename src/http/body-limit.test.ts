// The body limit is one number: the contract's 413 says it in words, the messages are built from it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { Request } from 'express';
import { parse } from 'yaml';
import { type HttpError, toHttpError } from '../errors.js';
import { describeValidatorError } from '../openapi/validator-errors.js';
import { BODY_TOO_LARGE_MESSAGE, MAX_BODY_BYTES, MAX_BODY_SIZE } from './body-limit.js';

const petstore = parse(readFileSync(new URL('../../spec/petstore.yaml', import.meta.url), 'utf8')) as {
  info: { description: string };
  'x-error-codes': { PAYLOAD_TOO_LARGE: { description: string } };
};

describe('the body limit', () => {
  it('is the one the contract states for 413 PAYLOAD_TOO_LARGE', () => {
    expect(MAX_BODY_SIZE).toBe(`${MAX_BODY_BYTES / 1024} KiB`);
    expect(petstore['x-error-codes'].PAYLOAD_TOO_LARGE.description).toBe(`The body is over ${MAX_BODY_SIZE}.`);
    expect(petstore.info.description.replace(/\s+/g, ' ')).toContain(`limited to ${MAX_BODY_SIZE} (\`413`);
  });

  it("is what a 413 says, whether Express's parser or the validator refused the body", () => {
    const byParser = toHttpError({ type: 'entity.too.large' }, '/v1/pets');
    expect([byParser.code, byParser.message]).toEqual(['PAYLOAD_TOO_LARGE', BODY_TOO_LARGE_MESSAGE]);
    const request = { method: 'POST', originalUrl: '/v1/pets', headers: {} } as unknown as Request;
    const byValidator = describeValidatorError({ status: 413 }, request, undefined) as HttpError;
    expect([byValidator.code, byValidator.message]).toEqual(['PAYLOAD_TOO_LARGE', BODY_TOO_LARGE_MESSAGE]);
  });
});
