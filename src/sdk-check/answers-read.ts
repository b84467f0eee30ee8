// Whether the client read an answer before it sent its next request, from the bytes its processes
// read (client-busy.ts: /proc/PID/io's rchar). On a busy machine a client can be kept off the CPU
// until both an answer and its own timeout are due; its timer runs first, it gives up on a request
// whose answer sits unread in its socket, and sends again after its backoff. That answer told it
// nothing: its next request is no retry of what it said, and no call after a refusal it read.
import type { GateExchange } from './case-gate.js';
import { type BusySample, REQUEST_BYTES, sendReadings } from './client-busy.js';

/** An exchange whose answer went out, and which the client's reads show it never took in. */
export type ReadExchange = GateExchange & { leftUnread?: true };

/**
 * A reading's stamp is the middle of its reads of the client's files, which take up to 10 ms
 * (client-busy.ts): one stamped this long before an answer went out read them all before it.
 */
const READING_SPAN_MS = 10;

/** Bytes the client read from the answer's going out to its send of `next`, where the readings show both. */
function readBefore(series: readonly BusySample[], answeredMs: number, next: GateExchange): number | undefined {
  const readings = sendReadings(series, answeredMs, next.arrivedMs, next.sentAfterMs);
  if (!readings?.writeRead) return undefined;
  let before = readings.before;
  while (before > 0 && (series[before] as BusySample)[0] > answeredMs - READING_SPAN_MS) before -= 1;
  const from = series[before]?.[4];
  const to = series[readings.sent]?.[4];
  return from === undefined || to === undefined ? undefined : to - from;
}

/**
 * The exchanges, each answer the client sent its next request without reading marked
 * `leftUnread` (its answer's and told wait's times gone). Unchanged where the readings show no
 * reads of answers at all (Python's sockets read with recv(2), which rchar leaves out): for that,
 * most answers followed by a request must show a read before it.
 */
export function answersAsRead(exchanges: readonly GateExchange[], series: readonly BusySample[]): ReadExchange[] {
  const spans = exchanges.flatMap((answer, at) => {
    const answeredMs = answer.answeredMs;
    if (answeredMs === undefined) return [];
    const next = exchanges.slice(at + 1).find((later) => later.arrivedMs > answeredMs);
    const bytes = next === undefined ? undefined : readBefore(series, answeredMs, next);
    return bytes === undefined ? [] : [{ at, bytes }];
  });
  const read = spans.filter((span) => span.bytes >= REQUEST_BYTES).length;
  if (read * 2 <= spans.length) return [...exchanges];
  const unread = new Set(spans.filter((span) => span.bytes < REQUEST_BYTES).map((span) => span.at));
  return exchanges.map((exchange, at) => {
    if (!unread.has(at)) return exchange;
    const { answeredMs: _answered, waitUntilMs: _told, ...rest } = exchange;
    return { ...rest, leftUnread: true };
  });
}
