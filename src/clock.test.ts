import { describe, expect, it } from '@jest/globals';
import { createClock } from './clock.js';

describe('the mock clock', () => {
  const fakeReal = () => {
    let real = Date.parse('2026-01-01T00:00:00Z');
    return { realNowMs: () => real, tick: (ms: number) => (real += ms) };
  };

  it('runs with real time unless moved', () => {
    const real = fakeReal();
    const clock = createClock({ realNowMs: real.realNowMs });
    real.tick(1500);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:01.500Z');
    expect(clock.state().frozen).toBe(false);
  });

  it('advances, and keeps running from the new time', () => {
    const real = fakeReal();
    const clock = createClock({ realNowMs: real.realNowMs });
    clock.advance(3600);
    real.tick(1000);
    expect(clock.now().toISOString()).toBe('2026-01-01T01:00:01.000Z');
  });

  it('stands still when frozen, moves only when advanced or set, and resumes from there', () => {
    const real = fakeReal();
    const clock = createClock({ realNowMs: real.realNowMs, start: new Date('2027-07-01T00:00:00Z'), frozen: true });
    real.tick(60_000);
    expect(clock.now().toISOString()).toBe('2027-07-01T00:00:00.000Z');
    clock.advance(30);
    expect(clock.now().toISOString()).toBe('2027-07-01T00:00:30.000Z');
    clock.freeze(false);
    real.tick(2000);
    expect(clock.now().toISOString()).toBe('2027-07-01T00:00:32.000Z');
  });

  it('can be set to any instant, and reset to its start', () => {
    const real = fakeReal();
    const clock = createClock({ realNowMs: real.realNowMs });
    clock.set(new Date('2030-05-05T05:05:05Z'));
    expect(clock.now().toISOString()).toBe('2030-05-05T05:05:05.000Z');
    clock.reset();
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('starts frozen at exactly the start instant, however the real time moves while it starts', () => {
    // A real time source that moves on every read, as a busy machine's does.
    let real = Date.parse('2026-01-01T00:00:00Z');
    const realNowMs = () => (real += 3);
    const clock = createClock({ realNowMs, start: new Date('2026-11-21T10:00:00Z'), frozen: true });
    expect(clock.now().toISOString()).toBe('2026-11-21T10:00:00.000Z');
    clock.advance(3600);
    clock.reset();
    expect(clock.now().toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });
});
