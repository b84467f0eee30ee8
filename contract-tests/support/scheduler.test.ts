import { describe, expect, it } from '@jest/globals';
import { type Block, CheckSkipped, type PlannedCheck, Scheduler } from './scheduler.js';

const MAIN = 'main';
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A scheduler of checks that record when they start and end; each ends when the test says. */
function plan(
  checks: Array<Partial<PlannedCheck> & { title: string }>,
  concurrency = 2,
): {
  scheduler: Scheduler;
  log: string[];
  finish(title: string, outcome?: 'skip' | 'fail'): void;
  running(): string[];
  outcomes: Array<Promise<string>>;
} {
  const scheduler = new Scheduler();
  const log: string[] = [];
  const ends = new Map<string, (outcome?: 'skip' | 'fail') => void>();
  const block: Block = { title: 'block', inSequence: false };
  checks.forEach((check, index) => {
    scheduler.add({
      index,
      block,
      uses: [MAIN],
      estimate: 1,
      run: () =>
        new Promise<void>((resolve, reject) => {
          log.push(`start ${check.title}`);
          ends.set(check.title, (outcome) => {
            log.push(`end ${check.title}`);
            if (outcome === 'skip') reject(new CheckSkipped('no room'));
            else if (outcome === 'fail') reject(new Error('broken'));
            else resolve();
          });
        }),
      ...check,
    });
  });
  const options = () => ({
    concurrency,
    timeLimitMs: () => 60_000,
    mainKey: MAIN,
    cleanUp: async () => {
      log.push('clean-up');
      return undefined;
    },
  });
  const outcomes = checks.map((_, index) =>
    scheduler.outcomeOf(index, options).then(
      () => 'resolved',
      (error: Error) => error.message,
    ),
  );
  return {
    scheduler,
    log,
    outcomes,
    finish: (title, outcome) => ends.get(title)?.(outcome),
    running: () =>
      log
        .filter((line) => line.startsWith('start '))
        .map((line) => line.slice(6))
        .filter((title) => !log.includes(`end ${title}`)),
  };
}

describe('the contract suite’s scheduler', () => {
  it('runs at most --concurrency checks at once, the one with most work first', async () => {
    const run = plan(
      [
        { title: 'small', estimate: 1 },
        { title: 'large', estimate: 50 },
        { title: 'middle', estimate: 10 },
      ],
      2,
    );
    await tick();
    expect(run.running()).toEqual(['large', 'middle']);
    run.finish('middle');
    await tick();
    expect(run.running()).toEqual(['large', 'small']);
    run.finish('large');
    run.finish('small');
    await run.scheduler.whenDone();
    expect(run.log.at(-1)).toBe('clean-up');
  });

  it('runs the checks of a block in sequence one after the other, in their order', async () => {
    const inSequence: Block = { title: 'shared data', inSequence: true };
    const run = plan(
      [{ title: 'first', block: inSequence }, { title: 'second', block: inSequence, estimate: 99 }, { title: 'apart' }],
      3,
    );
    await tick();
    expect(run.running()).toEqual(['first', 'apart']);
    run.finish('first');
    await tick();
    expect(run.running()).toEqual(['apart', 'second']);
  });

  it('uses a key up only once every other check of it is done, in the order minute, day, ban', async () => {
    const run = plan(
      [
        { title: 'ban', uses: ['other'], exhausts: { key: 'other', level: 'ban' } },
        { title: 'day', uses: ['other'], exhausts: { key: 'other', level: 'day' } },
        { title: 'needs its room', uses: ['other'] },
        { title: 'minute', uses: ['other'], exhausts: { key: 'other', level: 'minute' } },
      ],
      4,
    );
    await tick();
    expect(run.running()).toEqual(['needs its room']);
    run.finish('needs its room');
    await tick();
    expect(run.running()).toEqual(['minute']);
    run.finish('minute');
    await tick();
    expect(run.running()).toEqual(['day']);
    run.finish('day');
    await tick();
    expect(run.running()).toEqual(['ban']);
  });

  it('uses the main key up after the run’s data is cleaned up', async () => {
    const run = plan([{ title: 'drive', exhausts: { key: MAIN, level: 'minute' } }, { title: 'a check' }], 4);
    await tick();
    expect(run.running()).toEqual(['a check']);
    run.finish('a check');
    await tick();
    await tick();
    expect(run.log).toEqual(['start a check', 'end a check', 'clean-up', 'start drive']);
  });

  it('ends a check that finds it cannot check as skipped (its jest test passes), and a failure as a failure', async () => {
    const run = plan([{ title: 'no room' }, { title: 'broken' }], 2);
    await tick();
    run.finish('no room', 'skip');
    run.finish('broken', 'fail');
    expect(await Promise.all(run.outcomes)).toEqual(['resolved', 'broken']);
    expect(run.scheduler.outcomes.get(0)?.skipped).toBe('no room');
    expect(run.scheduler.outcomes.get(1)?.skipped).toBeUndefined();
  });

  it('chooses each next check without going over every check again: the work grows with the run, not its square', async () => {
    // A draft of 1,500 paths plans over 12,000 checks; going over them all at each start was
    // quadratic (cubic with blocks run in turn), minutes of a run. Counted: how often a check's
    // estimate is read, which choosing the next check by a scan does for every check each time.
    let reads = 0;
    const scheduler = new Scheduler();
    const blocks = Array.from({ length: 100 }, (_, index): Block => ({ title: `turn ${index}`, inSequence: true }));
    const count = 900;
    let ran = 0;
    for (let index = 0; index < count; index += 1) {
      const check: PlannedCheck = {
        index,
        title: `check ${index}`,
        block: index % 3 === 0 ? (blocks[index % 100] as Block) : { title: 'apart', inSequence: false },
        uses: [MAIN],
        run: async () => {
          ran += 1;
        },
        get estimate() {
          reads += 1;
          return (index * 7) % 13;
        },
      };
      scheduler.add(check);
    }
    const options = () => ({
      concurrency: 4,
      timeLimitMs: () => 60_000,
      mainKey: MAIN,
      cleanUp: async () => undefined,
    });
    await Promise.all(Array.from({ length: count }, (_, index) => scheduler.outcomeOf(index, options)));
    await scheduler.whenDone();
    expect(ran).toBe(count);
    expect(reads).toBeLessThan(count * 30);
  });
});
