// The plans of the interface's "Limits by plan" table, and the API keys that carry them.
export const PLAN_NAMES = ['free', 'pro', 'business', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export type PlanLimits = { perMinute: number; perDay: number };

/** Enterprise limits are agreed per customer; these are the demo-enterprise key's. */
export const ENTERPRISE_DEFAULT_LIMITS: PlanLimits = { perMinute: 10_000, perDay: 1_000_000 };

export const PLAN_LIMITS: Readonly<Record<PlanName, PlanLimits>> = {
  free: { perMinute: 60, perDay: 1_000 },
  pro: { perMinute: 300, perDay: 10_000 },
  business: { perMinute: 1_000, perDay: 100_000 },
  enterprise: ENTERPRISE_DEFAULT_LIMITS,
};

export type ApiKeyRecord = {
  key: string;
  plan: PlanName;
  /** Custom limits; without them the plan's own apply. */
  limits?: PlanLimits;
};

export function limitsOf(record: ApiKeyRecord): PlanLimits {
  return record.limits ?? PLAN_LIMITS[record.plan];
}

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}
