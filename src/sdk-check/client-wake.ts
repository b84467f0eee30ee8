// When a client woke to send a request, from its busy series (client-busy.ts). A wait a client
// counts, on a timer, ends when the timer fires: the client is then runnable, and whatever follows
// until the mock sees its request (its turn on a CPU on a busy machine, its own code, the mock's
// reading) is no wait it chose. So a retry is early where the client woke before the instant it was
// told, however late a busy machine let its request come. Read backwards from the send, whose
// reading has every earlier run and queued time settled (a queued process's wait is counted only
// once it runs): the last reading from which the client slept more than a nap is where it woke.
import { type BusySample, REQUEST_BYTES, SETTLED_MS, sendReadings } from './client-busy.js';

/** A sleep this short before a send is the runtime's own (a connect, a flush), not a wait. */
const NAP_MS = 10;

export type SendEvidence = {
  /** The end of the client's last sleep before its send lies between these (ms, this machine's clock). */
  woke: readonly [earliest: number, latest: number];
  /**
   * From the answer to the send, less the time the client was queued for a CPU: what its wait
   * would have been on a machine with a CPU free for it, at least (it counts the time it ran).
   */
  unqueuedMs: number;
  /**
   * Of the time from the wake's latest bound to the send, what the client spent running its own
   * code (not queued): it would spend it on a free machine too, so it delays the send as a wait does.
   */
  ranMs: number;
};

const queuedOf = (sample: BusySample) => sample[3] ?? sample[1];

/**
 * How the client came to send the request seen at `toMs` after an answer went out at `fromMs`:
 * when it woke for it, and its wait less its time queued; where the client wrote more than once
 * since the earliest instant it can have sent it, one for its first write and one for its last,
 * either of which can be the send. None where the series does not cover the span or never read
 * the send's write (its last readings are then not settled).
 * `sentAfterMs`: the earliest instant the request can have been sent (client-busy.ts).
 */
export function sendEvidence(
  series: readonly BusySample[],
  fromMs: number,
  toMs: number,
  sentAfterMs?: number,
): SendEvidence[] {
  const readings = sendReadings(series, fromMs, toMs, sentAfterMs);
  if (!readings?.writeRead || readings.sent <= readings.before) return [];
  const sends = readings.lastWrite === undefined ? [readings.sent] : [readings.sent, readings.lastWrite];
  return sends.map((sent) => wokeFor(series, fromMs, readings.before, sent));
}

/**
 * Where no reading shows the send (the series ended, or its readings were dropped, before it):
 * the earliest the client can have woken for it, from its last run before the request came (a
 * run settles the time it was queued before it), where no write since the earliest instant the
 * request can have been sent shows it sent sooner. The send came later still: `woke` runs from
 * that wake to the request's arrival. Undefined where the readings show no run since the answer.
 */
export function wakeBeforeUnreadSend(
  series: readonly BusySample[],
  fromMs: number,
  toMs: number,
  sentAfterMs?: number,
): SendEvidence | undefined {
  const readings = sendReadings(series, fromMs, toMs, sentAfterMs);
  if (!readings || readings.writeRead) return undefined;
  let ran: number | undefined;
  for (let at = readings.before + 1; at < series.length && (series[at] as BusySample)[0] <= toMs; at += 1) {
    const sample = series[at] as BusySample;
    const previous = series[at - 1] as BusySample;
    if (sample[2] - previous[2] >= REQUEST_BYTES && sample[0] >= (sentAfterMs ?? fromMs) - SETTLED_MS) return undefined;
    if (sample[1] > previous[1]) ran = at;
  }
  if (ran === undefined) return undefined;
  const evidence = wokeFor(series, fromMs, readings.before, ran);
  return { woke: [evidence.woke[0], toMs], unqueuedMs: evidence.unqueuedMs, ranMs: 0 };
}

/** When the client woke for a send read at reading `sentAt`, after an answer at `fromMs` (reading `beforeAt`). */
function wokeFor(series: readonly BusySample[], fromMs: number, beforeAt: number, sentAt: number): SendEvidence {
  const readings = { before: beforeAt, sent: sentAt };
  const sent = series[readings.sent] as BusySample;
  const prior = series[readings.sent - 1] as BusySample;
  const before = series[readings.before] as BusySample;
  // The send lies between the two readings: the sleep after it (on the mock's answer) is at most their gap.
  const afterSend = sent[0] - prior[0];
  const unqueuedMs = Math.max(0, prior[0] - fromMs - (queuedOf(sent) - queuedOf(before)));
  for (let at = readings.sent - 1; at >= readings.before; at -= 1) {
    const reading = series[at] as BusySample;
    const slept = sent[0] - reading[0] - (sent[1] - reading[1]);
    if (slept > afterSend + NAP_MS) {
      // From the next reading on, it slept no more than a nap and the time after its send.
      const next = series[at + 1] as BusySample;
      return {
        woke: [Math.max(reading[0], fromMs), Math.max(next[0], fromMs) + afterSend + NAP_MS],
        unqueuedMs,
        ranMs: ranBetween(next, sent),
      };
    }
  }
  // No sleep since the answer longer than a nap and the time after its send: the answer woke it.
  return { woke: [fromMs, fromMs + afterSend + NAP_MS], unqueuedMs, ranMs: ranBetween(before, sent) };
}

/** The client's time on a CPU between two readings, its time queued for one left out. */
const ranBetween = (from: BusySample, to: BusySample) => Math.max(0, to[1] - from[1] - (queuedOf(to) - queuedOf(from)));
