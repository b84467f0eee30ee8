// The data a new store starts with: the fixtures of a seed. The default ones (default seed, demo
// keys) are read from the JSON the build wrote, which spares a start the ~60 ms of loading faker;
// any other seed, or a build older than the generator, generates them.
import { readFileSync, statSync } from 'node:fs';
import { DEFAULT_SEED } from '../../fixtures/default-seed.js';
import { COMPILED_DATA_GENERATOR_FILE, COMPILED_DEFAULT_DATA_FILE } from '../package-root.js';
import type { DataSet } from './data-set.js';

export type InitialDataOptions = { seed: number; demoKeys: boolean };

function readCompiledDefault(): DataSet | undefined {
  try {
    if (statSync(COMPILED_DEFAULT_DATA_FILE).mtimeMs < statSync(COMPILED_DATA_GENERATOR_FILE).mtimeMs) return undefined;
    return JSON.parse(readFileSync(COMPILED_DEFAULT_DATA_FILE, 'utf8')) as DataSet;
  } catch {
    return undefined; // not built (tests run from src/) or unreadable: generate instead
  }
}

export async function initialDataSet({ seed, demoKeys }: InitialDataOptions): Promise<DataSet> {
  const compiled = seed === DEFAULT_SEED && demoKeys ? readCompiledDefault() : undefined;
  if (compiled) return compiled;
  const { generateDataSet } = await import('../../fixtures/generate-data-set.js');
  return generateDataSet({ seed, demoKeys });
}
