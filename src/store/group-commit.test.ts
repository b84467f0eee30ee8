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
  it('stores the changes that arrive during a write together, in the next write', async () => {
    const disk = controllableWrite();
    const group = createGroupCommit(disk.write);
    const settled: number[] = [];
    const first = group.commit().then(() => settled.push(1));
    const others = [2, 3, 4].map((n) => group.commit().then(() => settled.push(n)));
    expect(disk.count()).toBe(1);
    await disk.finishNext();
    expect(settled).toEqual([1]);
    expect(disk.count()).toBe(2);
    await disk.finishNext();
    await Promise.all([first, ...others]);
    expect(settled).toEqual([1, 2, 3, 4]);
    expect(disk.count()).toBe(2);
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
