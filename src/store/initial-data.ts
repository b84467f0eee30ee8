// The data a new store starts with: the fixtures of a seed. The default ones (default seed, demo
// keys) are read from the JSON the build wrote, which spares a start the ~60 ms of loading faker;
// any other seed, or a build older than the generator, generates them.
import { DEFAULT_SEED } from '../fixtures/default-seed.js';
import { COMPILED_DATA_GENERATOR_FILE, COMPILED_DEFAULT_DATA_FILE, readBuildOutput } from '../package-root.js';
import type { DataSet } from './data-set.js';

export type InitialDataOptions = { seed: number; demoKeys: boolean };

function readCompiledDefault(): DataSet | undefined {
  const text = readBuildOutput(COMPILED_DEFAULT_DATA_FILE, COMPILED_DATA_GENERATOR_FILE);
  try {
    return text === undefined ? undefined : (JSON.parse(text) as DataSet);
  } catch {
    return undefined; // a damaged build output: generate instead
  }
}

export async function initialDataSet({ seed, demoKeys }: InitialDataOptions): Promise<DataSet> {
  const compiled = seed === DEFAULT_SEED && demoKeys ? readCompiledDefault() : undefined;
  if (compiled) return compiled;
  const { generateDataSet } = await import('../fixtures/generate-data-set.js');
  return generateDataSet({ seed, demoKeys });
}
