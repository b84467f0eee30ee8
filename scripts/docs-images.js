#!/usr/bin/env node
// `npm run docs:images`: the browser tests that take the docs pages' screenshots, run so that
// they write them to docs/ (a plain `npm test` writes them to test-output/screenshots/).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const result = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    'node_modules/jest/bin/jest.js',
    'test/browser/contract-report.test.ts',
    'test/browser/timeline.test.ts',
    'test/browser/sdk-check-report.test.ts',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, PETSTORE_DOCS_IMAGES: '1' } },
);
process.exit(result.status ?? 1);
