// The mock on real public OpenAPI documents (README.md beside this file), judged by Prism's
// validation proxy: each document must start, give no 5xx, no answer that breaks it, and keep
// every CRUD step. Today the mock falls short on most of them, so each is held to the figures
// it gets today (known-gaps.json): the test fails when a document gets worse, and says so when
// one gets better, so that its figures there can follow. Runs the built command (dist/).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DOCUMENTS, HARNESS_FOLDER } from './catalogue.js';
import { compareWithKnown, type DocumentFigures, type KnownFigures, knownOf } from './figures.js';
import { writeReport } from './report.js';
import { runRealContracts } from './run-set.js';

const KNOWN_FILE = join(HARNESS_FOLDER, 'known-gaps.json');
const known = (JSON.parse(readFileSync(KNOWN_FILE, 'utf8')) as { documents: Record<string, KnownFigures> }).documents;
let results: DocumentFigures[] = [];

// A bound on a hang only: each start and each request has its own bound, and the whole set takes
// minutes on a machine whose cores other work keeps busy.
beforeAll(async () => {
  results = await runRealContracts({ withPrismMock: false });
  writeReport(results);
}, 1_200_000);

describe('the mock on real public OpenAPI documents, judged by Prism', () => {
  it('holds figures for every document of the set, and none for a document not in it', () => {
    expect(Object.keys(known).sort()).toEqual(DOCUMENTS.map((entry) => entry.name).sort());
  });

  it.each(DOCUMENTS.map((entry) => entry.name))('%s does no worse than known-gaps.json holds', (name) => {
    const result = results.find((entry) => entry.name === name);
    if (!result) throw new Error(`${name} was not judged`);
    const { worse, better } = compareWithKnown(name, knownOf(result.mock), known[name]);
    if (better.length > 0)
      console.log(
        `${better.join('\n')}\nBetter than known: set its figures in test/real-contracts/known-gaps.json to ${JSON.stringify(knownOf(result.mock))}.`,
      );
    const details = [
      ...(result.mock.startError ? [result.mock.startError] : []),
      ...result.mock.findings
        .slice(0, 5)
        .map((finding) => `${finding.request} → ${finding.status}: ${finding.problems.join('; ')}`),
      'Every finding: test-output/real-contracts/report.json',
    ];
    expect({ worse, details: worse.length > 0 ? details : [] }).toEqual({ worse: [], details: [] });
  });
});
