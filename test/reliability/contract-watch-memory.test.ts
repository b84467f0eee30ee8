// serve --watch --contract: sixty edits of the draft, served or refused in every way a save can
// be (broken YAML, an invalid or unservable document, one the stored records break, a file too
// deep, a 1.5 MB file, a $ref to nothing or outside the folder, a new file referenced and dropped),
// leave the process where it started: its heap after collection within a few MB, no thread
// (Spectral's worker), no open file (the watchers) more. Measured in this process, collected
// with gc() exposed for the moment; a fixed number of edits, each awaited by its log line.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeDraft } from '../support/drafts.js';
import { DEMO_KEY, startTestMock, type TestMock } from '../support/mock.js';

const CYCLES = 5;
// How far the heap after collection may move over the fifty edits counted: what one kept draft (and
// its app) per edit would exceed many times over.
const HEAP_BOUND_MB = 5;

type Footprint = { heapMb: number; threads: number; files: number };

function footprint(): Footprint {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  const threads = Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
  return {
    heapMb: Math.round(process.memoryUsage().heapUsed / 1e5) / 10,
    threads,
    files: readdirSync('/proc/self/fd').length,
  };
}

/** The ten saves of one cycle, each a new text of the NewPet schema's file: two served, eight refused. */
function cycleOfEdits(original: string, cycle: number): Array<{ text: string; served: boolean }> {
  const noted = (text: string, note: string) => text.replace(/^description: /m, `description: ${note} ${cycle}. `);
  const big = Array.from({ length: 30_000 }, (_, row) => `  - {a: ${row}, b: "value ${row} of ${cycle}"}`).join('\n');
  return [
    // Two served in a row: the first one's Spectral run is stopped by the second, which runs to its end.
    { text: noted(original, 'edit'), served: true },
    { text: `${noted(original, 'extra')}  extra:\n    $ref: ./extra.yaml\n`, served: true },
    { text: `${original}\n  broken: [${cycle}\n`, served: false },
    { text: original.replace(/^type: object$/m, `type: object${cycle}`), served: false },
    { text: original.replace(/^ {4}minLength: 1$/m, `    minLength: 1\n    pattern: "(?<${cycle}"`), served: false },
    { text: original.replace(/^required:\n/m, `required:\n  - nickname${cycle}\n`), served: false },
    { text: `${original}x-deep: ${'['.repeat(250)}${cycle}${']'.repeat(250)}\n`, served: false },
    { text: `${original}x-big:\n${big}\n  broken: [\n`, served: false },
    { text: `${original}  missing:\n    $ref: ./missing-${cycle}.yaml\n`, served: false },
    { text: `${original}  outside:\n    $ref: ../../../../etc/hostname\n`, served: false },
  ];
}

let mock: TestMock;
let petFile: string;
let original: string;
let edits = 0;

/** Saves `text` and waits for the line that tells it served or refused. */
async function save(text: string, served: boolean): Promise<void> {
  mock.logLines.length = 0;
  edits += 1;
  await writeFile(petFile, text);
  const deadline = Date.now() + 60_000;
  let line: string | undefined;
  while (line === undefined) {
    if (Date.now() > deadline)
      throw new Error(`Edit ${edits} was never taken up. The log:\n${mock.logLines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    line = mock.logLines.find((candidate) => / was edited/.test(candidate));
  }
  expect({ edit: edits, served: /now serving it/.test(line) }).toEqual({ edit: edits, served });
}

async function runCycle(cycle: number): Promise<void> {
  for (const { text, served } of cycleOfEdits(original, cycle)) await save(text, served);
  // Spectral's run on the last edit served ends before anything is counted.
  await mock.server.contractWarnings;
}

beforeAll(async () => {
  const draft = await writeDraft();
  petFile = join(dirname(draft), 'schemas', 'newpet.yaml');
  original = await readFile(petFile, 'utf8');
  await writeFile(join(dirname(petFile), 'extra.yaml'), 'type: string\nmaxLength: 20\n');
  mock = await startTestMock({ contract: draft, watch: true });
});
afterAll(async () => {
  expect(mock.contractBugs()).toEqual([]);
  await mock.server.close();
});

describe('a watched draft edited sixty times', () => {
  it('leaves the heap after collection, the threads and the open files where they were', async () => {
    await runCycle(0);
    const before = footprint();
    for (let cycle = 1; cycle <= CYCLES; cycle += 1) await runCycle(cycle);
    const after = footprint();
    process.stderr.write(`  [watch memory] ${edits} edits: ${JSON.stringify({ before, after })}\n`);
    expect(after.heapMb - before.heapMb).toBeLessThan(HEAP_BOUND_MB);
    expect(after.threads).toBeLessThanOrEqual(before.threads);
    expect(after.files).toBeLessThanOrEqual(before.files);
    // Still serving the last edit served.
    const pets = await mock.http.get('/v1/pets?limit=1').set({ 'X-API-Key': DEMO_KEY });
    expect(pets.status).toBe(200);
  }, 600_000);
});
