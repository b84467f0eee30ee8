import { describe, expect, it } from '@jest/globals';
import type { ErrorFacts } from './error-facts.js';
import { templateOf } from './error-template.js';

const facts: ErrorFacts = {
  status: 404,
  code: 'PET_NOT_FOUND',
  message: 'No pet has id 7.',
  title: 'Not Found',
  issues: [],
  instance: '/v1/pets/7',
  url: 'http://127.0.0.1:4010/v1/pets/7',
  nowMs: Date.parse('2026-12-01T10:00:00Z'),
  docsUrl: 'http://127.0.0.1:4010/docs',
  borrowed: false,
};
const invalid: ErrorFacts = {
  ...facts,
  status: 400,
  code: 'INVALID_BODY',
  message: 'Invalid body: name must be string.',
  title: 'Bad Request',
  issues: [{ path: 'name', message: 'must be string' }],
};

/** The body a schema's template writes for `given`; drawn values are marked so a test can see them. */
const bodyOf = (schema: object, given: ErrorFacts = facts, components: object = {}) =>
  templateOf(
    { document: { components: { schemas: components } }, draw: (_schema, name) => `drawn ${name}` },
    schema,
    '',
    true,
  )(given);

describe('an error body in the shape a contract gives it', () => {
  it('fills RFC 9457 problem details: about:blank, its title, the status, the message, the request', () => {
    const problem = {
      type: 'object',
      properties: {
        type: { type: 'string', format: 'uri' },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string' },
        instance: { type: 'string' },
      },
    };
    expect(bodyOf(problem)).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'No pet has id 7.',
      instance: '/v1/pets/7',
    });
  });

  it('puts the status in an integer code, and the message beside it (the OpenAPI Initiative petstore)', () => {
    const error = {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer', format: 'int32' }, message: { type: 'string' } },
    };
    expect(bodyOf(error)).toEqual({ code: 404, message: 'No pet has id 7.' });
  });

  it('chooses the code of an enum in the contract’s own words', () => {
    const error = {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['type', 'message'],
          properties: {
            type: { type: 'string', enum: ['api_error', 'invalid_request_error', 'rate_limit_error'] },
            code: { type: 'string', enum: ['resource_missing', 'rate_limit', 'parameter_invalid'] },
            message: { type: 'string' },
            param: { type: 'string' },
          },
        },
      },
    };
    expect(bodyOf(error)).toEqual({
      error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No pet has id 7.' },
    });
    expect(bodyOf(error, { ...facts, status: 429, code: 'RATE_LIMITED', message: 'Slow down.' })).toEqual({
      error: { type: 'rate_limit_error', code: 'rate_limit', message: 'Slow down.' },
    });
    expect(bodyOf(error, invalid)).toMatchObject({ error: { code: 'parameter_invalid', param: 'name' } });
  });

  it('lists the fields at fault in a list of errors, and the messages in a required list of texts', () => {
    const listed = {
      type: 'object',
      properties: {
        message: { type: 'string' },
        errors: {
          type: 'array',
          items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    };
    expect(bodyOf(listed, invalid)).toEqual({
      message: 'Invalid body: name must be string.',
      errors: [{ field: 'name', message: 'must be string' }],
    });
    const conduit = {
      type: 'object',
      required: ['errors'],
      properties: {
        errors: {
          type: 'object',
          required: ['body'],
          properties: { body: { type: 'array', items: { type: 'string' } } },
        },
      },
    };
    expect(bodyOf(conduit)).toEqual({ errors: { body: ['No pet has id 7.'] } });
    expect(bodyOf(conduit, invalid)).toEqual({ errors: { body: ['name: must be string'] } });
  });

  it('speaks OAuth (RFC 6749): error is the code beside error_description', () => {
    const oauth = {
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'string' }, error_description: { type: 'string' } },
    };
    expect(bodyOf(oauth)).toEqual({ error: 'PET_NOT_FOUND', error_description: 'No pet has id 7.' });
  });

  it('draws a required field no fact fills, and leaves out an optional one', () => {
    const error = {
      type: 'object',
      required: ['message', 'traceparent'],
      properties: { message: { type: 'string' }, traceparent: { type: 'string' }, hint: { type: 'string' } },
    };
    expect(bodyOf(error)).toEqual({ message: 'No pet has id 7.', traceparent: 'drawn traceparent' });
  });

  it('draws a field whose format the fact is not of: a flow returned as the 400, its id a UUID', () => {
    const flow = {
      type: 'object',
      required: ['id', 'type', 'code'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        type: { type: 'string' },
        code: { type: 'string', format: 'vendor-own' },
      },
    };
    // The code goes where no format stands in its way: a format no validator knows takes any text.
    expect(bodyOf(flow)).toEqual({ id: 'drawn id', type: 'PET_NOT_FOUND', code: 'PET_NOT_FOUND' });
  });

  it('keeps to a schema that pins the status, unless the shape is borrowed for another status', () => {
    const pinned = {
      type: 'object',
      properties: { status: { const: 409 }, code: { type: 'string', enum: ['CONFLICT'] } },
    };
    expect(bodyOf(pinned)).toEqual({ status: 409, code: 'CONFLICT' });
    expect(bodyOf(pinned, { ...facts, borrowed: true })).toEqual({ status: 404, code: 'PET_NOT_FOUND' });
  });

  it('borrows a shape whose lists name this status too, and its constants: Box’s ClientError for a 405', () => {
    const clientError = {
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['error'] },
        status: { type: 'integer' },
        code: { type: 'string', enum: ['not_found', 'method_not_allowed', 'conflict'] },
        message: { type: 'string' },
      },
    };
    const notAllowed = { ...facts, status: 405, code: 'METHOD_NOT_ALLOWED', message: 'PUT is not an operation of /x.' };
    expect(bodyOf(clientError, { ...notAllowed, borrowed: true })).toEqual({
      type: 'error',
      status: 405,
      code: 'method_not_allowed',
      message: 'PUT is not an operation of /x.',
    });
    // A list that names no word of this answer's own is left for the fact: a 405 is no conflict.
    const conflicts = { ...clientError, properties: { ...clientError.properties, code: { enum: ['conflict'] } } };
    expect(bodyOf(conflicts, { ...notAllowed, borrowed: true })).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it('follows $refs and allOf, and stamps a time on the clock of the facts', () => {
    const components = { Base: { type: 'object', properties: { timestamp: { type: 'string', format: 'date-time' } } } };
    const error = { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { message: { type: 'string' } } }] };
    expect(bodyOf(error, facts, components)).toEqual({
      timestamp: '2026-12-01T10:00:00.000Z',
      message: 'No pet has id 7.',
    });
  });
});
