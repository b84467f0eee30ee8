// The X-RateLimit-* of the answers the proxy gives itself when it does not simulate limits
// (502, 504, a storm's 429, the 4xx of --errors): the spec's x-proxy-rate-limit-headers. The
// upstream's last values for the same key (or client address) while their window lasts, carried
// over to the proxy's clock; else the proxy's own count against the plan it knows. Never a refusal,
// and never a failure: what the shared state cannot tell (Redis out of reach) is made without it.
import type { IncomingHttpHeaders } from 'node:http';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { KeyDirectory } from '../auth/key-directory.js';
import type { Clock } from '../clock.js';
import { addressSubject, keySubject, type LimitState } from '../limits/limit-state.js';
import { limitsOf, PLAN_LIMITS } from '../limits/plans.js';
import { setRateLimitHeaders } from '../limits/rate-limit-headers.js';
import {
  countAnonymousRequest,
  currentCounters,
  type RateLimitHeaders,
  rateLimitHeaders,
} from '../limits/rate-limit-policy.js';

/** The parts of a world (a scope's, or the default one) that the headers are made from. */
export type LimitWorld = { clock: Clock; limitState: LimitState; keys: KeyDirectory };

/** Keys and addresses remembered per world; the oldest is forgotten past this. */
export const MAX_REMEMBERED_SUBJECTS = 10_000;

const NAMES = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/** The three values, when all are whole numbers and Remaining is at most Limit; else undefined. */
export function readRateLimitHeaders(read: (name: string) => unknown): RateLimitHeaders | undefined {
  const values = NAMES.map((name) => {
    const value = read(name);
    return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  });
  const [limit, remaining, resetSeconds] = values as [number, number, number];
  if (values.some((value) => !Number.isSafeInteger(value)) || remaining > limit) return undefined;
  return { limit, remaining, resetSeconds };
}

/** An HTTP Date has whole seconds: clocks closer than this are taken to agree. */
const SAME_CLOCK_MS = 2_000;

/**
 * Seconds from the upstream's clock (its Date) to the proxy's, which a test may have moved or
 * frozen: what turns the upstream's Reset into one that agrees with the Date of the proxy's answer.
 */
export function clockSkewSeconds(proxyNowMs: number, upstreamDate: string | undefined): number {
  const upstreamMs = Date.parse(upstreamDate ?? '');
  if (Number.isNaN(upstreamMs) || Math.abs(proxyNowMs - upstreamMs) < SAME_CLOCK_MS) return 0;
  return Math.round((proxyNowMs - upstreamMs) / 1000);
}

/** Who the headers are about: the key sent, or the client's address without one (as the mock counts). */
export function limitSubject(req: Request): string {
  const key = req.headers['x-api-key'];
  return typeof key === 'string' && key !== '' ? keySubject(key) : addressSubject(req.ip ?? 'unknown');
}

export type OwnLimitHeaders = {
  /** The world's step: binds each request to its world (the proxy's own answers need its clock and counts). */
  bind(world: LimitWorld): RequestHandler;
  /**
   * Remembers the upstream's values from its answer; with --errors, also works out now those of
   * the answer that replaces it if it breaks the contract, which is made where nothing can wait.
   * Never rejects: the upstream's answer goes on whatever the shared state does.
   */
  rememberUpstream(req: Request, res: Response, upstream: IncomingHttpHeaders): Promise<void>;
  /** Before the error middleware: an error the proxy answers itself gets the headers, unless it has them. */
  onError: ErrorRequestHandler;
  /** For the answer that replaces the upstream's (--errors): its values and Date are the proxy's, worked out by rememberUpstream. */
  setPreparedOn(res: Response): void;
};

export function createOwnLimitHeaders(options: { errors: boolean }): OwnLimitHeaders {
  const worldOf = new WeakMap<Request, LimitWorld>();
  // Per world, a window's values with its Reset carried over to that world's clock.
  const memories = new WeakMap<LimitWorld, Map<string, RateLimitHeaders>>();
  const prepared = new WeakMap<Response, { values: RateLimitHeaders; nowMs: number }>();

  const memoryOf = (world: LimitWorld) => {
    let memory = memories.get(world);
    if (!memory) {
      memory = new Map();
      memories.set(world, memory);
    }
    return memory;
  };

  /** The upstream's window for the subject while it lasts on the proxy's clock. */
  const recall = (world: LimitWorld, subject: string): RateLimitHeaders | undefined => {
    const remembered = memories.get(world)?.get(subject);
    if (!remembered) return undefined;
    return Math.floor(world.clock.nowMs() / 1000) < remembered.resetSeconds ? remembered : undefined;
  };

  /**
   * The proxy's own count: the requests it saw this window (the storm gate counts them), against
   * the plan it knows. Without the shared state, the plan or the count it cannot read is the one
   * the app gives a request counted nowhere (app.ts): the Free plan, this request alone in its window.
   */
  const ownCount = async (world: LimitWorld, req: Request, subject: string): Promise<RateLimitHeaders> => {
    const key = req.headers['x-api-key'];
    const record =
      typeof key === 'string' && key !== '' ? await world.keys.find(key).catch(() => undefined) : undefined;
    const limits = record ? limitsOf(record) : PLAN_LIMITS.free;
    const nowMs = world.clock.nowMs();
    const counters = await world.limitState.counters(subject).then(
      (stored) => currentCounters(stored, nowMs),
      () => countAnonymousRequest(undefined, limits, nowMs).counters,
    );
    return rateLimitHeaders(counters, limits);
  };

  const valuesOf = async (world: LimitWorld, req: Request): Promise<RateLimitHeaders> => {
    const subject = limitSubject(req);
    return recall(world, subject) ?? (await ownCount(world, req, subject));
  };

  return {
    bind: (world) => (req, _res, next) => {
      worldOf.set(req, world);
      next();
    },

    async rememberUpstream(req, res, upstream) {
      const world = worldOf.get(req);
      if (!world) return;
      const values = readRateLimitHeaders((name) => upstream[name]);
      const nowMs = world.clock.nowMs();
      if (values) {
        const subject = limitSubject(req);
        const memory = memoryOf(world);
        memory.delete(subject);
        memory.set(subject, { ...values, resetSeconds: values.resetSeconds + clockSkewSeconds(nowMs, upstream.date) });
        if (memory.size > MAX_REMEMBERED_SUBJECTS) memory.delete(memory.keys().next().value as string);
      }
      if (options.errors) prepared.set(res, { values: await valuesOf(world, req), nowMs });
    },

    onError(error, req, res, next) {
      if (res.headersSent || res.getHeader('X-RateLimit-Limit') !== undefined) {
        next(error);
        return;
      }
      const world = worldOf.get(req);
      if (!world) {
        next(error);
        return;
      }
      // The error is answered either way (valuesOf makes do without the shared state).
      valuesOf(world, req).then(
        (values) => {
          setRateLimitHeaders(res, values);
          next(error);
        },
        () => next(error),
      );
    },

    setPreparedOn(res) {
      const own = prepared.get(res);
      if (!own) return;
      res.setHeader('Date', new Date(own.nowMs).toUTCString());
      setRateLimitHeaders(res, own.values);
    },
  };
}
