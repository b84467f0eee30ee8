// Whether a retry came before the instant its refusal told, judged on what the client chose, not
// on how fast the machine let it act. The clock alone says "early" where the request came before
// that instant; it cannot say "waited", since a busy machine delays a retry sent too soon past it
// (a client waiting 0.5 s, queued 0.6 s for a CPU, is seen 1.1 s after). Where the client's busy
// time was read (client-wake.ts), a retry it woke to send before the instant is early too. One it
// woke for after the instant waited, where its wait less its time queued for a CPU was the wait
// told, or where it woke as the wait ended (it counted the wait from the answer, on its clock).
// Otherwise it woke late only because the machine was slow to let it read the answer and start
// its wait: whether it would have waited long enough on a free machine cannot be known, and the
// verdict says so rather than passing it.
import type { BusySample } from './client-busy.js';
import { sendEvidence } from './client-wake.js';

/** A timer's precision and the sampling's around a wake: a wake this close to the told instant is at it. */
const WAKE_SLACK_MS = 50;

export type RetryTiming =
  | { kind: 'on-time' }
  /** `wokeMs`: where judged from when the client woke, not from when its request came. */
  | { kind: 'early'; wokeMs?: number }
  | { kind: 'unknowable'; wokeMs: number; unqueuedMs: number };

/** When a retry came, and the earliest instant it can have been sent (this machine's ms). */
export type RetryTimes = { arrivedMs: number; sentAfterMs?: number };

/**
 * How a retry stands to a wait told until `untilMs` by an answer sent at `fromMs` (this
 * machine's ms).
 */
export function retryTiming(
  retry: RetryTimes,
  fromMs: number,
  untilMs: number,
  clientBusy: readonly BusySample[],
): RetryTiming {
  if (retry.arrivedMs < untilMs) return { kind: 'early' };
  const evidence =
    clientBusy.length > 0 ? sendEvidence(clientBusy, fromMs, retry.arrivedMs, retry.sentAfterMs) : undefined;
  if (!evidence) return { kind: 'on-time' };
  const [wokeEarliest, wokeLatest] = evidence.woke;
  if (wokeLatest < untilMs - WAKE_SLACK_MS) return { kind: 'early', wokeMs: wokeLatest };
  if (evidence.unqueuedMs >= untilMs - fromMs - WAKE_SLACK_MS || wokeEarliest <= untilMs + WAKE_SLACK_MS)
    return { kind: 'on-time' };
  return { kind: 'unknowable', wokeMs: wokeEarliest, unqueuedMs: evidence.unqueuedMs };
}
