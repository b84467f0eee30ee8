import { describe, expect, it } from '@jest/globals';
import type { Request } from 'express';
import { HttpError } from '../errors.js';
import { COMPILED_PETSTORE_SPEC_FILE, PETSTORE_SPEC_FILE } from '../package-root.js';
import { loadContract, type OperationInfo } from './load-contract.js';
import { describeValidatorError } from './validator-errors.js';

const contract = loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE);
const operation = (id: string) =>
  contract.operations.find((candidate) => candidate.operationId === id) as OperationInfo;
const request = (method: string, url: string, headers: Record<string, string> = {}) =>
  ({ method, originalUrl: url, headers }) as unknown as Request;
const described = (error: object, req: Request, op?: OperationInfo) =>
  describeValidatorError(error, req, op) as HttpError;

describe("express-openapi-validator's findings, as the Error object", () => {
  it('says what to send when the body is missing, and calls path parameters "path"', () => {
    const missing = described(
      { status: 400, errors: [{ path: '/body', message: "must have required property 'body'" }] },
      request('POST', '/v1/pets'),
      operation('createPet'),
    );
    expect(missing.toBody()).toEqual({
      code: 'INVALID_BODY',
      status: 400,
      message: 'Invalid body: body: is required: send one as application/json.',
    });
    const path = described(
      { status: 400, errors: [{ path: '/params/petId', message: 'must be integer' }] },
      request('GET', '/v1/pets/by-id/x'),
      operation('getPet'),
    );
    expect(path.message).toBe('Invalid request: path petId: must be integer.');
  });

  it('names the query parameters an operation takes, or says it takes none', () => {
    const unknown = { status: 400, errors: [{ path: '/query/x', message: "Unknown query parameter 'x'" }] };
    expect(described(unknown, request('GET', '/v1/pets?x=1'), operation('listPets')).message).toBe(
      "Invalid request: query x: Unknown query parameter 'x' (this operation takes status, categoryId, name, limit, offset).",
    );
    expect(described(unknown, request('GET', '/v1/pets/by-id/1?x=1'), operation('getPet')).message).toContain(
      '(this operation takes none)',
    );
  });

  it('turns 404, 405, 413 and 415 into their catalogue codes, Allow in the contract order with HEAD beside GET', () => {
    expect(described({ status: 404 }, request('GET', '/v1/nothing')).code).toBe('ROUTE_NOT_FOUND');
    expect(described({ status: 404 }, request('GET', '/v1/no%ZZthing')).code).toBe('INVALID_PARAMETER');
    const wrongMethod = described({ status: 405, headers: { Allow: 'POST, GET' } }, request('PATCH', '/v1/pets'));
    expect(wrongMethod.code).toBe('METHOD_NOT_ALLOWED');
    expect(wrongMethod.headers).toEqual({ Allow: 'GET, HEAD, POST' });
    expect(described({ status: 413 }, request('POST', '/v1/pets')).code).toBe('PAYLOAD_TOO_LARGE');
    const unsupported = described(
      { status: 415 },
      request('POST', '/v1/pets', { 'content-type': 'text/csv; charset=utf-8' }),
      operation('createPet'),
    );
    expect(unsupported.toBody()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      message: 'The body must be application/json, not text/csv. Set Content-Type: application/json.',
    });
  });

  it('hands on what is not a finding of the validator', () => {
    const own = new HttpError('PET_NOT_FOUND', 'No pet.');
    expect(describeValidatorError(own, request('GET', '/v1/pets/by-id/1'), undefined)).toBe(own);
    const thrown = new TypeError('boom');
    expect(describeValidatorError(thrown, request('GET', '/v1/pets'), undefined)).toBe(thrown);
  });
});
