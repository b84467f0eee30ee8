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
import { type SendEvidence, sendEvidence, wakeBeforeUnreadSend } from './client-wake.js';

/** A timer's precision and the sampling's around a wake: a wake this close to the told instant is at it. */
export const WAKE_SLACK_MS = 50;

/** Readings this far apart around a wake are a gap (the sampler reads every 5 ms): the wake is not seen. */
const UNSAMPLED_MS = 2 * WAKE_SLACK_MS;

/** How far before the told instant a retry may come and still be at it (a runtime's timer). */
const TIMER_SLACK_MS = 20;

export type RetryTiming =
  | { kind: 'on-time' }
  /**
   * `wokeMs`: where judged from when the client woke, not from when its request came; `midWait`:
   * that wake came after a sleep since the answer, so what woke it is not known (below).
   */
  | { kind: 'early'; wokeMs?: number; midWait?: true }
  /**
   * Came after the wait, and the readings cannot say whether the client waited it: `late-start`,
   * it woke after the wait from a short one a busy machine let it start late; `unread`, no reading
   * shows its send, or the writes that can be it disagree (`wokeMs`: the earliest wake);
   * `unsampled`, no reading from before the instant until its send.
   */
  | {
      kind: 'unknowable';
      wokeMs: number;
      unqueuedMs: number;
      why: 'late-start' | 'unread' | 'other-answer' | 'unsampled';
    };

/** When a retry came, and the earliest instant it can have been sent (this machine's ms). */
export type RetryTimes = { arrivedMs: number; sentAfterMs?: number };

/**
 * Another answer this long after the refusal's is no part of it (a storm's siblings answered at
 * once come within it): the client can have woken to read that one, not to retry.
 */
const OTHER_ANSWER_AFTER_MS = 2 * WAKE_SLACK_MS;

/** How one write that can be the retry's send stands to the wait told until `untilMs`. */
function timingOf(
  evidence: SendEvidence,
  fromMs: number,
  untilMs: number,
  otherAnswersMs: readonly number[],
): RetryTiming {
  const [wokeEarliest, wokeLatest] = evidence.woke;
  // Its own code's run after the wake delays the send on a free machine too: only its queue does not.
  if (wokeLatest + evidence.ranMs < untilMs - WAKE_SLACK_MS) {
    // With several in flight, a wake when another answer came can be for reading it; a busy
    // machine then kept the client queued past its retry's timer, which it cannot be told from.
    const wokenByAnother = otherAnswersMs.some(
      (answerMs) =>
        answerMs >= fromMs + OTHER_ANSWER_AFTER_MS &&
        answerMs >= wokeEarliest - WAKE_SLACK_MS &&
        answerMs <= wokeLatest,
    );
    if (wokenByAnother)
      return { kind: 'unknowable', wokeMs: wokeLatest, unqueuedMs: evidence.unqueuedMs, why: 'other-answer' };
    // A wake with the answer, then no sleep until the send: it never waited. A wake after a sleep
    // can be a timer of the runtime's own (undici ticks every half second), queued past the retry's.
    return wokeEarliest > fromMs + OTHER_ANSWER_AFTER_MS
      ? { kind: 'early', wokeMs: wokeLatest, midWait: true }
      : { kind: 'early', wokeMs: wokeLatest };
  }
  if (evidence.unqueuedMs >= untilMs - fromMs - WAKE_SLACK_MS) return { kind: 'on-time' };
  // Readings far apart (a busy machine held the sampler too) leave a wake that can lie on either
  // side of the instant: at it only where the last reading before the wake is close to it.
  if (wokeEarliest < untilMs - WAKE_SLACK_MS && wokeLatest - wokeEarliest > UNSAMPLED_MS)
    return { kind: 'unknowable', wokeMs: wokeEarliest, unqueuedMs: evidence.unqueuedMs, why: 'unsampled' };
  if (wokeEarliest <= untilMs + WAKE_SLACK_MS) return { kind: 'on-time' };
  return { kind: 'unknowable', wokeMs: wokeEarliest, unqueuedMs: evidence.unqueuedMs, why: 'late-start' };
}

/**
 * How a retry stands to a wait told until `untilMs` by an answer sent at `fromMs` (this
 * machine's ms). Where the client's busy time was read, a retry that came after the wait is on
 * time only where the readings show the client woke for it after the wait (whichever of its
 * writes was the send); where they show no send, or its writes disagree, it is unknowable. Where
 * none was read (another system), the clock alone judges it.
 */
export function retryTiming(
  retry: RetryTimes,
  fromMs: number,
  untilMs: number,
  clientBusy: readonly BusySample[],
  otherAnswersMs: readonly number[] = [],
): RetryTiming {
  // Node's timers fire by its loop's clock, read at the start of a turn and some ms behind under
  // load: ky, sleeping until an HTTP-date, came 3 ms before it. Within the slack is at the instant.
  if (retry.arrivedMs < untilMs - TIMER_SLACK_MS) return { kind: 'early' };
  if (clientBusy.length === 0) return { kind: 'on-time' };
  const timings = sendEvidence(clientBusy, fromMs, retry.arrivedMs, retry.sentAfterMs).map((evidence) =>
    timingOf(evidence, fromMs, untilMs, otherAnswersMs),
  );
  const [first, last] = [timings[0], timings.at(-1)];
  if (!first || !last) return unreadSend(retry, fromMs, untilMs, clientBusy);
  if (first.kind === last.kind) return last;
  const woke = first.kind === 'unknowable' || first.kind === 'early' ? first.wokeMs : undefined;
  return { kind: 'unknowable', wokeMs: woke ?? fromMs, unqueuedMs: 0, why: 'unread' };
}

/**
 * No reading shows the retry's send: on time only where the client's last run before it came
 * shows it woke after the wait (client-wake.ts); otherwise unknowable.
 */
function unreadSend(
  retry: RetryTimes,
  fromMs: number,
  untilMs: number,
  clientBusy: readonly BusySample[],
): RetryTiming {
  const evidence = wakeBeforeUnreadSend(clientBusy, fromMs, retry.arrivedMs, retry.sentAfterMs);
  const timing =
    evidence && evidence.woke[0] >= untilMs - WAKE_SLACK_MS ? timingOf(evidence, fromMs, untilMs, []) : undefined;
  if (timing?.kind === 'on-time') return timing;
  return { kind: 'unknowable', wokeMs: evidence?.woke[0] ?? fromMs, unqueuedMs: 0, why: 'unread' };
}
