// A failed check, written for the person who reads it in CI: which operation, what was sent
// (and a curl line to send it again), what the contract expects, and what came back.
import { shownUrl } from './credentials.js';
import { curlLine, type Exchange } from './exchange.js';

const MAX_BODY_CHARS = 600;

function shorten(text: string): string {
  return text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS)}… (${text.length} characters)` : text;
}

const RELEVANT_HEADER =
  /^(content-type|x-ratelimit-|x-rate-limit-|ratelimit|retry-after|location|link|x-total-count|deprecation|sunset|x-api-stability|www-authenticate)/i;

export function describeExchange(exchange: Exchange): string {
  const headers = Object.entries(exchange.headers)
    .filter(([name]) => RELEVANT_HEADER.test(name))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
  return [
    `  Sent:      ${exchange.method} ${shownUrl(exchange.url, exchange.secrets ?? [])}${exchange.requestBody ? ` with body ${shorten(exchange.requestBody)}` : ''}`,
    `  Reproduce: ${curlLine(exchange)}`,
    `  Got:       HTTP ${exchange.status}; ${headers || 'no relevant headers'}`,
    `             body: ${shorten(exchange.text) || '(empty)'}`,
  ].join('\n');
}

export class ContractViolation extends Error {
  constructor(exchange: Exchange, expected: string, problems: string[]) {
    const operation = exchange.operationId ?? 'request';
    super([`${operation}: ${problems.join('; ')}`, `  Expected:  ${expected}`, describeExchange(exchange)].join('\n'));
    this.name = 'ContractViolation';
  }
}

/** Throws a ContractViolation when there are problems. */
export function requireNoProblems(exchange: Exchange, expected: string, problems: string[]): void {
  if (problems.length > 0) throw new ContractViolation(exchange, expected, problems);
}
