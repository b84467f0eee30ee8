// The Date header names the second of the mock's clock, however it moves.
import { describe, expect, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { createClock } from '../clock.js';
import { createDateHeader, createHttpDateFormatter } from './date-header.js';

describe('the HTTP date of the Date header', () => {
  it("is Date's toUTCString of every instant, across seconds, forwards and backwards", () => {
    const httpDate = createHttpDateFormatter();
    const instants = [
      Date.UTC(2026, 10, 26, 14, 21, 31, 0),
      Date.UTC(2026, 10, 26, 14, 21, 31, 999),
      Date.UTC(2026, 10, 26, 14, 21, 32, 0),
      Date.UTC(2026, 10, 26, 14, 21, 31, 500),
      Date.UTC(2030, 0, 1),
      0,
      -1,
      -1000,
      -1001,
    ];
    for (const ms of instants) expect(httpDate(ms)).toBe(new Date(ms).toUTCString());
  });

  it("follows the mock's clock when it is moved, set back or frozen", async () => {
    let realMs = Date.UTC(2026, 10, 26, 14, 21, 31, 400);
    const clock = createClock({ realNowMs: () => realMs });
    const middleware = createDateHeader(clock);
    const dateSent = () => {
      let sent: unknown;
      const res = { setHeader: (_name: string, value: unknown) => (sent = value) } as unknown as Response;
      middleware({} as Request, res, () => undefined);
      return sent;
    };
    expect(dateSent()).toBe('Thu, 26 Nov 2026 14:21:31 GMT');
    realMs += 700;
    expect(dateSent()).toBe('Thu, 26 Nov 2026 14:21:32 GMT');
    await clock.advance(3600);
    expect(dateSent()).toBe('Thu, 26 Nov 2026 15:21:32 GMT');
    await clock.set(new Date('2026-01-02T03:04:05.900Z'));
    expect(dateSent()).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    await clock.freeze(true);
    realMs += 5000;
    expect(dateSent()).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
  });
});
