// The plans of the interface's "Limits by plan" table, and the API keys that carry them. Names and
// limits come from the contract (x-rate-limits, generated into src/generated/plans.ts): every list
// of plans, in messages, demo keys or the dashboard, is built from PLAN_NAMES.
import { PLAN_LIMITS as CONTRACT_LIMITS, CUSTOM_LIMIT_PLANS, PLAN_NAMES, type PlanName } from '../generated/plans.js';
import type { ApiKeyRecord } from '../store/data-set.js';

export { type ApiKeyRecord, CUSTOM_LIMIT_PLANS, PLAN_NAMES, type PlanName };

export type PlanLimits = { perMinute: number; perDay: number };

export const PLAN_LIMITS: Readonly<Record<PlanName, PlanLimits>> = CONTRACT_LIMITS;

/** Enterprise limits are agreed per customer; these (the contract's x-demo-limits) are the demo-enterprise key's. */
export const ENTERPRISE_DEFAULT_LIMITS: PlanLimits = PLAN_LIMITS.enterprise;

/** The demo key of a plan, in every fresh data set unless left out: a fixed name other tools rely on. */
export const demoKeyOf = (plan: PlanName): string => `demo-${plan}`;

/** The demo keys, one per plan, in the contract's order. */
export const DEMO_KEY_NAMES: readonly string[] = PLAN_NAMES.map(demoKeyOf);

/** The plan names as a message lists them: "free, pro, business, enterprise". */
export const PLAN_LIST = PLAN_NAMES.join(', ');

export function limitsOf(record: ApiKeyRecord): PlanLimits {
  return record.limits ?? PLAN_LIMITS[record.plan];
}

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}
