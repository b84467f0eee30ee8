#!/usr/bin/env node
// Part of `npm run build`, after tsc: writes the default data set (default seed, demo keys) to
// dist/src/fixtures/, so that a start with fresh default data reads it (about 1 ms) instead of
// loading faker and generating it (about 60 ms). Other seeds are generated at start as before.
import { writeFile } from 'node:fs/promises';

const root = new URL('../', import.meta.url);
const { generateDataSet } = await import(new URL('dist/src/fixtures/generate-data-set.js', root).href);
const { DEFAULT_SEED } = await import(new URL('dist/src/fixtures/default-seed.js', root).href);
await writeFile(
  new URL('dist/src/fixtures/default-data-set.json', root),
  JSON.stringify(generateDataSet({ seed: DEFAULT_SEED, demoKeys: true })),
);
