// The target's own "now": the Date header of its answer (RFC 9110 section 6.6.1). Times in its
// headers (X-RateLimit-Reset, an HTTP-date Retry-After, Sunset) are judged against it, so that
// a server whose clock stands elsewhere (a test server at a set date) is judged by its own time.

/** What the clock reads of an answer: its headers (an Exchange's, lower-cased names). */
export type AnswerHeaders = { headers: Record<string, string> };

export type TargetNow = {
  ms: number;
  /** False when the answer had no usable Date header and the suite's own clock stood in. */
  fromDateHeader: boolean;
};

export function targetNow(exchange: AnswerHeaders): TargetNow {
  const date = exchange.headers.date;
  const ms = date === undefined ? Number.NaN : Date.parse(date);
  return Number.isNaN(ms) ? { ms: Date.now(), fromDateHeader: false } : { ms, fromDateHeader: true };
}

/** Said beside a failed time check, so that a missing Date header is not mistaken for a wrong time. */
export function clockNote(now: TargetNow): string {
  return now.fromDateHeader
    ? ''
    : ' (the answer has no valid Date header, so the suite compared with its own clock; RFC 9110 section 6.6.1 asks a server with a clock to send one)';
}

/** Seconds a Retry-After asks to wait: delta-seconds, or an HTTP-date less the answer's Date. */
export function retryAfterSeconds(exchange: AnswerHeaders): number | undefined {
  const value = exchange.headers['retry-after'];
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - targetNow(exchange).ms) / 1000));
}

// RFC 9110 section 10.2.3: delta-seconds or an HTTP-date.
const RETRY_AFTER =
  /^(\d+|(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT)$/;

/** A Retry-After present, in one of its two forms. */
export function retryAfterFormProblems(exchange: AnswerHeaders): string[] {
  const value = exchange.headers['retry-after'];
  if (value === undefined) return ['Retry-After is missing'];
  return RETRY_AFTER.test(value) ? [] : [`Retry-After "${value}" is neither delta-seconds nor an HTTP-date`];
}
