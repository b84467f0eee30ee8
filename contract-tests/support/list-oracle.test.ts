// The page a list's query asks for, by the names the list pages by: limit and offset, a page and
// its size (Harbor's page and page_size), and a cursor's page, whose start is not told but whose
// size is.
import { describe, expect, it } from '@jest/globals';
import type { SpecOperation } from './contract-spec.js';
import type { Exchange } from './exchange.js';
import { listProblems } from './list-oracle.js';

function list(parameters: Array<{ name: string; schema: object }>): SpecOperation {
  return {
    operationId: 'listThings',
    method: 'get',
    path: '/things',
    tags: [],
    stability: 'stable',
    deprecated: false,
    raw: {},
    parameters: parameters.map((parameter) => ({ ...parameter, in: 'query' })),
    requestBodyRequired: false,
    requestMediaTypes: [],
    declaredStatuses: ['200'],
  };
}

const page = (count: number, total?: number): Exchange => {
  const body = Array.from({ length: count }, (_, index) => ({ id: index + 1 }));
  return {
    method: 'GET',
    url: 'http://127.0.0.1:4999/things',
    requestHeaders: {},
    status: 200,
    headers: total === undefined ? {} : { 'x-total-count': String(total) },
    body,
    text: JSON.stringify(body),
  };
};

const harbor = list([
  { name: 'page', schema: { type: 'integer', default: 1, minimum: 1 } },
  { name: 'page_size', schema: { type: 'integer', default: 10, maximum: 100 } },
]);

describe('the page a list answers', () => {
  it('is held to a page number and its size, each given or its default', () => {
    expect(listProblems(harbor, {}, page(10, 34))).toEqual([]);
    expect(listProblems(harbor, {}, page(34, 34))).toEqual([
      '34 item(s) on the page; with X-Total-Count 34, page 1 (its default) and page_size 10 (its default) it holds 10',
    ]);
    expect(listProblems(harbor, { page: 4 }, page(4, 34))).toEqual([]);
    expect(listProblems(harbor, { page: 4, page_size: 20 }, page(4, 34))).toEqual([
      '4 item(s) on the page; with X-Total-Count 34, page 4 and page_size 20 it holds 0',
    ]);
  });

  it('is held to limit and offset as before', () => {
    const petStore = list([
      { name: 'limit', schema: { type: 'integer', default: 20 } },
      { name: 'offset', schema: { type: 'integer', default: 0 } },
    ]);
    expect(listProblems(petStore, { offset: 5 }, page(20, 30))).toEqual([]);
    expect(listProblems(petStore, { offset: 15 }, page(20, 30))).toEqual([
      '20 item(s) on the page; with X-Total-Count 30, offset 15 and limit 20 (its default) it holds 15',
    ]);
  });

  it("holds a cursor's page, and a text offset's, to its size alone", () => {
    const cursor = list([
      { name: 'limit', schema: { type: 'integer' } },
      { name: 'after', schema: { type: 'string' } },
    ]);
    expect(listProblems(cursor, { limit: 3, after: '9' }, page(50, 80))).toEqual(['50 items on a page of at most 3']);
    expect(listProblems(cursor, { limit: 3, after: '9' }, page(3, 80))).toEqual([]);
    const asana = list([
      { name: 'limit', schema: { type: 'integer' } },
      { name: 'offset', schema: { type: 'string' } },
    ]);
    expect(listProblems(asana, { limit: 2 }, page(5))).toEqual(['5 items on a page of at most 2']);
  });
});
