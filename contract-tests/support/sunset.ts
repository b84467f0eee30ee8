// Whether a deprecated operation is past its sunset (x-deprecation.sunset), by the target's own
// clock: a server that stands at or after that instant answers 410.
import type { SpecOperation } from './contract-spec.js';
import type { Exchange } from './exchange.js';
import { targetNow } from './target-clock.js';

export type DeprecationNotice = { deprecatedAt: string; sunset: string; successor: string };

export function deprecationNotice(operation: SpecOperation): DeprecationNotice | undefined {
  return operation.deprecated ? (operation.raw['x-deprecation'] as DeprecationNotice | undefined) : undefined;
}

export function pastSunset(operation: SpecOperation, answer: Pick<Exchange, 'headers'>): boolean {
  const notice = deprecationNotice(operation);
  return notice !== undefined && targetNow(answer).ms >= Date.parse(notice.sunset);
}
