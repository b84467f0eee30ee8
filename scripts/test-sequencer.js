// The order in which jest starts the test files: the longest first, so that the workers finish
// together instead of one of them starting a two-minute file last. Jest knows each file's last
// duration once it has run it on this machine; a fresh clone knows none, and would go by file
// size, which says little here (a short file may run the whole contract suite). So the durations
// measured in a run of npm test (scripts/suite-durations.json, rewritten by
// `node scripts/suite-durations.js`) stand in for what jest has not measured yet.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import Sequencer from '@jest/test-sequencer';

const MEASURED = JSON.parse(readFileSync(new URL('./suite-durations.json', import.meta.url), 'utf8'));
// A file measured nowhere (a new one) starts among the long ones: better early than last.
const UNMEASURED_MS = 15_000;

export default class LongestFirst extends Sequencer {
  time(test) {
    const seconds = MEASURED[relative(test.context.config.rootDir, test.path)];
    return super.time(test) ?? (seconds === undefined ? UNMEASURED_MS : seconds * 1000);
  }
}
