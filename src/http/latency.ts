// Added latency, so that slow networks and client timeouts can be reproduced: a fixed delay or
// a random one in a range, for every operation or some. It waits real time, not the mock's.
import type { Request, RequestHandler } from 'express';
import type { components } from '../generated/control.js';

/** A fixed or ranged delay for some operations (spec/control.yaml, Latency). */
export type Latency = components['schemas']['Latency'];

export class LatencyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LatencyError';
  }
}

export function validateLatency(latency: Latency): Latency {
  const fixed = latency.ms !== undefined;
  const ranged = latency.minMs !== undefined || latency.maxMs !== undefined;
  if (fixed === ranged) throw new LatencyError('Give either "ms", or both "minMs" and "maxMs".');
  if (ranged && (latency.minMs === undefined || latency.maxMs === undefined || latency.minMs > latency.maxMs)) {
    throw new LatencyError('Give both "minMs" and "maxMs", with minMs at most maxMs.');
  }
  return structuredClone(latency);
}

/** A small seeded generator (mulberry32), so that random delays repeat from run to run. */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function delayOf(latency: Latency, random: () => number): number {
  if (latency.ms !== undefined) return latency.ms;
  const min = latency.minMs ?? 0;
  const max = latency.maxMs ?? min;
  return Math.round(min + random() * (max - min));
}

export function createLatencyMiddleware(
  current: () => Latency | undefined,
  seed: number,
  operationIdOf: (req: Request) => string | undefined,
): RequestHandler {
  const random = createSeededRandom(seed);
  return (req, _res, next) => {
    const latency = current();
    const operationId = operationIdOf(req);
    if (!latency || (latency.operations && (!operationId || !latency.operations.includes(operationId)))) {
      next();
      return;
    }
    setTimeout(next, delayOf(latency, random));
  };
}
