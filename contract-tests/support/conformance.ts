// The checks every answer gets: a declared status, the declared content type, a body that
// matches its schema, the declared headers present and well-formed, the Error object on every
// error with `status` equal to the HTTP status, and sound X-RateLimit-* headers.
import {
  checkBody,
  declaredHeaders,
  declaredMediaTypes,
  operationsDeclaringHeaders,
  type SpecOperation,
} from './contract-spec.js';
import type { Exchange } from './exchange.js';
import { clockNote, targetNow } from './target-clock.js';
import { requireNoProblems } from './violation.js';

const DAY_SECONDS = 86_400;

/**
 * The X-RateLimit-* headers: present, integers, Remaining at most Limit, Reset a Unix time within
 * a day of the answer's own Date.
 */
export function rateLimitHeaderProblems(exchange: Exchange): string[] {
  const problems: string[] = [];
  const values: Record<string, number> = {};
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    const value = exchange.headers[name];
    if (value === undefined) problems.push(`header ${name} is missing`);
    else if (!/^\d+$/.test(value)) problems.push(`header ${name} is "${value}", not a non-negative integer`);
    else values[name] = Number(value);
  }
  const { 'x-ratelimit-limit': limit, 'x-ratelimit-remaining': remaining, 'x-ratelimit-reset': reset } = values;
  if (limit !== undefined && remaining !== undefined && remaining > limit) {
    problems.push(`X-RateLimit-Remaining ${remaining} is above X-RateLimit-Limit ${limit}`);
  }
  if (reset !== undefined) {
    const now = targetNow(exchange);
    const nowSeconds = Math.floor(now.ms / 1000);
    // Reset is in seconds, not milliseconds, and no further than the longest window (a day).
    if (reset < nowSeconds - 5 || reset > nowSeconds + DAY_SECONDS + 5) {
      problems.push(
        `X-RateLimit-Reset ${reset} is not a Unix time in seconds within the day after the answer's Date (${new Date(nowSeconds * 1000).toISOString()})${clockNote(now)}`,
      );
    }
  }
  return problems;
}

/** Every 4xx and 5xx body is the Error object (code, message, status) and its status is the HTTP status. */
export function errorBodyProblems(exchange: Exchange): string[] {
  if (exchange.status < 400) return [];
  const body = exchange.body as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null) return ['the error body is not a JSON object (the Error object)'];
  const problems: string[] = [];
  if (typeof body.code !== 'string' || body.code === '') problems.push('Error.code is not a non-empty string');
  if (typeof body.message !== 'string') problems.push('Error.message is not a string');
  if (body.status !== exchange.status)
    problems.push(`Error.status is ${JSON.stringify(body.status)}, not the HTTP status ${exchange.status}`);
  return problems;
}

export type Expectation = {
  /** The statuses this request must get (default: any the operation declares). */
  statuses?: number[];
  description?: string;
};

export function conformanceProblems(
  operation: SpecOperation,
  exchange: Exchange,
  expectation: Expectation = {},
): string[] {
  const status = String(exchange.status);
  const problems: string[] = [];
  if (!operation.declaredStatuses.includes(status)) {
    problems.push(
      `status ${status} is not declared for ${operation.operationId} (declared: ${operation.declaredStatuses.join(', ')})`,
    );
  } else {
    const mediaTypes = declaredMediaTypes(operation, status);
    const contentType = (exchange.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    if (mediaTypes.length > 0 && !mediaTypes.includes(contentType)) {
      problems.push(`content type is "${contentType || 'none'}", declared: ${mediaTypes.join(', ')}`);
    } else if (mediaTypes.length === 0 && exchange.text.length > 0) {
      problems.push(`a ${status} declares no body, but one came back`);
    } else if (mediaTypes.length > 0) {
      if (exchange.body === undefined) problems.push('the body is not valid JSON');
      else
        for (const problem of checkBody(operation, status, contentType, exchange.body))
          problems.push(`body ${problem}`);
    }
    for (const header of declaredHeaders(operation, status)) {
      const value = exchange.headers[header.name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`required header ${header.name} is missing`);
      } else {
        for (const problem of header.check(value)) problems.push(`header ${header.name}: ${problem}`);
      }
    }
  }
  const found = problems.concat(
    undeclaredHeaderProblems(operation, exchange),
    errorBodyProblems(exchange),
    rateLimitHeaderProblems(exchange),
  );
  if (expectation.statuses && !expectation.statuses.includes(exchange.status)) {
    found.unshift(`status ${exchange.status}, expected ${expectation.statuses.join(' or ')}`);
  }
  return [...new Set(found)];
}

/**
 * Headers the contract declares elsewhere only, answered here: for other operations, or for
 * other statuses of this one (a header of the 200 answered on a 404).
 */
export function undeclaredHeaderProblems(operation: SpecOperation, exchange: Exchange): string[] {
  const problems: string[] = [];
  const status = String(exchange.status);
  const declaredHere = operation.declaredStatuses.includes(status)
    ? new Set(declaredHeaders(operation, status).map((header) => header.name.toLowerCase()))
    : undefined;
  for (const [lowerName, { name, operations }] of operationsDeclaringHeaders()) {
    if (exchange.headers[lowerName] === undefined) continue;
    if (!operations.has(operation.operationId)) {
      problems.push(
        `header ${name} is answered, but the contract declares it for ${[...operations].join(', ')} only, not ${operation.operationId}`,
      );
    } else if (declaredHere && !declaredHere.has(lowerName)) {
      const statuses = operation.declaredStatuses.filter((declared) =>
        declaredHeaders(operation, declared).some((header) => header.name.toLowerCase() === lowerName),
      );
      problems.push(
        `header ${name} is answered with ${status}, but the contract declares it on ${operation.operationId}'s ${statuses.join(', ')} only`,
      );
    }
  }
  return problems;
}

export function expectConforms(operation: SpecOperation, exchange: Exchange, expectation: Expectation = {}): void {
  const expected = [
    expectation.description ?? `an answer ${operation.operationId} declares`,
    expectation.statuses ? `with status ${expectation.statuses.join(' or ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  requireNoProblems(
    exchange,
    `${expected}, matching the contract (status, content type, body schema, headers)`,
    conformanceProblems(operation, exchange, expectation),
  );
}
