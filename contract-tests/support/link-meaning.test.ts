import { describe, expect, it } from '@jest/globals';
import { lastPageShaped } from './link-meaning.js';

describe('the page Link rel="last" names', () => {
  it('holds 1 to 2 items of a list that has any, and none of an empty list', () => {
    expect([1, 2].map((count) => lastPageShaped(count, 5))).toEqual([true, true]);
    expect([0, 3].map((count) => lastPageShaped(count, 5))).toEqual([false, false]);
    // An empty list's last page is empty: any item it holds is judged against the list read whole.
    expect(lastPageShaped(0, 0)).toBe(true);
  });
});
