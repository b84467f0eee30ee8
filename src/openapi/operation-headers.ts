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
  /** The successor's path template, found by its operationId; none where the notice names no operation. */
  successorPath: string | undefined;
};

/** The successor's URL for this request: the same path parameters in the successor's template. */
function successorUrl(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));
}

/** The Link header's parts: the successor where there is one, the docs for what the notice dates. */
function deprecationLinks(operation: OperationInfo, successor: string | undefined): string[] {
  const notice = operation.deprecation ?? {};
  const docs = `</docs#/${encodeURIComponent('Pets')}/${operation.operationId}>`;
  return [
    ...(successor === undefined ? [] : [`<${successor}>; rel="successor-version"`]),
    ...(notice.deprecatedAt ? [`${docs}; rel="deprecation"; type="text/html"`] : []),
    ...(notice.sunset ? [`${docs}; rel="sunset"; type="text/html"`] : []),
  ];
}

/**
 * The headers of a deprecated operation, each only where its notice (x-deprecation) says what it
 * tells: a document that only marks it deprecated gets none, never a made-up date.
 */
export function createDeprecationHeaders(
  operation: OperationInfo,
  context: DeprecationContext,
): RequestHandler | undefined {
  const notice = operation.deprecation;
  if (!notice) return undefined;
  const { deprecatedAt, sunset } = notice;
  const successorPath = context.successorPath;
  if (!deprecatedAt && !sunset && successorPath === undefined) return undefined;
  return (req, res, next) => {
    const successor =
      successorPath === undefined
        ? undefined
        : `${context.basePath}${successorUrl(successorPath, req.params as Record<string, string>)}`;
    const links = deprecationLinks(operation, successor);
    const headers: Record<string, string> = {
      ...(deprecatedAt ? { Deprecation: `@${Math.floor(deprecatedAt.getTime() / 1000)}` } : {}),
      ...(sunset ? { Sunset: sunset.toUTCString() } : {}),
      ...(links.length > 0 ? { Link: links.join(', ') } : {}),
    };
    if (sunset && context.clock.nowMs() >= sunset.getTime()) {
      throw new HttpError(
        'ENDPOINT_SUNSET',
        `${operation.method.toUpperCase()} ${operation.path} was sunset on ${sunset.toUTCString()}.${successor ? ` Use ${notice.successor} at ${successor} instead.` : ''}`,
        headers,
      );
    }
    res.set(headers);
    next();
  };
}
