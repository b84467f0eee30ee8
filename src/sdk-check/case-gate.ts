// What a case does while the client runs, seen from each request before the mock handles it:
// it arms the case on the client's first request (the key's windows, its ban, storm or fault are
// set then, on the machine's clock, so that each runs from that instant), and clears the road once
// the client has come back from its edge with an answer, so that a good client's later calls meet
// no second edge (a client making 200 calls finishes as soon as one making 5). It also takes
// Retry-After off the 429s of a case that has none, and notes each exchange for the verdict: when
// the request came, when its answer's head went out (the first instant the client could read it),
// and the instant a refusal told it to wait for, all on this machine's clock, in the limit headers
// of the contract served. The client's exchanges are those the mock authenticated as the case's
// key, in whatever scheme the contract declares (the requests of the key's record), and those the
// client left before the mock came to authenticate them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Response } from 'express';
import { authenticatedKey } from '../auth/authenticated-key.js';
import type { Simulation } from '../control/simulation.js';
import { onBreak, whenBroken } from '../http/broken-answers.js';
import { type LimitHeaderDialect, PETSTORE_DIALECT } from '../limits/limit-header-dialect.js';
import type { PlanLimits } from '../limits/plans.js';
import { remainingOf } from '../limits/read-limit-headers.js';
import type { SdkCase } from './catalogue.js';
import { acceptedAfterMs, acceptedAtMs, sentAfterMs, startLoopTicks } from './loop-ticks.js';
import { peerLeft, portsOf } from './peer-left.js';
import { toldWaitUntil } from './told-wait.js';

/** Limits no client run reaches, once the road is cleared. */
const OPEN_ROAD: PlanLimits = { perMinute: 100_000, perDay: 10_000_000 };
/**
 * Slow answers a client reads before the latency goes: enough to show whether it resends. Those it
 * left (its timeout, or a busy machine that held the mock past it) count up to a bound, so that a
 * client whose timeout is too short still comes to the end.
 */
const SLOW_ANSWERS = 3;
const SLOW_ANSWERS_LEFT = 6;

/** One request of the client as the gate saw it, in arrival order (this machine's milliseconds). */
export type GateExchange = {
  arrivedMs: number;
  /**
   * When the client could first read the answer: its head went out, or a fault broke the
   * connection. Absent where the client left before either (its own timeout fired).
   */
  answeredMs?: number;
  /** The instant a refusal told the client to wait for (told-wait.ts); absent where it told none. */
  waitUntilMs?: number;
  /** The earliest instant the client can have sent it (loop-ticks.ts); absent where not known. */
  sentAfterMs?: number;
  /**
   * Of a connection's first request: the earliest instant the connection can have been opened, as
   * its accept bounds it (loop-ticks.ts), and so the request sent. Absent where not known.
   */
  connectedAfterMs?: number;
  /** Of a connection's first request: when the mock accepted the connection, which the client had opened by then. */
  connectedBeforeMs?: number;
  /** The connection it came on, numbered from 1: a request on a connection follows its last answer. */
  connection: number;
  /** The first request on its connection: one the client may have sent with others, before any answer. */
  opensConnection?: boolean;
  method: string;
  path: string;
  /** The answer's status: the one it was to have, where a fault broke it. */
  status?: number;
  /** The answer never went out whole: a fault broke it, or the client left before it came. */
  broken?: boolean;
  /**
   * When the client left before any answer went out (its connection closed): its own timeout, or
   * a machine busy enough to hold the mock past it. The mock may not have handled it at all.
   */
  leftMs?: number;
  /** A create's body as the client sent it, and the Location of what it made. */
  sentBody?: string;
  location?: string;
};

/**
 * A connection the client opened and closed with no request the mock could read: its own timeout
 * fired before it sent (a busy machine kept it off a CPU), or it never sends one.
 */
export type EmptyConnection = {
  /** When the mock accepted it: the client had opened it by then. */
  acceptedMs: number;
  closedMs: number;
};

