// Before the first check: how the main key stands and how fast the target answers, read from two
// requests (one without a key, which no quota counts, and one with it). The run's start note says
// from this what the run costs; its limits come from a petstore-mock's state when the run can read
// it, else from the plan whose figures in x-rate-limits match what the headers say.
import type { KeyState } from './mock-control-keys.js';
import { listOperations, SPEC, type SpecOperation } from './support/contract-spec.js';
import { runnerGet } from './support/credentials.js';
import { isRefusal } from './support/error-shapes.js';
import { API_KEY_VARIABLE } from './support/key-variables.js';
import { limitValue, type WindowPart } from './support/limit-window.js';
import { planFigures, planNames, plansWithFigures } from './support/plan-figures.js';
import { pathOfSmallestPage } from './support/probe-operation.js';
import type { ContractTarget, KeyReading } from './support/target.js';
import { targetNow } from './support/target-clock.js';

/** A demo key of a plan (demo-free, …) is public, printed by every mock at start: shown by its name. */
export function shownName(key: string): string {
  return planNames().some((plan) => key === `demo-${plan}`) ? key : `$${API_KEY_VARIABLE}`;
}

async function timed(target: ContractTarget, operation: SpecOperation, key?: string) {
  const startedAt = Date.now();
  const answer = await runnerGet(target, operation, pathOfSmallestPage(operation), key);
  return { answer, ms: Date.now() - startedAt };
}

/** The key's minute and day: from the mock's state, or the plan whose per-minute figure the headers show. */
function limitsOf(reading: KeyReading, state: KeyState | undefined): Partial<KeyReading> {
  if (state?.limits) {
    return {
      perMinute: state.limits.perMinute,
      perDay: state.limits.perDay,
      // The state was read before this reading's own request, which the day counts too.
      ...(state.day?.remaining !== undefined ? { dayRemaining: Math.max(0, state.day.remaining - 1) } : {}),
      limitsFrom: "as the mock's state says",
    };
  }
  if (reading.limit === undefined) return {};
  const minuteShown = (reading.resetInSeconds ?? 0) <= 61;
  const plans = plansWithFigures().filter(
    (plan) => (minuteShown ? planFigures(plan)?.perMinute : planFigures(plan)?.perDay) === reading.limit,
  );
  const figures = plans.length === 1 ? planFigures(plans[0] as string) : undefined;
  if (!figures)
    return minuteShown
      ? { perMinute: reading.limit }
      : { perDay: reading.limit, ...(reading.remaining !== undefined ? { dayRemaining: reading.remaining } : {}) };
  return {
    perMinute: figures.perMinute,
    perDay: figures.perDay,
    ...(!minuteShown && reading.remaining !== undefined ? { dayRemaining: reading.remaining } : {}),
    limitsFrom: `the ${plans[0]} plan's figures in the contract`,
  };
}

/** Reads the main key as it stands; a target that does not answer gives a reading without limits. */
export async function readMainKey(target: ContractTarget, states: KeyState[] = []): Promise<KeyReading> {
  const named = shownName(target.apiKey);
  const list = listOperations().find(
    (operation) => operation.method === 'get' && !operation.deprecated && !operation.path.includes('{'),
  );
  if (!list) return { status: 0, latencyMs: 0, named };
  try {
    const keyless = await timed(target, list);
    const { answer, ms } = await timed(target, list, target.apiKey);
    const number = (part: WindowPart) => {
      const value = limitValue(answer, part);
      return Number.isInteger(value) ? value : undefined;
    };
    const nowSeconds = Math.floor(targetNow(answer).ms / 1000);
    const reset = number('reset');
    const ban = SPEC['x-rate-limits']?.ban as { status?: number; code?: string } | undefined;
    const body = (() => {
      try {
        return JSON.parse(answer.text) as unknown;
      } catch {
        return undefined;
      }
    })();
    const banned = ban?.status !== undefined && isRefusal({ ...answer, body }, ban.status, ban.code ?? '', list);
    const reading: KeyReading = {
      status: answer.status,
      ...(banned ? { bannedForSeconds: Number(answer.headers['retry-after']) || 0 } : {}),
      latencyMs: Math.max(ms, keyless.ms),
      named,
      ...(number('limit') !== undefined ? { limit: number('limit') } : {}),
      ...(number('remaining') !== undefined ? { remaining: number('remaining') } : {}),
      ...(reset !== undefined ? { resetInSeconds: Math.max(0, reset - nowSeconds) } : {}),
    };
    return {
      ...reading,
      ...limitsOf(
        reading,
        states.find((state) => state.key === target.apiKey),
      ),
    };
  } catch {
    return { status: 0, latencyMs: 0, named };
  }
}
