import { describe, expect, it } from '@jest/globals';
import { createInMemoryLimitState } from './in-memory-limit-state.js';
import { keySubject } from './limit-state.js';
import { REQUEST_RECORD_LIMIT } from './request-record.js';

const NOW = Date.parse('2026-11-21T10:00:05Z');

describe('the in-memory limit state', () => {
  it(`keeps the newest ${REQUEST_RECORD_LIMIT} requests of a key, dropping the oldest`, async () => {
    const state = createInMemoryLimitState();
    for (let sent = 0; sent < REQUEST_RECORD_LIMIT + 250; sent += 1) {
      await state.recordRequest('k', {
        atMs: sent,
        method: 'GET',
        path: '/v1/pets',
        status: 200,
      });
    }
    const record = await state.requests('k');
    expect(record).toHaveLength(REQUEST_RECORD_LIMIT);
    expect(record[0]?.index).toBe(251);
    expect(record.at(-1)?.index).toBe(REQUEST_RECORD_LIMIT + 250);
    expect(record.at(-1)?.at).toBe(new Date(REQUEST_RECORD_LIMIT + 249).toISOString());
    expect(await state.requests('other')).toEqual([]);
  });

  it('allows exactly the 60 requests left when 200 are decided at once', async () => {
    const state = createInMemoryLimitState();
    const input = {
      key: 'k',
      operationId: 'listPets',
      limits: { perMinute: 60, perDay: 1_000 },
      ban: { threshold: 1_000, seconds: 600 },
      nowMs: NOW,
    };
    const outcomes = await Promise.all(Array.from({ length: 200 }, () => state.decide(input)));
    expect(outcomes.filter(({ decision }) => decision.allowed)).toHaveLength(60);
    expect(await state.counters(keySubject('k'))).toMatchObject({ minuteCount: 60, dayCount: 60 });
  });

  it('counts requests without a key up to the limit, and answers the headers of the count', async () => {
    const state = createInMemoryLimitState();
    const limits = { perMinute: 2, perDay: 100 };
    const headers = await Promise.all([1, 2, 3].map(() => state.countAnonymous('address:a', limits, NOW)));
    expect(headers.map(({ remaining }) => remaining)).toEqual([1, 0, 0]);
    expect(headers[0]).toEqual({ limit: 2, remaining: 1, resetSeconds: Date.parse('2026-11-21T10:01:00Z') / 1000 });
  });
});
