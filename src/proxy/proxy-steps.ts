// The proxy's own steps in the app's pipeline: the request check that records instead of
// refusing (unless --errors), the forward to the upstream, and the check of the upstream's
// answer on its way out (status, body, headers, content type), reported rather than replaced.
import { type Express, json, type Request, type RequestHandler, type Response } from 'express';
import { HttpError, logMockFault } from '../errors.js';
import { operationMatch, requestOperation } from '../openapi/contract-pipeline.js';
import type { OwnLimitHeaders } from './own-limit-headers.js';
import { recordViolation, type ViolationSink, violationCount } from './record-violation.js';
import type { RunLedger } from './run-ledger.js';
import { callUpstream, forwardableHeaders, pathBelow, type Upstream } from './upstream-client.js';

export type ProxySettings = {
  upstream: Upstream;
  /** Prism's --errors: refuse bad requests, turn bad answers into 502 UPSTREAM_CONTRACT_VIOLATION. */
  errors: boolean;
  /** Enforce the mock's keys, plans, bans and storms in front of the upstream. */
  simulateLimits: boolean;
  /** What the run saw, for --junit and --report (the CLI's). */
  ledger?: RunLedger;
  /**
   * Without --simulate-limits: the keys and client addresses whose counts and records are kept
   * per scope (default MAX_PROXY_SUBJECTS); Number.POSITIVE_INFINITY keeps every one.
   */
  maxSubjects?: number;
};

export const VIOLATIONS_HEADER = 'X-Contract-Violations';

/** The request check: with --errors its finding is the answer; without, it is recorded and the request goes on. */
export function checkRequestOrRecord(
  check: RequestHandler,
  settings: ProxySettings,
  sink: ViolationSink,
): RequestHandler {
  return (req, res, next) => {
    const operationId = requestOperation(req)?.operationId;
    if (operationId) settings.ledger?.exchange(operationId);
    check(req, res, (error?: unknown) => {
      if (error === undefined || settings.errors || !(error instanceof HttpError)) {
        next(error);
        return;
      }
      recordViolation(sink, req, 'request', `${error.code}: ${error.message}`);
      next();
    });
  };
}

const rawBodies = new WeakMap<Request, Buffer>();

/**
 * Reads the body as the app does, keeping its bytes: the upstream gets exactly what the client
 * sent. Without --errors a body that is not JSON is recorded and forwarded, for the upstream to judge.
 */
export function readBodyOrRecord(limit: number, settings: ProxySettings, sink: ViolationSink): RequestHandler {
  const parse = json({
    limit,
    verify: (req, _res, buffer) => {
      rawBodies.set(req as Request, Buffer.from(buffer));
    },
  });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (error === undefined || settings.errors || !rawBodies.has(req)) {
        next(error);
        return;
      }
      req.body = undefined;
      recordViolation(sink, req, 'request', `body is not well-formed JSON (${String((error as Error).message)})`);
      next();
    });
}

const JSON_TYPE = /^application\/(.+\+)?json\b/i;

/** With --simulate-limits these are the proxy's (its limits, on its clock), never the upstream's. */
const SIMULATED_HEADERS = new Set(['date', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
/** The headers each answer took from the upstream: a 502 that replaces the answer drops them. */
const upstreamHeaderNames = new WeakMap<Response, string[]>();
/** Kept on the 502: the limit headers (the proxy's own where it has them) and Date. */
const KEPT_ON_REPLACEMENT = /^(x-ratelimit-|retry-after$|date$)/i;

/** Forwards the request and answers with the upstream's answer (JSON through res.json, so that the validator sees it). */
export function forwardToUpstream(
  settings: ProxySettings,
  guard: UpstreamGuard,
  apiBasePath: string,
  ownLimits: OwnLimitHeaders | undefined,
): RequestHandler {
  const kept = settings.simulateLimits ? SIMULATED_HEADERS : new Set<string>();
  return (req, res, next) => {
    const body = rawBodies.get(req);
    const pathAndQuery = pathBelow(req.originalUrl, apiBasePath);
    callUpstream(settings.upstream, { method: req.method, pathAndQuery, headers: req.headers, body })
      .then(async (answer) => {
        await ownLimits?.rememberUpstream(req, res, answer.headers);
        guard.markUpstream(res);
        res.status(answer.status);
        const copied: string[] = [];
        for (const [name, value] of Object.entries(forwardableHeaders(answer.headers))) {
          if (value === undefined || kept.has(name)) continue;
          res.setHeader(name, value);
          copied.push(name);
        }
        upstreamHeaderNames.set(res, copied);
        const type = String(answer.headers['content-type'] ?? '');
        if (answer.body.length > 0 && JSON_TYPE.test(type)) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(answer.body.toString('utf8'));
          } catch {
            guard.reportViolation(res, `body is not the JSON its Content-Type (${type}) claims`);
            res.end(answer.body);
            return;
          }
          res.json(parsed);
          return;
        }
        if (answer.body.length > 0)
          guard.reportViolation(res, `content type "${type}" is not the declared application/json`);
        res.end(answer.body.length > 0 ? answer.body : undefined);
      })
      .catch(next);
  };
}

