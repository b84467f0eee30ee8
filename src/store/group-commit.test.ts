import { describe, expect, it } from '@jest/globals';
import { createGroupCommit } from './group-commit.js';

const noUndo = () => {};

/** A write that takes until the test lets it finish (or fail), and counts how often it ran. */
function controllableWrite() {
  const finishers: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let writes = 0;
  return {
    write: () =>
      new Promise<void>((resolve, reject) => {
        writes += 1;
        finishers.push({ resolve, reject });
      }),
    finishNext: async () => {
      finishers.shift()?.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    },
    failNext: async (error: Error) => {
      finishers.shift()?.reject(error);
      await new Promise((resolve) => setImmediate(resolve));
    },
    count: () => writes,
  };
}

describe('group commit', () => {
  it('stores the changes of one turn together, and those that arrive during a write in the next', async () => {
    const disk = controllableWrite();
    const group = createGroupCommit(disk.write, noUndo);
    const settled: number[] = [];
    const burst = [1, 2].map((n) => group.commit().then(() => settled.push(n)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(disk.count()).toBe(1);
    const others = [3, 4, 5].map((n) => group.commit().then(() => settled.push(n)));
    await disk.finishNext();
    expect(settled).toEqual([1, 2]);
    expect(disk.count()).toBe(2);
    await disk.finishNext();
    await Promise.all([...burst, ...others]);
    expect(settled).toEqual([1, 2, 3, 4, 5]);
    expect(disk.count()).toBe(2);
  });

  it('groups the changes that the answers of a write lead to, as a client that awaits each one', async () => {
    let writes = 0;
    const group = createGroupCommit(async () => {
      writes += 1;
    }, noUndo);
    const client = async () => {
      for (let change = 0; change < 10; change += 1) await group.commit();
    };
    await Promise.all(Array.from({ length: 20 }, client));
    // 200 changes from 20 clients in step: one write per round of their changes, never one alone.
    expect(writes).toBe(10);
  });

  it('never answers a change before a write that began after it has finished', async () => {
    const disk = controllableWrite();
    const group = createGroupCommit(disk.write, noUndo);
    void group.commit();
    let lateDone = false;
    const late = group.commit().then(() => (lateDone = true));
    await disk.finishNext(); // the write under way when `late` arrived
    expect(lateDone).toBe(false);
    await disk.finishNext();
    await late;
    expect(lateDone).toBe(true);
  });

  it('rejects the changes of a write that failed, once undone, and goes on with later ones', async () => {
    let fail = true;
    const events: string[] = [];
    const group = createGroupCommit(
      async () => {
        if (fail) throw new Error('disk full');
      },
      () => events.push('undo'),
    );
    await expect(group.commit().catch((error: Error) => events.push(error.message))).resolves.toBe(2);
    expect(events).toEqual(['undo', 'disk full']);
    fail = false;
    await expect(group.commit()).resolves.toBeUndefined();
    expect(events).toEqual(['undo', 'disk full']);
  });

  it('fails the changes made while a failed write ran too: they were made on top of its own', async () => {
    const disk = controllableWrite();
    let undone = 0;
    const group = createGroupCommit(disk.write, () => {
      undone += 1;
    });
    const outcomes: string[] = [];
    const track = (name: string) =>
      group.commit().then(
        () => outcomes.push(`${name} stored`),
        (error: Error) => outcomes.push(`${name} ${error.message}`),
      );
    const first = [track('a'), track('b')];
    await new Promise((resolve) => setImmediate(resolve));
    const during = track('c');
    await disk.failNext(new Error('refused'));
    await Promise.all(first);
    // Answered with the others, not left for a write of its own.
    expect(outcomes).toEqual(['a refused', 'b refused', 'c refused']);
    expect(undone).toBe(1);
    await during;
    // Nothing was left waiting: the next change gets a write of its own.
    const later = track('d');
    await new Promise((resolve) => setImmediate(resolve));
    await disk.finishNext();
    await later;
    expect(outcomes.at(-1)).toBe('d stored');
    expect(disk.count()).toBe(2);
  });
});
