// The set-up every kind of races shares: none with --no-concurrency (a target that must see one
// request at a time); otherwise a home category for their pets, and what they made cleaned up.
import { beforeChecks, skippedCheck } from './checks.js';
import { ruleCategories } from './rule-steps.js';
import { contractTarget } from './target.js';

/** Registers the set-up; undefined (the races skipped as `title`) with --no-concurrency. */
export function raceHome(title: string): { home: () => number } | undefined {
  if (contractTarget().concurrency === false) {
    skippedCheck(title, 'turned off with --no-concurrency');
    return undefined;
  }
  let home = 0;
  beforeChecks(async () => {
    ({ home } = await ruleCategories());
  });
  return { home: () => home };
}
