#!/usr/bin/env node
// The petstore-mock command: runs the compiled CLI from dist/ (built by `npm install`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('petstore-mock: the compiled CLI is missing (dist/). Run `npm run build` in the package folder.');
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv);
