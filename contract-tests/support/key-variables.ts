// The variables the keys given to the suite are shown as in every report, never their values.
// Apart from keys.ts, which reads the contract's schemes: the command names these before the
// contract given (--contract) is loaded, and must not load the built-in one first.
export const API_KEY_VARIABLE = 'PETSTORE_API_KEY';
export const RATE_LIMIT_KEY_VARIABLE = 'PETSTORE_RATE_LIMIT_KEY';
export const DAY_LIMIT_KEY_VARIABLE = 'PETSTORE_DAY_LIMIT_KEY';

/** The variable of each key of these plans, in order: PETSTORE_PLAN_KEY_FREE, then _FREE_2 for a second. */
export function planKeyVariables(plans: string[]): string[] {
  const ranks = new Map<string, number>();
  return plans.map((plan) => {
    const rank = (ranks.get(plan) ?? 0) + 1;
    ranks.set(plan, rank);
    return `PETSTORE_PLAN_KEY_${plan.toUpperCase()}${rank > 1 ? `_${rank}` : ''}`;
  });
}
