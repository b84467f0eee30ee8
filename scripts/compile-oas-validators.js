#!/usr/bin/env node
// Part of `npm run build`: the validators of the OpenAPI 3.0 and 3.1 schemas, which a contract
// given with --contract is checked against, compiled once here into dist/spec/ (Ajv's standalone
// code) instead of at every start with a draft (~0.3-0.7 s for 3.1; loading the code ~15 ms).
import { mkdir, writeFile } from 'node:fs/promises';
import standalone from 'ajv/dist/standalone/index.js';
import {
  createOasAjv,
  OAS_SCHEMAS_VERSION,
  OAS_VERSIONS,
  oasSchema,
} from '../dist/src/openapi/contract-source/oas-schemas.js';

const standaloneCode = standalone.default ?? standalone;
const root = new URL('../', import.meta.url);
await mkdir(new URL('dist/spec/', root), { recursive: true });
for (const version of OAS_VERSIONS) {
  const ajv = createOasAjv(version, { source: true });
  const validate = ajv.compile(oasSchema(version));
  // The version of the schemas it was made from: the server compiles anew rather than use another's.
  const code = `${standaloneCode(ajv, validate)}\nmodule.exports.schemasVersion = ${JSON.stringify(OAS_SCHEMAS_VERSION)};\n`;
  await writeFile(new URL(`dist/spec/oas-${version}-validator.cjs`, root), code);
}
