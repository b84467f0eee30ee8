import { describe, expect, it } from '@jest/globals';
import type { SpecOperation } from './contract-spec.js';
import type { Exchange } from './exchange.js';
import { expectedFields, requireWritten, withDefaults, writtenFieldProblems } from './written-fields.js';

/** NewPet as a draft gives it: tags default [], a nickname, a writeOnly secret and a readOnly stamp. */
const NEW_PET = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string' },
    status: { type: 'string', enum: ['available', 'sold'], default: 'available' },
    tags: { type: 'array', items: { type: 'string' }, default: [] },
    nickname: { type: 'string' },
    microchip: { type: 'string', writeOnly: true },
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
    collar: { type: 'object', properties: { colour: { type: 'string', default: 'red' }, size: { type: 'integer' } } },
  },
};

const write = (method: SpecOperation['method']): SpecOperation => ({
  operationId: 'updatePet',
  method,
  path: '/pets/{petId}',
  tags: [],
  stability: 'stable',
  deprecated: false,
  raw: {},
  parameters: [],
  requestSchema: NEW_PET,
  requestBodyRequired: true,
  requestMediaTypes: ['application/json'],
  declaredStatuses: ['200'],
});

const answer = (body: unknown): Exchange => ({
  method: 'PUT',
  url: 'http://target/v1/pets/7',
  requestHeaders: {},
  status: 200,
  headers: {},
  body,
  text: JSON.stringify(body),
});

describe('what a write must answer', () => {
  it('a replacement takes the defaults of what it left out', () => {
    const sent = { name: 'Rex', status: 'sold' };
    expect(expectedFields(write('put'), sent)).toEqual({ name: 'Rex', status: 'sold', tags: [] });
    expect(writtenFieldProblems(write('put'), sent, { id: 7, name: 'Rex', status: 'sold', tags: [] })).toEqual([]);
    expect(writtenFieldProblems(write('put'), sent, { id: 7, name: 'Rex', status: 'sold' })).toEqual([
      'tags is undefined; left out, it takes its default []',
    ]);
    expect(writtenFieldProblems(write('post'), { name: 'Rex' }, { name: 'Rex', status: 'sold', tags: [] })).toEqual([
      'status is "sold"; left out, it takes its default "available"',
    ]);
  });

  it('a merge keeps what it left out, whatever its default', () => {
    expect(expectedFields(write('patch'), { name: 'Rex' })).toEqual({ name: 'Rex' });
    expect(writtenFieldProblems(write('patch'), { name: 'Rex' }, { name: 'Rex', status: 'sold', tags: ['a'] })).toEqual(
      [],
    );
  });

  it('a replacement removes an optional field it left out, and keeps no unknown one', () => {
    expect(
      writtenFieldProblems(write('put'), { name: 'Rex', stray: 1 }, { name: 'Rex', nickname: 'R', stray: 1, tags: [] }),
    ).toEqual([
      'status is undefined; left out, it takes its default "available"',
      'nickname is "R"; left out of a replacement (PUT), it is removed',
      'stray, which the schema does not have, was kept (1)',
    ]);
  });

  it("fields named as Object.prototype's are judged as data: one neither sent nor answered is no problem", () => {
    const named: SpecOperation = {
      ...write('put'),
      requestSchema: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, constructor: { type: 'string' }, hasOwnProperty: { type: 'string' } },
      },
    };
    // An answer read into an object without a prototype, as the suite's reader makes them.
    const answered = Object.assign(Object.create(null), { name: 'Rex' });
    expect(writtenFieldProblems(named, { name: 'Rex' }, answered)).toEqual([]);
    expect(writtenFieldProblems(named, JSON.parse('{"name":"Rex","constructor":"c"}'), answered)).toEqual([
      'constructor is undefined; "c" was sent',
    ]);
  });

  it('writeOnly fields are never expected back, readOnly and answer-only ones never count', () => {
    const sent = { name: 'Rex', microchip: '985112345678901' };
    const answered = {
      id: 7,
      name: 'Rex',
      status: 'available',
      tags: [],
      createdAt: '2030-01-01T00:00:00Z',
      ageDays: 3,
    };
    expect(writtenFieldProblems(write('put'), sent, answered)).toEqual([]);
    expect(expectedFields(write('put'), sent)).toEqual({ name: 'Rex', status: 'available', tags: [] });
    expect(() => requireWritten(answer(answered), 'the answer', write('put'), sent, { id: 7 })).not.toThrow();
  });

  it('a replacement that keeps a field it was not sent fails; a merge may keep it', () => {
    const sent = { name: 'Rex' };
    const kept = { id: 7, name: 'Rex', status: 'available', tags: [], collar: { size: 3 } };
    expect(() => requireWritten(answer(kept), 'the answer', write('put'), sent, { id: 7 })).toThrow(
      'collar is {"size":3}, which the write did not set',
    );
    expect(() => requireWritten(answer(kept), 'the answer', write('patch'), sent, { id: 7 })).not.toThrow();
  });

  it('an object sent is kept as sent, or with its own defaults', () => {
    const sent = { name: 'Rex', collar: { size: 3 } };
    const filled = { name: 'Rex', status: 'available', tags: [], collar: { size: 3, colour: 'red' } };
    expect(withDefaults(NEW_PET, sent)).toEqual(filled);
    expect(writtenFieldProblems(write('put'), sent, filled)).toEqual([]);
    expect(writtenFieldProblems(write('put'), sent, { ...filled, collar: { size: 3 } })).toEqual([]);
    expect(writtenFieldProblems(write('put'), sent, { ...filled, collar: { size: 4 } })).toHaveLength(1);
  });

  it('fails with what was expected: the fields sent, their defaults and the id', () => {
    expect(() =>
      requireWritten(
        answer({ id: 8, name: 'Rex', status: 'sold' }),
        'the answer',
        write('put'),
        { name: 'Rex', status: 'sold' },
        { id: 7 },
      ),
    ).toThrow(
      /id is 8, not 7; tags is undefined[\s\S]*Expected: +the answer: \{"id":7,"name":"Rex","status":"sold","tags":\[\]\}/,
    );
  });
});
