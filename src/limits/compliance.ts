// The compliance report an SDK author's test asserts on: from a key's request record alone,
// did the client wait Retry-After after each refusal (a 429, a ban's 403, a fault's 503), stay
// away during a ban, and back off?
import type { components } from '../generated/control.js';
import type { RecordedRequest } from './request-record.js';

export type Violation = components['schemas']['Violation'];
export type ComplianceReport = components['schemas']['ComplianceReport'];

const isRefusal = (request: RecordedRequest) =>
  request.retryAfterSeconds !== undefined &&
  (request.status === 429 || request.status === 403 || request.status === 503);
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

export function assessCompliance(key: string, record: readonly RecordedRequest[]): ComplianceReport {
  const violations: Violation[] = [];
  const chains: number[][] = [];
  let chain: number[] = [];
  for (let position = 1; position < record.length; position += 1) {
    const previous = record[position - 1] as RecordedRequest;
    const current = record[position] as RecordedRequest;
    if (!isRefusal(previous)) {
      if (chain.length > 0) chains.push(chain);
      chain = [];
      continue;
    }
    const waitedSeconds = round((current.atMs - previous.atMs) / 1000);
    const requiredSeconds = previous.retryAfterSeconds ?? 0;
    // Judged against the instant the header named, as sent (an HTTP-date drops the milliseconds).
    const retryAtMs = previous.retryAtMs ?? previous.atMs + requiredSeconds * 1000;
    const base = { at: current.at, requestIndex: current.index, afterRequestIndex: previous.index, waitedSeconds };
    if (current.atMs < retryAtMs) {
      const banned = previous.code === 'API_KEY_BANNED';
      violations.push({
        ...base,
        kind: banned ? 'called-while-banned' : 'retried-too-early',
        requiredSeconds,
        message: banned
          ? `Request ${current.index} came ${waitedSeconds} s after a ban answer that said to wait ${requiredSeconds} s.`
          : `Request ${current.index} came ${waitedSeconds} s after a ${previous.status} whose Retry-After was ${requiredSeconds} s.`,
      });
    }
    const lastGap = chain.at(-1);
    if (lastGap !== undefined && waitedSeconds <= lastGap) {
      violations.push({
        ...base,
        kind: 'no-backoff',
        message: `Request ${current.index} retried after ${waitedSeconds} s, no longer than the previous retry's ${lastGap} s: retries should back off (growing gaps).`,
      });
    }
    chain.push(waitedSeconds);
  }
  if (chain.length > 0) chains.push(chain);

  const kinds = new Set(violations.map((violation) => violation.kind));
  return {
    key,
    compliant: violations.length === 0,
    requests: record.length,
    refused: record.filter(isRefusal).length,
    honouredRetryAfter: !kinds.has('retried-too-early') && !kinds.has('called-while-banned'),
    calledDuringBan: kinds.has('called-while-banned'),
    backedOff: !kinds.has('no-backoff'),
    retryGapsSeconds: chains,
    violations,
  };
}
