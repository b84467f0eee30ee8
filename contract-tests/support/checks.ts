// How checks are registered: only the kinds and operations the run selected, each counted, so
// that the runner can say how many are done of how many, and a run that selects none fails.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, test } from '@jest/globals';
import type { CheckKind } from '../check-kinds.js';
import { isSelected } from './operations.js';
import { contractTarget } from './target.js';

let planned = 0;

type Hook = { when: 'before' | 'after'; run: () => Promise<void> };
let blockHooks: Hook[] | undefined;

/**
 * A block of checks of one kind, registered only when the run selected that kind. Its set-up
 * and clean-up (beforeChecks, afterChecks) run only when the selection leaves it a check.
 */
export function kindOfChecks(kind: CheckKind, title: string, body: () => void): void {
  const { checks } = contractTarget();
  if (checks?.length && !checks.includes(kind)) return;
  describe(title, () => {
    const before = planned;
    const hooks: Hook[] = [];
    blockHooks = hooks;
    try {
      body();
    } finally {
      blockHooks = undefined;
    }
    if (planned === before) return;
    for (const hook of hooks) (hook.when === 'before' ? beforeAll : afterAll)(hook.run);
  });
}

function addHook(hook: Hook): void {
  if (!blockHooks) throw new Error('beforeChecks and afterChecks belong inside kindOfChecks.');
  blockHooks.push(hook);
}

/** Set-up of a kind's block, run before its first check. */
export function beforeChecks(run: () => Promise<void>): void {
  addHook({ when: 'before', run });
}

/** Clean-up of a kind's block, run after its last check. */
export function afterChecks(run: () => Promise<void>): void {
  addHook({ when: 'after', run });
}

/**
 * A check of `subjects` (operationIds): registered when the run selected one of them. What it
 * needs beyond them (data, a limit reached) it does itself, selected or not.
 */
export function check(subjects: string | readonly string[], name: string, run: () => Promise<void>): void {
  const list = typeof subjects === 'string' ? [subjects] : subjects;
  if (!list.some(isSelected)) return;
  planned += 1;
  test(name, run);
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** One check per row (rows of selected operations only); `%s` in the name is the row's first item. */
export function eachCheck<Row extends readonly unknown[]>(
  rows: readonly Row[],
  name: string,
  run: (...row: NoInfer<Writable<Row>>) => Promise<void>,
): void {
  for (const row of rows) {
    planned += 1;
    test(name.replace('%s', String(row[0])), () => run(...(row as unknown as Writable<Row>)));
  }
}

/** A check the run cannot do (e.g. no --rate-limit-key): shown as skipped, with why. */
export function skippedCheck(name: string, reason: string): void {
  planned += 1;
  test.skip(`${name} (${reason})`, () => undefined);
}

/** Writes how many checks were registered, once every module of the suite has registered its own. */
export function writePlan(): void {
  const { planFile } = contractTarget();
  if (planFile) writeFileSync(planFile, JSON.stringify({ checks: planned }));
}
