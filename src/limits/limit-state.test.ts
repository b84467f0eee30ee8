import { describe, expect, it } from '@jest/globals';
import { createInMemoryLimitState } from './limit-state.js';
import { REQUEST_RECORD_LIMIT } from './request-record.js';

describe('the in-memory limit state', () => {
  it(`keeps the newest ${REQUEST_RECORD_LIMIT} requests of a key, dropping the oldest`, () => {
    const state = createInMemoryLimitState();
    for (let sent = 0; sent < REQUEST_RECORD_LIMIT + 250; sent += 1) {
      state.recordRequest('k', {
        atMs: sent,
        method: 'GET',
        path: '/v1/pets',
        status: 200,
      });
    }
    const record = state.requests('k');
    expect(record).toHaveLength(REQUEST_RECORD_LIMIT);
    expect(record[0]?.index).toBe(251);
    expect(record.at(-1)?.index).toBe(REQUEST_RECORD_LIMIT + 250);
    expect(record.at(-1)?.at).toBe(new Date(REQUEST_RECORD_LIMIT + 249).toISOString());
    expect(state.requests('other')).toEqual([]);
  });
});
