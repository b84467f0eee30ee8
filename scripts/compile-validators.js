#!/usr/bin/env node
// Part of `npm run build`, after tsc and compile-spec.js: compiles every validator the request
// and response checks use into plain JavaScript (dist/validators/), so that a start loads them
// in a few milliseconds instead of loading Ajv and compiling (~110 ms of a start and of the
// first request). See src/openapi/contract-ajv.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const root = new URL('../', import.meta.url);
const fromDist = (path) => import(new URL(`dist/src/${path}`, root).href);
const { loadContract } = await fromDist('openapi/load-contract.js');
const { collectSchemas, precompiledSource } = await fromDist('openapi/precompile-validators.js');
const { COMPILED_PETSTORE_SPEC_FILE, PETSTORE_SPEC_FILE, PRECOMPILED_VALIDATOR_FILES } =
  await fromDist('package-root.js');

const contract = loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE);
const schemas = collectSchemas(contract);
for (const kind of ['parameters', 'typed']) {
  const file = PRECOMPILED_VALIDATOR_FILES[kind];
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, precompiledSource(contract, kind, schemas[kind]));
}
