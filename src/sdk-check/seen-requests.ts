// The client's requests as the case's mock saw them come, for the HTML report: when each came and
// on which connection, when its answer went out or the client left, and the wait a refusal told.
// The times the verdict is judged on, shown where a verdict puzzles the reader (html-report.ts).
import type { GateExchange } from './case-gate.js';

export type SeenRequest = {
  method: string;
  path: string;
  /** Numbered from 1 in the order the mock accepted them. */
  connection: number;
  /** The first request on its connection. */
  opensConnection: boolean;
  status?: number;
  /** Seconds from the client's first request, on this machine's clock. */
  cameSeconds: number;
  answeredSeconds?: number;
  waitUntilSeconds?: number;
  leftSeconds?: number;
  broken?: true;
};

const seconds = (ms: number, fromMs: number) => Math.round(ms - fromMs) / 1000;

/** The gate's exchanges in the order they came, their times from the first. */
export function seenRequests(exchanges: readonly GateExchange[]): SeenRequest[] {
  const fromMs = exchanges.reduce((first, exchange) => Math.min(first, exchange.arrivedMs), Number.POSITIVE_INFINITY);
  return [...exchanges]
    .sort((one, other) => one.arrivedMs - other.arrivedMs)
    .map((exchange) => ({
      method: exchange.method,
      path: exchange.path,
      connection: exchange.connection,
      opensConnection: exchange.opensConnection === true,
      ...(exchange.status === undefined ? {} : { status: exchange.status }),
      cameSeconds: seconds(exchange.arrivedMs, fromMs),
      ...(exchange.answeredMs === undefined ? {} : { answeredSeconds: seconds(exchange.answeredMs, fromMs) }),
      ...(exchange.waitUntilMs === undefined ? {} : { waitUntilSeconds: seconds(exchange.waitUntilMs, fromMs) }),
      ...(exchange.leftMs === undefined ? {} : { leftSeconds: seconds(exchange.leftMs, fromMs) }),
      ...(exchange.broken ? { broken: true as const } : {}),
    }));
}
