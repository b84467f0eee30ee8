// Generated from spec/ by `npm run generate:types`. Do not edit by hand.

/** The plans of spec/petstore.yaml's x-rate-limits, in its order. */
export const PLAN_NAMES = ['free', 'pro', 'business', 'enterprise'] as const;

export type PlanName = (typeof PLAN_NAMES)[number];

/** The plans whose limits the contract leaves custom: agreed per customer. */
export const CUSTOM_LIMIT_PLANS: readonly PlanName[] = ['enterprise'];

/** Each plan's limits; a custom plan's are its x-demo-limits, the mock's own decision. */
export const PLAN_LIMITS = {
  free: { perMinute: 60, perDay: 1_000 },
  pro: { perMinute: 300, perDay: 10_000 },
  business: { perMinute: 1_000, perDay: 100_000 },
  enterprise: { perMinute: 10_000, perDay: 1_000_000 },
} as const;
