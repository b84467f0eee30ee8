// Finds the operation of a request before routing, so that storms and latency can target
// operations by operationId and the request record can name them.
import type { OperationInfo } from './load-contract.js';

export type OperationMatcher = (method: string, path: string) => OperationInfo | undefined;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function createOperationMatcher(basePath: string, operations: readonly OperationInfo[]): OperationMatcher {
  const compiled = operations.map((operation) => {
    const pattern = (basePath + operation.path)
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : escapeRegExp(part)))
      .join('');
    return { operation, method: operation.method.toUpperCase(), regex: new RegExp(`^${pattern}/?$`) };
  });
  // Literal segments win over parameters: /pets/by-id/1 is getPet, never /pets/{petId}.
  compiled.sort(
    (a, b) => b.operation.path.replace(/\{[^}]+\}/g, '').length - a.operation.path.replace(/\{[^}]+\}/g, '').length,
  );
  return (method, path) => compiled.find((entry) => entry.method === method && entry.regex.test(path))?.operation;
}
