#!/usr/bin/env node
// `npm run build`: the TypeScript, then what the server reads instead of redoing at every start:
// the contracts as JSON, the default data set, and the validators of the OpenAPI schemas.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeBuildStamp } from './ensure-built.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const startedAt = Date.now();
// From nothing: a module removed from src/ must not live on in dist/, nor ship in the package.
rmSync(`${root}dist`, { recursive: true, force: true });
const STEPS = [
  [`${root}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json'],
  ['scripts/compile-spec.js'],
  ['scripts/compile-default-data.js'],
  ['scripts/compile-oas-validators.js'],
];
for (const step of STEPS) {
  const { status } = spawnSync(process.execPath, step, { cwd: root, stdio: 'inherit' });
  if (status !== 0) {
    console.error(`build: ${step.join(' ')} failed (exit ${status}); see its messages above.`);
    process.exit(1);
  }
}
// Only a build that finished stamps dist/: `npm start` then skips building until an input changes.
writeBuildStamp(root, startedAt);
