import { describe, expect, it } from '@jest/globals';
import { applyStorm, createStorm, isStormOver, type Storm, stormCovers } from './storms.js';

const NOW = Date.parse('2026-11-21T10:00:00Z');

function run(storm: Storm, count: number): { storm: Storm; refusals: boolean[] } {
  let current = storm;
  const refusals: boolean[] = [];
  for (let sent = 0; sent < count; sent += 1) {
    const outcome = applyStorm(current, NOW);
    current = outcome.storm;
    refusals.push(outcome.refuse);
  }
  return { storm: current, refusals };
}

describe('429 storms', () => {
  it('refuse every covered request by default', () => {
    expect(run(createStorm('s', {}, NOW), 5).refusals).toEqual([true, true, true, true, true]);
  });

  it('refuse exactly the given fraction, spread evenly, the same on every run', () => {
    const { refusals, storm } = run(createStorm('s', { fraction: 0.25 }, NOW), 100);
    expect(refusals.filter(Boolean)).toHaveLength(25);
    expect(refusals.slice(0, 8)).toEqual([false, false, false, true, false, false, false, true]);
    expect(storm).toMatchObject({ covered: 100, refused: 25 });
    expect(run(createStorm('s', { fraction: 0.25 }, NOW), 100).refusals).toEqual(refusals);
  });

  it('end after the given number of covered requests, refused or not', () => {
    const { storm } = run(createStorm('s', { requests: 3, fraction: 0.5 }, NOW), 3);
    expect(isStormOver(storm, NOW)).toBe(true);
    expect(stormCovers(storm, 'any', 'listPets', NOW)).toBe(false);
  });

  it('end after their duration, and tell clients to retry when they end', () => {
    const storm = createStorm('s', { seconds: 30 }, NOW);
    expect(applyStorm(storm, NOW + 10_000).retryAfterSeconds).toBe(20);
    expect(stormCovers(storm, 'k', undefined, NOW + 29_999)).toBe(true);
    expect(stormCovers(storm, 'k', undefined, NOW + 30_000)).toBe(false);
  });

  it('cover only the keys and operations they name', () => {
    const storm = createStorm('s', { keys: ['a'], operations: ['listPets'] }, NOW);
    expect(stormCovers(storm, 'a', 'listPets', NOW)).toBe(true);
    expect(stormCovers(storm, 'b', 'listPets', NOW)).toBe(false);
    expect(stormCovers(storm, 'a', 'createPet', NOW)).toBe(false);
    expect(stormCovers(storm, 'a', undefined, NOW)).toBe(false);
  });
});
