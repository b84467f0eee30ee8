// The plans' limits as the contract states them (x-rate-limits.plans); a plan whose figures are
// agreed per customer ("custom") has none the suite can hold a key to.
import { SPEC } from './contract-spec.js';

export type PlanFigures = { perMinute: number; perDay: number };

type RawPlan = { perMinute: number | string; perDay: number | string };

const RAW_PLANS = (SPEC['x-rate-limits']?.plans ?? {}) as Record<string, RawPlan>;

export function planFigures(plan: string): PlanFigures | undefined {
  const raw = Object.hasOwn(RAW_PLANS, plan) ? RAW_PLANS[plan] : undefined;
  if (!raw || typeof raw.perMinute !== 'number' || typeof raw.perDay !== 'number') return undefined;
  return { perMinute: raw.perMinute, perDay: raw.perDay };
}

/** The plans with figures of their own. */
export function plansWithFigures(): string[] {
  return Object.keys(RAW_PLANS).filter((plan) => planFigures(plan) !== undefined);
}

/** Every plan the contract names, with figures or agreed per customer. */
export function planNames(): string[] {
  return Object.keys(RAW_PLANS);
}
