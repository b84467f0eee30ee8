import { describe, expect, it } from '@jest/globals';
import { createGroupCommit } from './group-commit.js';

/** A write that takes until the test lets it finish, and counts how often it ran. */
function controllableWrite() {
  const finishers: Array<() => void> = [];
  let writes = 0;
  return {
    write: () =>
      new Promise<void>((resolve) => {
        writes += 1;
        finishers.push(resolve);
      }),
    finishNext: async () => {
      finishers.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
    count: () => writes,
  };
}

describe('group commit', () => {
  it('stores the changes of one turn together, and those that arrive during a write in the next', async () => {
    const disk = controllableWrite();
    const group = createGroupCommit(disk.write);
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
    });
    const client = async () => {
      for (let change = 0; change < 10; change += 1) await group.commit();
    };
    await Promise.all(Array.from({ length: 20 }, client));
    // 200 changes from 20 clients in step: one write per round of their changes, never one alone.
    expect(writes).toBe(10);
  });

  it('never answers a change before a write that began after it has finished', async () => {
    const disk = controllableWrite();
    const group = createGroupCommit(disk.write);
    void group.commit();
    let lateDone = false;
    const late = group.commit().then(() => (lateDone = true));
    await disk.finishNext(); // the write under way when `late` arrived
    expect(lateDone).toBe(false);
    await disk.finishNext();
    await late;
    expect(lateDone).toBe(true);
  });

  it('rejects the changes of a write that failed, and goes on with later ones', async () => {
    let fail = true;
    const group = createGroupCommit(async () => {
      if (fail) throw new Error('disk full');
    });
    await expect(group.commit()).rejects.toThrow('disk full');
    fail = false;
    await expect(group.commit()).resolves.toBeUndefined();
  });
});
