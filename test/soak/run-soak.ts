// `npm run soak`: the full-length soak (60 s by default), printing its report. Run with
// --expose-gc so that memory is measured after collection. `--json` prints only the report.
import { runSoak } from './soak.js';

const seconds = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 60);
const jsonOnly = process.argv.includes('--json');
const report = await runSoak({ seconds, ...(jsonOnly ? {} : { log: (line: string) => console.log(line) }) });
console.log(jsonOnly ? JSON.stringify(report) : JSON.stringify(report, null, 2));
const healthy = report.serverErrors === 0 && report.countMismatches.length === 0 && report.lostWrites === 0;
process.exitCode = healthy ? 0 : 1;
