// `npm run real-contracts`: the mock judged on the real documents (README.md beside this file).
// Prints one line per document and the totals; every 5xx and invalid answer, with its
// violations, goes to test-output/real-contracts/report.json (`--verbose` prints them too).
//   --only=a,b    only these documents
//   --with-prism-mock    the same requests to Prism's mock too, for comparison (three more
//                        processes per document: about twice the time)
import { DOCUMENTS } from './catalogue.js';
import { killAllNow } from './processes.js';
import { table, writeReport } from './report.js';
import { runRealContracts } from './run-set.js';

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const verbose = process.argv.includes('--verbose');
const documents = only ? DOCUMENTS.filter((entry) => only.includes(entry.name)) : DOCUMENTS;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    killAllNow();
    process.exit(130);
  });

const startedAt = Date.now();
const results = await runRealContracts({
  documents,
  withPrismMock: process.argv.includes('--with-prism-mock'),
  onDocument: (figures) => console.log(`  ${figures.name}: judged in ${figures.seconds.toFixed(1)} s`),
});
if (verbose) {
  for (const result of results) {
    if (result.mock.startError) console.log(`\n${result.name} did not start:\n${result.mock.startError}`);
    for (const finding of result.mock.findings)
      console.log(`\n${result.name}  ${finding.request} → ${finding.status}\n  ${finding.problems.join('\n  ')}`);
  }
}
console.log(`\n${table(results)}\n`);
console.log(`Report: ${writeReport(results)} (${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
