// Headers an operation's own spec entry asks for: X-API-Stability for beta and experimental
// operations, and for deprecated ones Deprecation (RFC 9745), Sunset (RFC 8594) and Link
// (RFC 8288) on its 2xx answers, then 410 Gone from the sunset on (by the mock's clock).
import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import type { OperationInfo } from './load-contract.js';

export function createStabilityHeader(operation: OperationInfo): RequestHandler | undefined {
  if (operation.stability === 'stable') return undefined;
  return (_req, res, next) => {
    res.set('X-API-Stability', operation.stability);
    next();
  };
}

export type DeprecationContext = {
  clock: Clock;
  basePath: string;
  /** The successor's path template, found by its operationId. */
  successorPath: string;
};

/** The successor's URL for this request: the same path parameters in the successor's template. */
function successorUrl(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));
}

export function createDeprecationHeaders(
  operation: OperationInfo,
  context: DeprecationContext,
): RequestHandler | undefined {
  const notice = operation.deprecation;
  if (!notice) return undefined;
  const deprecation = `@${Math.floor(notice.deprecatedAt.getTime() / 1000)}`;
  const sunset = notice.sunset.toUTCString();
  const docs = `</docs#/${encodeURIComponent('Pets')}/${operation.operationId}>`;
  return (req, res, next) => {
    const successor = `${context.basePath}${successorUrl(context.successorPath, req.params as Record<string, string>)}`;
    const headers = {
      Deprecation: deprecation,
      Sunset: sunset,
      Link: `<${successor}>; rel="successor-version", ${docs}; rel="deprecation"; type="text/html", ${docs}; rel="sunset"; type="text/html"`,
    };
    if (context.clock.nowMs() >= notice.sunset.getTime()) {
      throw new HttpError(
        'ENDPOINT_SUNSET',
        `${operation.method.toUpperCase()} ${operation.path} was sunset on ${sunset}. Use ${notice.successor} at ${successor} instead.`,
        headers,
      );
    }
    res.set(headers);
    next();
  };
}
