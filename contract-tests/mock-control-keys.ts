// When the target is a petstore-mock whose control API answers (open on loopback), the run takes
// the keys its rate-limit checks need from there instead of leaving them out: keys of known
// plans read from its state, and keys made for this run alone. Each key whose windows and bans
// the run ends by moving a clock (one to drive to its limit, one to ban, one whose day is small)
// lives in a scope of its own, a world that mirrors the target's clock and settings: the run's
// other checks, other runs on the same mock, and the user's own world never see that clock move. A second key of a
// plan is made beside the first, in the user's world. All of it goes when the run ends or is
// stopped. The control API lives at the target's origin, outside the API's base path;
// --no-mock-control leaves it alone.
import { randomUUID } from 'node:crypto';
import type { ERROR_CODES } from '../src/generated/error-codes.js';
import { listOperations } from './support/contract-spec.js';
import { runnerRequest, schemesToSend } from './support/credentials.js';
import { httpRequest } from './support/http-client.js';
import { type AskMockControl, CONTROL_PATH, type ControlAnswer, mockControl } from './support/mock-control.js';
import { planFigures } from './support/plan-figures.js';
import { type ContractTarget, SCOPE_HEADER, type SuiteConfig } from './support/target.js';

/** Per plan, keys read from the state: two make the separate-windows check possible. */
const KEYS_PER_PLAN = 2;
/** A key read from the state must have room for the plan checks' few requests, and more. */
const ROOM_NEEDED = 20;
/** Every key and scope the run makes starts so: a key left by a stopped run is never read as a plan key. */
const MADE_KEY_PREFIX = 'contract-run-';
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
/** The control API's refusals of a run without its token: the mock is there, but closed to the run. */
const CLOSED_CODES: string[] = ['CONTROL_TOKEN_REQUIRED', 'CONTROL_API_CLOSED'] satisfies Array<
  keyof typeof ERROR_CODES
>;

type Window = { remaining: number };
export type KeyState = {
  key: string;
  plan: string;
  limits: { perMinute: number; perDay: number };
  minute?: Window;
  day?: Window;
  limited?: boolean;
  banned?: boolean;
};
type MockState = {
  keys?: unknown;
  clock?: { now?: string; frozen?: boolean };
  settings?: { retryAfterFormat?: string; ban?: { threshold?: number; seconds?: number } };
};

export type MockControlKeys = {
  /** What the suite's config gains. */
  found: Pick<
    SuiteConfig,
    | 'planKeys'
    | 'rateLimitKey'
    | 'dayLimitKey'
    | 'madeRateLimitKey'
    | 'madeBanKey'
    | 'madeKeys'
    | 'mockControlOrigin'
    | 'ownScopes'
  >;
  /** The keys of the target's world as its state lists them (plan, limits, windows). */
  keyStates: KeyState[];
  /** One line for the person running the suite: what was read and made, and how to stop it. */
  note: string;
  /** Deletes the keys and the scope made for the run. */
  removeMadeKeys(): Promise<void>;
};

