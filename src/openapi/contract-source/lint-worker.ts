// The thread that runs Spectral on a contract given at run time (lint-contract.ts starts it):
// it gets the bundled document and the ruleset's path, and posts back the findings or the error.
import { parentPort, workerData } from 'node:worker_threads';
import { lintDocument } from './spectral-lint.js';

export type LintRequest = { documentJson: string; rulesetFile: string; sourceName: string };
export type LintReply = { findings: Awaited<ReturnType<typeof lintDocument>> } | { error: string };

const { documentJson, rulesetFile, sourceName } = workerData as LintRequest;
lintDocument(documentJson, rulesetFile, sourceName).then(
  (findings) => parentPort?.postMessage({ findings } satisfies LintReply),
  (error: unknown) =>
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies LintReply),
);
