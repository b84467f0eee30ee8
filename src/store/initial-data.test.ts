import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SEED } from '../fixtures/default-seed.js';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { COMPILED_DEFAULT_DATA_FILE } from '../package-root.js';
import { initialDataSet } from './initial-data.js';

describe('the data a new store starts with', () => {
  it('the default data set the build wrote is exactly what the generator gives (npm test builds first)', () => {
    const compiled: unknown = JSON.parse(readFileSync(COMPILED_DEFAULT_DATA_FILE, 'utf8'));
    expect(compiled).toEqual(generateDataSet({ seed: DEFAULT_SEED, demoKeys: true }));
  });

  it('is the default data set for the default seed, and generated for any other seed or without demo keys', async () => {
    expect(await initialDataSet({ seed: DEFAULT_SEED, demoKeys: true })).toEqual(
      generateDataSet({ seed: DEFAULT_SEED, demoKeys: true }),
    );
    const other = await initialDataSet({ seed: 7, demoKeys: true });
    expect(other).toEqual(generateDataSet({ seed: 7, demoKeys: true }));
    expect(other.pets).not.toEqual(generateDataSet({ seed: DEFAULT_SEED }).pets);
    expect((await initialDataSet({ seed: DEFAULT_SEED, demoKeys: false })).apiKeys).toEqual([]);
  });

  it('gives each store its own copy: changing one does not change the next', async () => {
    const first = await initialDataSet({ seed: DEFAULT_SEED, demoKeys: true });
    first.pets.length = 0;
    expect((await initialDataSet({ seed: DEFAULT_SEED, demoKeys: true })).pets.length).toBeGreaterThan(0);
  });
});
