// What a case does while the client runs, seen from each request before the mock handles it:
// it arms the case on the client's first request (the clock, frozen since the set-up, runs from
// there, and so do the windows, bans and storms), and clears the road once the client has come
// back from its edge with an answer, so that a good client's later calls meet no second edge
// (a client making 200 calls finishes as soon as one making 5). It also takes Retry-After off
// the 429s of a case that has none.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Simulation } from '../control/simulation.js';
import type { PlanLimits } from '../limits/plans.js';
import type { SdkCase } from './catalogue.js';

/** Limits no client run reaches, once the road is cleared. */
const OPEN_ROAD: PlanLimits = { perMinute: 100_000, perDay: 10_000_000 };
/** Slow answers a client gets before the latency goes: enough to show whether it resends. */
const SLOW_ANSWERS = 3;

/** One request of the client as the gate saw it, in arrival order (real milliseconds). */
export type GateExchange = {
  arrivedMs: number;
  answeredMs?: number;
  /** The connection it came on, numbered from 1: a retry usually comes on its own call's connection. */
  connection: number;
};

export type CaseGate = {
  beforeRequest(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Set-up done: the next request is the client's first. */
  open(simulation: Simulation, key: string): void;
  /** Resolves at the client's first request. */
  readonly firstRequest: Promise<void>;
  /** Whether the road was cleared (for the verdict's notes). */
  readonly cleared: boolean;
  /** When each request arrived and was answered: what was in flight at once. */
  readonly exchanges: readonly GateExchange[];
};

export function createCaseGate(testCase: SdkCase): CaseGate {
  let simulation: Simulation | undefined;
  let key = '';
  let armed: Promise<void> | undefined;
  let markFirst: () => void = () => undefined;
  const firstRequest = new Promise<void>((resolve) => {
    markFirst = resolve;
  });
  let refused = false;
  let sawRemainingZero = false;
  let answers = 0;
  let cleared = false;
  let clearing: Promise<void> | undefined;
  const exchanges: GateExchange[] = [];
  const connections = new WeakMap<object, number>();
  let connectionCount = 0;

  const clearRoad = (sim: Simulation) => {
    clearing ??= (async () => {
      cleared = true;
      await sim.putKey(key, 'free', OPEN_ROAD);
      await sim.stopStorms();
      if (testCase.setUp.latencyMs) await sim.setLatency({ ms: 0 });
    })();
    return clearing;
  };

  const onAnswer = (sim: Simulation, res: ServerResponse) => {
    answers += 1;
    const status = res.statusCode;
    if (status === 429 || status === 403) refused = true;
    else if (status < 400) {
      const comesBack = refused || sawRemainingZero;
      if (res.getHeader('X-RateLimit-Remaining') === '0') sawRemainingZero = true;
      if (comesBack) void clearRoad(sim);
    }
    if (testCase.setUp.latencyMs && answers >= SLOW_ANSWERS) void clearRoad(sim);
  };

  return {
    firstRequest,
    exchanges,
    get cleared() {
      return cleared;
    },
    open(sim, caseKey) {
      simulation = sim;
      key = caseKey;
    },
    async beforeRequest(req, res) {
      const sim = simulation;
      // Only the client's own calls arm and steer the case (never the control API).
      if (!sim || req.url === undefined || req.url.startsWith('/__mock')) return;
      if (!connections.has(req.socket)) {
        connectionCount += 1;
        connections.set(req.socket, connectionCount);
      }
      // Kept in step with the key's request record: only the requests that carry the case's key.
      const exchange: GateExchange | undefined =
        req.headers['x-api-key'] === key
          ? { arrivedMs: Date.now(), connection: connections.get(req.socket) ?? 0 }
          : undefined;
      if (exchange) {
        exchanges.push(exchange);
        res.once('close', () => {
          exchange.answeredMs ??= Date.now();
        });
      }
      armed ??= (async () => {
        markFirst();
        await sim.moveClock({ frozen: false });
      })();
      await armed;
      if (clearing) await clearing;
      if (testCase.setUp.withoutRetryAfter) dropRetryAfterOf429(res);
      res.once('finish', () => {
        if (exchange) exchange.answeredMs = Date.now();
        onAnswer(sim, res);
      });
    },
  };
}

/** Takes Retry-After off a 429 just before its head is written. */
function dropRetryAfterOf429(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    if ((typeof args[0] === 'number' ? args[0] : this.statusCode) === 429) this.removeHeader('Retry-After');
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
