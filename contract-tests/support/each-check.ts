// test.each that tolerates an empty table: when filters leave no operation for a group of
// checks, the group shows as skipped instead of failing.
import { test } from '@jest/globals';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

export function eachCheck<Row extends readonly unknown[]>(
  rows: readonly Row[],
  name: string,
  check: (...row: NoInfer<Writable<Row>>) => Promise<void>,
): void {
  if (rows.length === 0) {
    test.skip(`${name.replace(/%s/g, '').trim()} (no operation of this run)`, () => undefined);
    return;
  }
  test.each(rows as unknown as unknown[][])(name, check as (...args: unknown[]) => Promise<void>);
}