export type CaseGate = {
  beforeRequest(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Sees each connection the case's port accepts, for those closed with no request on them. */
  onConnection(socket: Socket): void;
  /** Set-up done: the next request is the client's first, and `arm` sets the case's edge then. */
  open(simulation: Simulation, key: string, arm: () => Promise<void>): void;
  /** Resolves at the client's first request. */
  readonly firstRequest: Promise<void>;
  /** Whether the road was cleared (for the verdict's notes). */
  readonly cleared: boolean;
  /** When each request arrived and was answered, and how: what was in flight at once, what was made. */
  readonly exchanges: readonly GateExchange[];
  /** The client's connections closed with no request on them, once the case was open. */
  readonly emptyConnections: readonly EmptyConnection[];
};

/** The body express read from the request, once it was handled. */
const bodyOf = (req: IncomingMessage) => (req as IncomingMessage & { body?: unknown }).body;
/** The key the mock authenticated a request with (auth/), once it has; the answer is Express's own. */
const keyOf = (res: ServerResponse) => authenticatedKey(res as Response)?.key;

export function createCaseGate(testCase: SdkCase, dialect: LimitHeaderDialect = PETSTORE_DIALECT): CaseGate {
  startLoopTicks();
  let simulation: Simulation | undefined;
  let key = '';
  let armCase: () => Promise<void> = async () => undefined;
  let armed: Promise<void> | undefined;
  let markFirst: () => void = () => undefined;
  const firstRequest = new Promise<void>((resolve) => {
    markFirst = resolve;
  });
  let metEdge = false;
  let sawRemainingZero = false;
  let answers = 0;
  let answersRead = 0;
  let cleared = false;
  let clearing: Promise<void> | undefined;
  /** Every request of the client, with its answer: those of the case's key are read once the run is over. */
  const seen: Array<{ exchange: GateExchange; res: ServerResponse }> = [];
  const connections = new WeakMap<object, number>();
  let connectionCount = 0;
  const emptyConnections: EmptyConnection[] = [];
  /** How far the scope's clock stands from this machine's (the clock case: minutes behind). */
  let clockOffsetMs = 0;

  const clearRoad = (sim: Simulation) => {
    clearing ??= (async () => {
      cleared = true;
      await sim.putKey(key, 'free', OPEN_ROAD);
      await sim.stopStorms();
      await sim.stopFaults();
      if (testCase.setUp.latencyMs) await sim.setLatency({ ms: 0 });
    })();
    return clearing;
  };

  const onAnswer = (sim: Simulation, res: ServerResponse, broken: boolean, read: boolean) => {
    answers += 1;
    if (read) answersRead += 1;
    const status = res.statusCode;
    if (broken || status === 429 || status === 403 || status === 503) metEdge = true;
    else if (status < 400) {
      const comesBack = metEdge || sawRemainingZero;
      if (remainingOf(dialect, (name) => res.getHeader(name)) === 0) sawRemainingZero = true;
      if (comesBack) void clearRoad(sim);
    }
    if (testCase.setUp.latencyMs && (answersRead >= SLOW_ANSWERS || answers >= SLOW_ANSWERS_LEFT)) void clearRoad(sim);
  };

  return {
    firstRequest,
    get exchanges() {
      // One the client left before the mock authenticated it (a latency still held it) is its too.
      const clients = (one: (typeof seen)[number]) =>
        keyOf(one.res) === key || (keyOf(one.res) === undefined && one.exchange.leftMs !== undefined);
      return seen.filter(clients).map((one) => one.exchange);
    },
    get cleared() {
      return cleared;
    },
    emptyConnections,
    onConnection(socket) {
      const acceptedMs = Date.now();
      socket.once('close', () => {
        // Nothing read on it: bytes no request came of (TLS spoken to the port, a broken head) are the client's fault, judged as none sent.
        if (simulation && !connections.has(socket) && socket.bytesRead === 0)
          emptyConnections.push({ acceptedMs, closedMs: Date.now() });
      });
    },
    open(sim, caseKey, arm) {
      simulation = sim;
      key = caseKey;
      clockOffsetMs = sim.clock().now.getTime() - Date.now();
      armCase = arm;
    },
    async beforeRequest(req, res) {
      const sim = simulation;
      // Only the client's own calls arm and steer the case (never the control API).
      if (!sim || req.url === undefined || req.url.startsWith('/__mock')) return;
      const opensConnection = !connections.has(req.socket);
      if (opensConnection) {
        connectionCount += 1;
        connections.set(req.socket, connectionCount);
      }
      const sentAfter = sentAfterMs();
      const connectedAfter = opensConnection ? acceptedAfterMs(req.socket) : undefined;
      const connectedBefore = opensConnection ? acceptedAtMs(req.socket) : undefined;
      const exchange: GateExchange = {
        arrivedMs: Date.now(),
        ...(sentAfter === undefined ? {} : { sentAfterMs: sentAfter }),
        ...(connectedAfter === undefined ? {} : { connectedAfterMs: connectedAfter }),
        ...(connectedBefore === undefined ? {} : { connectedBeforeMs: connectedBefore }),
        connection: connections.get(req.socket) ?? 0,
        ...(opensConnection ? { opensConnection } : {}),
        method: req.method ?? 'GET',
        path: req.url,
      };
      seen.push({ exchange, res });
      armed ??= (async () => {
        markFirst();
        await armCase();
      })();
      await armed;
      if (clearing) await clearing;
      const dropRetryAfter = testCase.setUp.withoutRetryAfter === true;
      const ports = portsOf(req.socket);
      let closed = false;
      let finished = false;
      // The client had left when its answer went out or broke (its timeout): that answer never reached it.
      let peerGone = false;
      const lateMs = (atMs: number) => atMs - Math.min(exchange.arrivedMs, sentAfter ?? exchange.arrivedMs);
      onBreak(res, (atMs) => {
        if (exchange.answeredMs === undefined && peerLeft(req.socket, ports, lateMs(atMs)) === true) peerGone = true;
      });
      onHead(res, (status) => {
        if (dropRetryAfter && status === 429) res.removeHeader('Retry-After');
        const sentMs = Date.now();
        if (closed || exchange.answeredMs !== undefined || peerGone) return;
        if (peerLeft(req.socket, ports, lateMs(sentMs)) === true) {
          peerGone = true;
          return;
        }
        exchange.answeredMs = sentMs;
        const until = toldWaitUntil(status, (name) => res.getHeader(name), sentMs, clockOffsetMs, dialect);
        if (until !== undefined) exchange.waitUntilMs = until;
      });
      res.once('finish', () => {
        finished = true;
      });
      res.once('close', () => {
        closed = true;
        noteAnswer(exchange, req, res, !finished, peerGone);
        onAnswer(sim, res, !finished, exchange.answeredMs !== undefined);
      });
    },
  };
}

function noteAnswer(
  exchange: GateExchange,
  req: IncomingMessage,
  res: ServerResponse,
  broken: boolean,
  peerGone: boolean,
): void {
  // A reset writes no head: the client learns of it when the connection breaks, if it is still there.
  if (!peerGone) exchange.answeredMs ??= whenBroken(res);
  if (exchange.answeredMs === undefined) exchange.leftMs = Date.now();
  exchange.status = res.statusCode;
  if (broken) exchange.broken = true;
  if (exchange.method !== 'POST') return;
  const body = bodyOf(req);
  if (body !== undefined) exchange.sentBody = JSON.stringify(body);
  const location = res.getHeader('Location');
  if (typeof location === 'string') exchange.location = location;
}

/** Calls `written` with the status just before the answer's head is written (its headers may still change). */
function onHead(res: ServerResponse, written: (status: number) => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    written(typeof args[0] === 'number' ? args[0] : this.statusCode);
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
