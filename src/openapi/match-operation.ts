// Finds the operation of a request once, before anything else runs: limits, storms and latency
// target operations by operationId, the request record names them, and dispatch calls their
// handler without Express matching every route again.
import type { RequestHandler, Response } from 'express';
import { invalidPercentEncoding, methodNotAllowed, routeNotFound } from '../errors.js';
import { HTTP_METHODS, type OperationInfo } from './load-contract.js';

export type OperationMatch = { operation: OperationInfo; params: Record<string, string> };
export type OperationMatcher = (method: string, path: string) => OperationMatch | undefined;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function createOperationMatcher(basePath: string, operations: readonly OperationInfo[]): OperationMatcher {
  const compiled = operations.map((operation) => {
    const names: string[] = [];
    const pattern = (basePath + operation.path)
      .split(/(\{[^}]+\})/)
      .map((part) => {
        if (!part.startsWith('{')) return escapeRegExp(part);
        names.push(part.slice(1, -1));
        return '([^/]+)';
      })
      .join('');
    return { operation, names, method: operation.method.toUpperCase(), regex: new RegExp(`^${pattern}/?$`) };
  });
  // Literal segments win over parameters: /pets/by-id/1 is getPet, never /pets/{petId}.
  const literalLength = (path: string) => path.replace(/\{[^}]+\}/g, '').length;
  compiled.sort((a, b) => literalLength(b.operation.path) - literalLength(a.operation.path));
  return (method, path) => {
    for (const entry of compiled) {
      if (entry.method !== method) continue;
      const found = entry.regex.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      try {
        entry.names.forEach((name, index) => {
          params[name] = decodeURIComponent(found[index + 1] ?? '');
        });
      } catch {
        return undefined; // not valid percent-encoding: no operation can take it
      }
      return { operation: entry.operation, params };
    }
    return undefined;
  };
}

/** Keeps a request's match on its response, for the steps after the matcher. */
export function rememberOperationMatch(res: Response, match: OperationMatch | undefined): void {
  res.locals.operationMatch = match;
}

/** The match the operation matcher left on the response, if the request names an operation. */
export function operationMatch(res: Response): OperationMatch | undefined {
  return res.locals.operationMatch as OperationMatch | undefined;
}

/** The operation a request addresses, if any. */
export function requestOperation(res: Response): OperationInfo | undefined {
  return operationMatch(res)?.operation;
}

/**
 * Answers a request under the API that names no operation: 405 with an Allow header when the
 * path has operations under other methods, 400 when it is not valid percent-encoding, else 404.
 */
export function refuseUnmatched(matcher: OperationMatcher): RequestHandler {
  return (req, res, next) => {
    if (operationMatch(res)) {
      next();
      return;
    }
    const path = req.originalUrl.split('?')[0] ?? '';
    const allowed = HTTP_METHODS.map((method) => method.toUpperCase()).filter((method) => matcher(method, path));
    if (allowed.length > 0) next(methodNotAllowed(req.method, path, allowed));
    else next(isPercentEncoded(path) ? routeNotFound(path) : invalidPercentEncoding(path));
  };
}

function isPercentEncoded(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