export async function keysFromMockControl(target: ContractTarget): Promise<MockControlKeys | undefined> {
  const origin = new URL(target.baseUrl).origin;
  const ask = mockControl(origin, target.scope, target.caFile);
  const stateAnswer = await ask('GET', '/state');
  const refusal = stateAnswer ? refusalCode(stateAnswer) : undefined;
  if (stateAnswer && (stateAnswer.status === 401 || stateAnswer.status === 403) && refusal !== undefined) {
    return {
      found: {},
      keyStates: [],
      note: `The target is a petstore-mock whose control API refuses this run (${stateAnswer.status} ${refusal}): the rate-limit checks that need keys it would make are skipped. Give keys with --rate-limit-key, --plan-key and --day-limit-key, or run against a mock open on loopback.\n`,
      removeMadeKeys: async () => undefined,
    };
  }
  const state = stateAnswer?.ok ? stateAnswer.json<MockState>() : undefined;
  const keys = Array.isArray(state?.keys) ? (state.keys as KeyState[]) : undefined;
  if (!state || !keys || !(await controlsTheApi(target, ask))) return undefined;

  const runId = randomUUID().slice(0, 8);
  const found: MockControlKeys['found'] = { mockControlOrigin: origin };
  const made: string[] = [];
  // Each key the run uses up lives in a scope of its own, a world like the target's: its clock moves alone.
  const ownScopes: Record<string, string> = {};
  const make = async (
    role: string,
    plan: string,
    limits?: { perMinute: number; perDay: number },
    where: 'own scope' | 'target' = 'own scope',
  ) => {
    const key = `${MADE_KEY_PREFIX}${runId}-${role}`;
    const scoped = where === 'own scope' ? mockControl(origin, key, target.caFile) : ask;
    if (where === 'own scope') {
      ownScopes[key] = key;
      if (!(await mirrorWorld(state, scoped))) return undefined;
    }
    const answer = await scoped('PUT', `/keys/${key}`, { plan, ...(limits ? { limits } : {}) });
    if (!answer?.ok) return undefined;
    made.push(key);
    return key;
  };

  if (!target.planKeys?.length) {
    const planKeys = readPlanKeys(keys);
    const lonePlan = [...countByPlan(planKeys)].find(([, count]) => count === 1)?.[0];
    const second = lonePlan ? await make(`${lonePlan}-2`, lonePlan, undefined, 'target') : undefined;
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
  found.madeKeys = made;
  const scopes = Object.values(ownScopes);
  if (scopes.length > 0) found.ownScopes = ownScopes;

  const removeMadeKeys = async () => {
    await Promise.all([
      ...made.filter((key) => ownScopes[key] === undefined).map((key) => ask('DELETE', `/keys/${key}`)),
      ...scopes.map((scope) => ask('DELETE', `/scopes/${scope}`)),
    ]);
  };
  const read = found.planKeys?.filter(({ key }) => !made.includes(key)).length ?? 0;
  if (read === 0 && made.length === 0) {
    await removeMadeKeys();
    return undefined;
  }
  return {
    found,
    keyStates: keys,
    note: `The target is a petstore-mock whose control API answers (${origin}${CONTROL_PATH}): ${read} key(s) of known plans read from it, ${made.length} made for this run${scopes.length > 0 ? ` (${scopes.length} each in a scope of its own, ${MADE_KEY_PREFIX}${runId}-…, whose clock the run moves to the end of a window or a ban)` : ''}, all deleted at its end. --no-mock-control leaves it alone.\n`,
    removeMadeKeys,
  };
}

/**
 * Makes the run's own scope a world like the target's: its clock at the same instant (frozen if
 * frozen) and the same settings (the form of Retry-After, the ban). False when the mock refused.
 */
async function mirrorWorld(state: MockState, inOwnScope: AskMockControl): Promise<boolean> {
  const clock = state.clock;
  if (clock?.now !== undefined) {
    const answer = await inOwnScope('POST', '/clock', { now: clock.now, frozen: clock.frozen === true });
    if (!answer?.ok) return false;
  }
  const settings = state.settings;
  if (settings?.retryAfterFormat !== undefined || settings?.ban !== undefined) {
    const answer = await inOwnScope('PATCH', '/settings', {
      ...(settings.retryAfterFormat ? { retryAfterFormat: settings.retryAfterFormat } : {}),
      ...(settings.ban ? { ban: settings.ban } : {}),
    });
    if (!answer?.ok) return false;
  }
  return true;
}

/** Up to two keys per plan with figures, each on the plan's own limits with room to spare. */
function readPlanKeys(keys: KeyState[]): Array<{ plan: string; key: string }> {
  const taken = new Map<string, number>();
  const chosen: Array<{ plan: string; key: string }> = [];
  for (const state of [...keys].sort((one, other) => one.key.localeCompare(other.key))) {
    if (!isUsablePlanKey(state) || (taken.get(state.plan) ?? 0) >= KEYS_PER_PLAN) continue;
    taken.set(state.plan, (taken.get(state.plan) ?? 0) + 1);
    chosen.push({ plan: state.plan, key: state.key });
  }
  return chosen;
}

function countByPlan(keys: Array<{ plan: string }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { plan } of keys) counts.set(plan, (counts.get(plan) ?? 0) + 1);
  return counts;
}

/** A key on a plan with figures of its own and exactly those limits, free to take a few requests. */
function isUsablePlanKey(state: KeyState): boolean {
  const figures = planFigures(state.plan);
  return (
    figures !== undefined &&
    !state.key.startsWith(MADE_KEY_PREFIX) &&
    !state.banned &&
    !state.limited &&
    (state.minute?.remaining ?? 0) >= ROOM_NEEDED &&
    (state.day?.remaining ?? 0) >= ROOM_NEEDED &&
    state.limits?.perMinute === figures.perMinute &&
    state.limits?.perDay === figures.perDay
  );
}

/**
 * Whether a key made through this control API is one the API knows: not so for the validation
 * proxy's control API in front of another implementation, whose keys are the upstream's.
 */
async function controlsTheApi(target: ContractTarget, ask: AskMockControl): Promise<boolean> {
  const key = `${MADE_KEY_PREFIX}${randomUUID().slice(0, 8)}-probe`;
  if (!(await ask('PUT', `/keys/${key}`, { plan: 'free' }))?.ok) return false;
  try {
    // Any plain read of a list: what matters is only whether the key is refused as unknown.
    const lists = listOperations().filter(
      (operation) => operation.method === 'get' && !operation.deprecated && !operation.path.includes('{'),
    );
    // One that asks for a credential, where there is one: an open one answers any key.
    const list = lists.find((operation) => schemesToSend(operation).length > 0) ?? lists[0];
    if (!list) return false;
    const { url, headers } = runnerRequest(target, list, list.path, key);
    const answer = await httpRequest({
      method: 'GET',
      url,
      headers: { ...headers, ...(target.scope ? { [SCOPE_HEADER]: target.scope } : {}) },
      timeoutMs: 5_000,
      ...(target.caFile ? { caFile: target.caFile } : {}),
    }).catch(() => undefined);
    return answer !== undefined && answer.status !== 401;
  } finally {
    await ask('DELETE', `/keys/${key}`);
  }
}

/** The code of a petstore-mock control API's refusal of a run without its token, if it is one. */
function refusalCode(answer: ControlAnswer): string | undefined {
  const code = answer.json<{ code?: unknown }>()?.code;
  return typeof code === 'string' && CLOSED_CODES.includes(code) ? code : undefined;
}
