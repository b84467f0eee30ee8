// A failure is shrunk for a bounded time, and then the smallest input that failed stands: no more
// shrinks are made at all. Passed unchecked, they were still made, one level of them whole, and a
// large body's (Lob's 100,000-character template HTML) spun a CPU for minutes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { checkProperty } from './property.js';
import { CONFIG_VARIABLE } from './target.js';

let folder: string;
const before = process.env[CONFIG_VARIABLE];
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'property-'));
  writeFileSync(join(folder, 'config.json'), JSON.stringify({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', seed: 7 }));
  process.env[CONFIG_VARIABLE] = join(folder, 'config.json');
});
afterAll(() => {
  if (before === undefined) delete process.env[CONFIG_VARIABLE];
  else process.env[CONFIG_VARIABLE] = before;
  rmSync(folder, { recursive: true, force: true });
});

/** A body of many fields, each with shrinks of its own: a level of its shrinks is vast. */
const bodies = fc.array(
  fc.record({ name: fc.string({ minLength: 5 }), tags: fc.array(fc.string(), { minLength: 5 }) }),
  {
    minLength: 30,
  },
);

describe('checkProperty', () => {
  it('reports the smallest input checked and failed once its shrinking time is over, and ends', async () => {
    const checked: unknown[][] = [];
    let tried = 0;
    const counted = bodies.map((body) => {
      tried += 1;
      return body;
    });
    const failing = checkProperty(
      { arbitrary: counted, edges: [] },
      { name: 'createTemplate: a body', examples: 5, shrinkTimeMs: -1 },
      async (body) => {
        checked.push(body);
        if (body.length > 0) throw new Error(`refused a body of ${body.length} records`);
      },
    );
    await expect(failing).rejects.toThrow(/^refused a body of \d+ records/);
    // Only the first failure was checked, and the input reported is that one.
    expect(checked).toHaveLength(1);
    await expect(failing).rejects.toThrow(`Smallest failing input: ${fc.stringify(checked[0])}`);
    // No level of its shrinks is made once the time is over.
    expect(tried).toBeLessThan(500);
  });

  it('shrinks a failure within its time to the smallest input that fails', async () => {
    await expect(
      checkProperty(
        { arbitrary: fc.integer({ min: 0, max: 1000 }), edges: [] },
        { name: 'a number' },
        async (value) => {
          if (value >= 10) throw new Error(`${value} is too large`);
        },
      ),
    ).rejects.toThrow(/Smallest failing input \(shrunk \d+ times\): 10\n/);
  });
});