export type UpstreamGuard = {
  markUpstream(res: Response): void;
  reportViolation(res: Response, problem: string): void;
};

/**
 * Checks every answer before it is sent (app.response.json and end, as the mock's own guard does).
 * The upstream's: each breach is recorded; the answer carries their count, or, with --errors, is
 * replaced by 502 UPSTREAM_CONTRACT_VIOLATION. The proxy's own (its errors, a storm's 429): a breach
 * is a bug of the proxy, logged as the mock logs its own, and a 4xx is replaced by 500.
 */
export function guardUpstreamAnswers(
  app: Express,
  settings: ProxySettings,
  sink: ViolationSink,
  ownLimits: OwnLimitHeaders | undefined,
): UpstreamGuard {
  const sendJson = app.response.json;
  const end = app.response.end as (this: Response, ...args: unknown[]) => Response;
  const fromUpstream = new WeakSet<Response>();
  const checked = new WeakSet<Response>();
  const problemsOf = new WeakMap<Response, string[]>();

  const markCount = (req: Request, res: Response) => {
    const count = violationCount(req);
    if (count > 0) res.setHeader(VIOLATIONS_HEADER, String(count));
  };
  const ownAnswerBreach = (req: Request, res: Response, problems: string[]): HttpError | undefined => {
    if (problems.length === 0) return undefined;
    const error = new HttpError(
      'RESPONSE_VALIDATION_FAILED',
      `The proxy's own answer (${res.statusCode}) breaks the contract: ${problems.join('; ')}.`,
    );
    logMockFault(sink.log, req, error);
    // A 5xx already says that the proxy failed; its Error object goes out as it is.
    if (res.statusCode >= 500) return undefined;
    res.locals.errorCode = error.code;
    return error;
  };
  const replacement = (res: Response): HttpError | undefined => {
    checked.add(res);
    const req: Request = res.req;
    const match = operationMatch(req);
    const headerProblems = match?.checkHeaders?.(match.operation, res.statusCode, (name) => res.getHeader(name)) ?? [];
    const problems = [...(problemsOf.get(res) ?? []), ...headerProblems];
    if (!fromUpstream.has(res)) {
      markCount(req, res);
      return ownAnswerBreach(req, res, problems);
    }
    for (const problem of problems) recordViolation(sink, req, 'response', problem);
    markCount(req, res);
    if (problems.length === 0 || !settings.errors) return undefined;
    ownLimits?.setPreparedOn(res);
    res.locals.errorCode = 'UPSTREAM_CONTRACT_VIOLATION';
    return new HttpError(
      'UPSTREAM_CONTRACT_VIOLATION',
      `The upstream's answer (${res.statusCode}) breaks the contract: ${problems.join('; ')}. Fix the upstream, or run the proxy without --errors to pass such answers on.`,
    );
  };
  const sendError = (res: Response, error: HttpError) => {
    res.removeHeader('content-length');
    // The upstream's X-Total-Count, Link and the like belong to the answer replaced, not the 502.
    for (const name of upstreamHeaderNames.get(res) ?? []) if (!KEPT_ON_REPLACEMENT.test(name)) res.removeHeader(name);
    return sendJson.call(res.status(error.status).type('application/json'), error.toBody());
  };

  app.response.json = function checkedJson(this: Response, body?: unknown) {
    const error = replacement(this);
    return error ? sendError(this, error) : sendJson.call(this, body);
  };
  app.response.end = function checkedEnd(this: Response, ...args: unknown[]) {
    if (checked.has(this) || this.headersSent) return end.apply(this, args);
    const error = replacement(this);
    return error ? sendError(this, error) : end.apply(this, args);
  } as typeof app.response.end;

  return {
    markUpstream: (res) => fromUpstream.add(res),
    reportViolation(res, problem) {
      problemsOf.set(res, [...(problemsOf.get(res) ?? []), problem]);
    },
  };
}
