// Before the first check: how the main key stands and how fast the target answers, read from two
// requests (one without a key, which no quota counts, and one with it). The run's start note says
// from this what the run costs; its limits come from a petstore-mock's state when the run can read
// it, else from the plan whose figures in x-rate-limits match what the headers say.
import type { KeyState } from './mock-control-keys.js';
import { listOperations, SPEC } from './support/contract-spec.js';
import { httpRequest } from './support/http-client.js';
import { API_KEY_VARIABLE } from './support/keys.js';
import { planFigures, planNames, plansWithFigures } from './support/plan-figures.js';
import { pathOfSmallestPage } from './support/probe-operation.js';
import { answerTimeoutSeconds, type ContractTarget, type KeyReading, SCOPE_HEADER } from './support/target.js';

/** A demo key of a plan (demo-free, …) is public, printed by every mock at start: shown by its name. */
export function shownName(key: string): string {
  return planNames().some((plan) => key === `demo-${plan}`) ? key : `$${API_KEY_VARIABLE}`;
}

async function timed(target: ContractTarget, url: string, key?: string) {
  const startedAt = Date.now();
  const answer = await httpRequest({
    method: 'GET',
    url,
    headers: { ...(key ? { 'X-API-Key': key } : {}), ...(target.scope ? { [SCOPE_HEADER]: target.scope } : {}) },
    timeoutMs: answerTimeoutSeconds(target) * 1000,
    ...(target.caFile ? { caFile: target.caFile } : {}),
  });
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
  const url = `${target.baseUrl.replace(/\/+$/, '')}${pathOfSmallestPage(list)}`;
  try {
    const keyless = await timed(target, url);
    const { answer, ms } = await timed(target, url, target.apiKey);
    const number = (name: string) => {
      const value = Number(answer.headers[name]);
      return Number.isInteger(value) ? value : undefined;
    };
    const date = Date.parse(answer.headers.date ?? '');
    const nowSeconds = Math.floor((Number.isNaN(date) ? Date.now() : date) / 1000);
    const reset = number('x-ratelimit-reset');
    const ban = SPEC['x-rate-limits']?.ban as { status?: number; code?: string } | undefined;
    const code = (() => {
      try {
        return (JSON.parse(answer.text) as { code?: unknown }).code;
      } catch {
        return undefined;
      }
    })();
    const reading: KeyReading = {
      status: answer.status,
      ...(ban && answer.status === ban.status && code === ban.code
        ? { bannedForSeconds: Number(answer.headers['retry-after']) || 0 }
        : {}),
      latencyMs: Math.max(ms, keyless.ms),
      named,
      ...(number('x-ratelimit-limit') !== undefined ? { limit: number('x-ratelimit-limit') } : {}),
      ...(number('x-ratelimit-remaining') !== undefined ? { remaining: number('x-ratelimit-remaining') } : {}),
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
