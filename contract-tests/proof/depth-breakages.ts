// Implementations broken where one fixed request does not look: at a bound, in a default, in a
// filter's semantics, in a business rule, in the rate-limit headers. Each is a proxy in front of
// a correct mock, with the run that must catch it and what the failure must say.
import type { DepthBreakage } from './breakage-helpers.js';
import { CONCURRENCY_BREAKAGES } from './breakages-concurrency.js';
import { EDGE_BREAKAGES, MASS_ASSIGNMENT_BREAKAGE, UPDATE_MASS_ASSIGNMENT_BREAKAGE } from './breakages-edges.js';
import { GENERATED_AND_VALUE_BREAKAGES } from './breakages-generated-values.js';
import { LIST_AND_RULE_BREAKAGES } from './breakages-lists-rules.js';
import { MEANING_BREAKAGES } from './breakages-meaning.js';
import { CANCEL_KEEPS_UNITS_BREAKAGE, RACE_BREAKAGES } from './breakages-races.js';
import { RANGE_BREAKAGES } from './breakages-range.js';
import { PLAN_LIMIT_BREAKAGES, RATE_LIMIT_BREAKAGES } from './breakages-rate-limits.js';

export type { DepthBreakage } from './breakage-helpers.js';

export const DEPTH_BREAKAGES: DepthBreakage[] = [
  ...GENERATED_AND_VALUE_BREAKAGES,
  ...LIST_AND_RULE_BREAKAGES,
  ...RATE_LIMIT_BREAKAGES,
  ...PLAN_LIMIT_BREAKAGES,
  ...CONCURRENCY_BREAKAGES,
  ...RACE_BREAKAGES,
  CANCEL_KEEPS_UNITS_BREAKAGE,
  ...MEANING_BREAKAGES,
  ...RANGE_BREAKAGES,
  ...EDGE_BREAKAGES,
  MASS_ASSIGNMENT_BREAKAGE,
  UPDATE_MASS_ASSIGNMENT_BREAKAGE,
];
