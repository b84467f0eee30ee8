// `npm run soak`: the full-length soak (60 s by default), printing its report. Run with
// --expose-gc so that memory is measured after collection. `--json` prints only the report.
import { runSoak } from './soak.js';

const numberArg = (name: string) => {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  return value === undefined ? undefined : Number(value);
};
const jsonOnly = process.argv.includes('--json');
// --phases=N --requests-per-phase=N --keys=N: a fixed amount of work, --seconds then only bounds it.
const fixed = {
  phases: numberArg('phases'),
  requestsPerPhase: numberArg('requests-per-phase'),
  keys: numberArg('keys'),
};
const report = await runSoak({
  seconds: numberArg('seconds') ?? 60,
  ...Object.fromEntries(Object.entries(fixed).filter(([, value]) => value !== undefined)),
  ...(jsonOnly ? {} : { log: (line: string) => console.log(line) }),
});
console.log(jsonOnly ? JSON.stringify(report) : JSON.stringify(report, null, 2));
const healthy = report.serverErrors === 0 && report.countMismatches.length === 0 && report.lostWrites === 0;
process.exitCode = healthy ? 0 : 1;
