// The harness writes a query parameter as its style says (Lob's `date_created[gt]=…`), and asks a
// list for a created record's own value only by a parameter of a plain value: `date_created` of a
// date range is not a record's timestamp.
import { describe, expect, it } from '@jest/globals';
import { filtersOf } from './crud-stories.js';
import type { Operation } from './operations.js';
import { queryPairs } from './operations.js';
import type { Answer } from './send.js';

const range = { type: 'object', additionalProperties: { type: 'string' } };

describe('a query parameter written by its style', () => {
  it('writes an object as deepObject, exploded form and plain form say', () => {
    const value = { gt: '2024-01-01', lt: '2024-02-01' };
    expect(queryPairs({ name: 'date_created', style: 'deepObject', explode: true, schema: range }, value)).toEqual([
      ['date_created[gt]', '2024-01-01'],
      ['date_created[lt]', '2024-02-01'],
    ]);
    expect(queryPairs({ name: 'sort_by', schema: range }, { date_created: 'asc' })).toEqual([['date_created', 'asc']]);
    expect(queryPairs({ name: 'box', explode: false, schema: range }, { a: 1, b: 2 })).toEqual([['box', 'a,1,b,2']]);
  });

  it('writes an array as repeated pairs, or joined where it is not exploded', () => {
    expect(queryPairs({ name: 'size', schema: { type: 'array' } }, ['4x6', '6x9'])).toEqual([
      ['size', '4x6'],
      ['size', '6x9'],
    ]);
    expect(queryPairs({ name: 'ids', explode: false, schema: { type: 'array' } }, [1, 2])).toEqual([['ids', '1,2']]);
    expect(queryPairs({ name: 'ids', style: 'pipeDelimited', schema: { type: 'array' } }, [1, 2])).toEqual([
      ['ids', '1|2'],
    ]);
  });
});

describe("a list's filters from the created record", () => {
  const list: Operation = {
    method: 'GET',
    path: '/postcards',
    label: 'GET /postcards',
    operation: {},
    parameters: [
      { in: 'query', name: 'date_created', style: 'deepObject', schema: range },
      { in: 'query', name: 'status', schema: { type: 'string' } },
    ],
  };
  const created = { body: { id: 'psc_1', date_created: '2024-01-01T00:00:00Z', status: 'processed' } } as Answer;

  it('takes the record’s value only for a parameter of a plain value', () => {
    expect(filtersOf(list, created)).toEqual({ status: 'processed' });
  });
});
