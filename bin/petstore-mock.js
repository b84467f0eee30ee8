#!/usr/bin/env node
// The petstore-mock command: runs the compiled CLI from dist/ (built by `npm install`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
const contractCommand = new URL('../dist/contract-tests/contract-command.js', import.meta.url);
if (!existsSync(entry) || !existsSync(contractCommand)) {
  console.error('petstore-mock: the compiled CLI is missing (dist/). Run `npm run build` in the package folder.');
  process.exit(1);
}
// The contract command's options only: the suite itself loads when that command runs.
const [{ main }, { registerContractCommand }] = await Promise.all([import(entry.href), import(contractCommand.href)]);
await main(process.argv, [registerContractCommand]);
