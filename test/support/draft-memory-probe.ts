// Serves nothing, but does what a start does with a draft: reads it (readServedContract), loads
// express-openapi-validator's pipeline, and checks one answer's headers (which compiles the
// contract for headers); then prints, as one JSON line, the process's peak resident memory
// (VmHWM), its heap after a full collection, and the draft's warnings with their places.
// Compiled with the sources (dist/test/support/draft-memory-probe.js), run with --expose-gc:
// node --expose-gc draft-memory-probe.js DRAFT_FILE.
import { readFileSync } from 'node:fs';
import { createContractPipeline } from '../../src/openapi/contract-pipeline.js';
import { createResponseHeaderChecker } from '../../src/openapi/response-contract.js';
import { resolveConfig } from '../../src/server/config.js';
import { readServedContract } from '../../src/server/served-contract.js';

const file = process.argv[2];
if (!file) throw new Error('usage: node --expose-gc draft-memory-probe.js DRAFT_FILE');
const { contract, draft } = await readServedContract(resolveConfig({ contract: file }));
const pipeline = createContractPipeline(contract, { validateResponses: true, onResponseViolation: () => undefined });
await pipeline.ready;
const listPets = contract.operations.find((operation) => operation.operationId === 'listPets');
if (!listPets) throw new Error('The draft has no listPets operation.');
const breaches = createResponseHeaderChecker(contract)(listPets, 200, () => undefined);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc.');
gc();
gc();
const status = readFileSync('/proc/self/status', 'utf8');
const report = {
  peakMb: Math.round(Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1]) / 1024),
  heapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
  values: draft?.values,
  warnings: (draft?.warnings ?? []).map(({ rule, line, pointer }) => ({ rule, line, pointer })),
  headerBreaches: breaches.length,
  // Read after the collection: the pipeline is kept until the heap is measured.
  loaded: pipeline.ready instanceof Promise,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
