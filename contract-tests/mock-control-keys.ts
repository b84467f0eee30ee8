// When the target is a petstore-mock whose control API answers (open on loopback), the run takes
// the keys it needs from there instead of leaving their checks out: keys of known plans read
// from its state, and keys made for this run alone (a second key of a plan, a key to drive to
// its limit, one to ban, one whose day is small), deleted when the run ends. The control API
// lives at the target's origin, outside the API's base path; --no-mock-control leaves it alone.
import { randomUUID } from 'node:crypto';
import { listOperations } from './support/contract-spec.js';
import { planFigures } from './support/plan-figures.js';
import { type ContractTarget, SCOPE_HEADER, type SuiteConfig } from './support/target.js';

const CONTROL_PATH = '/__mock';
const ASK_TIMEOUT_MS = 5_000;
/** Per plan, keys read from the state: two make the separate-windows check possible. */
const KEYS_PER_PLAN = 2;
/**
 * The key made to be driven to its limit: a day only a little larger than its minute, so that
 * after the minute the day is the window the headers describe, and any refused request it
 * counted shows (rate-limits.ts).
 */
export const MADE_LIMIT_KEY_LIMITS = { perMinute: 12, perDay: 16 };
/** The key made to be banned: after the ban, its day is the window shown, with 1 left. */
export const MADE_BAN_KEY_LIMITS = { perMinute: 3, perDay: 5 };
/** The key made for the day's window: its day ends long before its minute. */
const MADE_DAY_KEY_LIMITS = { perMinute: 60, perDay: 5 };

type KeyState = {
  key: string;
  plan: string;
  limits: { perMinute: number; perDay: number };
  limited?: boolean;
  banned?: boolean;
};

export type MockControlKeys = {
  /** What the suite's config gains. */
  found: Pick<
    SuiteConfig,
    'planKeys' | 'rateLimitKey' | 'dayLimitKey' | 'madeRateLimitKey' | 'madeBanKey' | 'mockControlOrigin'
  >;
  /** One line for the person running the suite: what was read and made, and how to stop it. */
  note: string;
  /** Deletes the keys made for the run. */
  removeMadeKeys(): Promise<void>;
};

export async function keysFromMockControl(target: ContractTarget): Promise<MockControlKeys | undefined> {
  const origin = new URL(target.baseUrl).origin;
  const headers: Record<string, string> = target.scope ? { [SCOPE_HEADER]: target.scope } : {};
  const ask: Ask = (method, path, body) =>
    fetch(`${origin}${CONTROL_PATH}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    }).catch(() => undefined);

  const state = await ask('GET', '/state');
  const keys = state?.ok ? await readKeys(state) : undefined;
  if (!keys || !(await controlsTheApi(target, ask))) return undefined;

  const found: MockControlKeys['found'] = { mockControlOrigin: origin };
  const made: string[] = [];
  const runId = randomUUID().slice(0, 8);
  const make = async (role: string, plan: string, limits?: { perMinute: number; perDay: number }) => {
    const key = `contract-run-${runId}-${role}`;
    const answer = await ask('PUT', `/keys/${key}`, { plan, ...(limits ? { limits } : {}) });
    if (!answer?.ok) return undefined;
    made.push(key);
    return key;
  };

  if (!target.planKeys?.length) {
    const planKeys = keys
      .filter((state) => !state.banned && !state.limited && matchesPlan(state))
      .sort((one, other) => one.key.localeCompare(other.key))
      .filter((state, index, all) => all.slice(0, index).filter((o) => o.plan === state.plan).length < KEYS_PER_PLAN)
      .map(({ plan, key }) => ({ plan, key }));
    const lonePlan = planKeys.find(({ plan }) => planKeys.filter((other) => other.plan === plan).length === 1)?.plan;
    const second = lonePlan ? await make(`${lonePlan}-2`, lonePlan) : undefined;
    if (lonePlan && second) planKeys.push({ plan: lonePlan, key: second });
    if (planKeys.length > 0) found.planKeys = planKeys;
  }
  if (!target.rateLimitKey) {
    const key = await make('limit', 'free', MADE_LIMIT_KEY_LIMITS);
    if (key) Object.assign(found, { rateLimitKey: key, madeRateLimitKey: MADE_LIMIT_KEY_LIMITS });
  }
  const banKey = await make('ban', 'free', MADE_BAN_KEY_LIMITS);
  if (banKey) found.madeBanKey = { key: banKey, ...MADE_BAN_KEY_LIMITS };
  if (!target.dayLimitKey) {
    const key = await make('day', 'free', MADE_DAY_KEY_LIMITS);
    if (key) found.dayLimitKey = key;
  }

  const read = found.planKeys?.filter(({ key }) => !made.includes(key)).length ?? 0;
  if (read === 0 && made.length === 0) return undefined;
  return {
    found,
    note: `The target is a petstore-mock whose control API answers (${origin}${CONTROL_PATH}): ${read} key(s) of known plans read from it, ${made.length} made for this run and deleted at its end; it may move that mock's clock to the end of a window or a ban, and back. --no-mock-control leaves it alone.\n`,
    async removeMadeKeys() {
      await Promise.all(made.map((key) => ask('DELETE', `/keys/${key}`)));
    },
  };
}

type Ask = (method: string, path: string, body?: unknown) => Promise<Response | undefined>;

/**
 * Whether a key made through this control API is one the API knows: not so for the validation
 * proxy's control API in front of another implementation, whose keys are the upstream's.
 */
async function controlsTheApi(target: ContractTarget, ask: Ask): Promise<boolean> {
  const key = `contract-run-${randomUUID().slice(0, 8)}-probe`;
  if (!(await ask('PUT', `/keys/${key}`, { plan: 'free' }))?.ok) return false;
  try {
    // Any plain read of a list: what matters is only whether the key is refused as unknown.
    const list = listOperations().find(
      (operation) => operation.method === 'get' && !operation.deprecated && !operation.path.includes('{'),
    );
    if (!list) return false;
    const answer = await fetch(`${target.baseUrl}${list.path}`, {
      headers: { 'X-API-Key': key, ...(target.scope ? { [SCOPE_HEADER]: target.scope } : {}) },
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    }).catch(() => undefined);
    return answer !== undefined && answer.status !== 401;
  } finally {
    await ask('DELETE', `/keys/${key}`);
  }
}

async function readKeys(answer: Response): Promise<KeyState[] | undefined> {
  try {
    const body = (await answer.json()) as { keys?: unknown };
    return Array.isArray(body.keys) ? (body.keys as KeyState[]) : undefined;
  } catch {
    return undefined;
  }
}

/** A key on a plan with figures of its own, and with exactly those limits (not limits of its own). */
function matchesPlan(state: KeyState): boolean {
  const figures = planFigures(state.plan);
  return (
    figures !== undefined && state.limits?.perMinute === figures.perMinute && state.limits?.perDay === figures.perDay
  );
}
