// What the run costs, said before its first check: how many requests, how many at once, how long
// at the target's pace and within the main key's limit, and the time limits. A key whose day has
// less room than the run needs takes the run to the depth (--examples) that fits, unless the
// depth was given; a key whose minute paces the run says so, with what to do to go faster.

import { LIMIT_NAME } from './limit-window.js';
import type { KeyReading } from './target.js';
import {
  contractTarget,
  DEFAULT_ANSWER_TIMEOUT_SECONDS,
  DEFAULT_CHECK_TIMEOUT_SECONDS,
  DEFAULT_CONCURRENCY,
  DEFAULT_EXAMPLES,
  setExamplesPerProperty,
} from './target.js';

const count = (value: number) => Math.round(value).toLocaleString('en-US');
/** The suite's own time: jest's start, and its work per request (measured on a 2-core machine). */
const START_SECONDS = 4;
const CLIENT_MS_PER_REQUEST = 2;

/**
 * A check's own time limit: --check-timeout when given; else 300 s, or three times what its
 * requests take one after the other at the target's pace when that is longer (a slow target).
 */
export function checkTimeLimitMs(requests: number, latencyMs: number, given: number | undefined): number {
  if (given !== undefined) return given * 1000;
  return Math.max(DEFAULT_CHECK_TIMEOUT_SECONDS * 1000, 3 * requests * latencyMs);
}

/** A duration as a person says it: about 12 s, about 3 minutes, about 2 h 10 min. */
export function aboutDuration(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 5400) return `about ${Math.round(seconds / 60)} minutes`;
  const hours = Math.floor(seconds / 3600);
  return `about ${hours} h ${Math.round((seconds - hours * 3600) / 60)} min`;
}

/** Seconds the key's limit makes the run last: the room it has now, then a minute's worth a minute. */
function secondsWithinLimit(requests: number, reading: KeyReading | undefined): number {
  if (!reading?.perMinute || reading.remaining === undefined) return 0;
  // Headers that describe the day (a reset beyond the minute) tell nothing of the minute's room: a whole one.
  const dayShown = (reading.resetInSeconds ?? 0) > 61;
  const roomNow = dayShown ? reading.perMinute : reading.remaining;
  const beyondNow = requests - roomNow;
  if (beyondNow <= 0) return 0;
  return (dayShown ? 60 : (reading.resetInSeconds ?? 60)) + (Math.ceil(beyondNow / reading.perMinute) - 1) * 60;
}

/** The deepest run (most --examples) whose requests fit in `room`, or undefined when none does. */
function depthThatFits(requestsAt: (examples: number) => number, room: number): number | undefined {
  for (let examples = DEFAULT_EXAMPLES; examples >= 1; examples -= examples > 10 ? 5 : 1)
    if (requestsAt(examples) <= room) return examples;
  return undefined;
}

/**
 * The note shown as the run starts; sets the run's depth when the main key's day needs it.
 * `requestsAt` gives the run's requests at a depth; `checks` is how many checks it has, `skipped` of them for want of a key.
 */
export function startNote(
  requestsAt: (examples: number) => number,
  { checks, skipped }: { checks: number; skipped: number },
): string {
  const target = contractTarget();
  const reading = target.mainKeyReading;
  const lines: string[] = [];
  const dayRoom = reading?.dayRemaining ?? reading?.perDay;
  const given = target.examples !== undefined;
  let examples = target.examples ?? DEFAULT_EXAMPLES;
  let dayNote = '';
  if (dayRoom !== undefined && requestsAt(examples) > dayRoom) {
    const fits = depthThatFits(requestsAt, dayRoom);
    if (!given && fits !== undefined) {
      dayNote = `; to fit its day, this run goes to --examples ${fits} (about ${count(requestsAt(fits))} requests instead of ${count(requestsAt(examples))})`;
      examples = fits;
      setExamplesPerProperty(fits);
    } else {
      const least = given ? examples : 1;
      dayNote = `; the run needs about ${count(requestsAt(least))}${given ? ` at --examples ${examples}` : ' even at --examples 1'}, so the checks left when the day runs out are skipped, each saying so`;
      if (!given) {
        examples = 1;
        setExamplesPerProperty(1);
      }
    }
  }
  const requests = requestsAt(examples);
  const concurrency = target.concurrency === false ? 1 : (target.checksAtOnce ?? DEFAULT_CONCURRENCY);
  const latencyMs = Math.max(reading?.latencyMs ?? 0, 1);
  const atPace = START_SECONDS + (requests * (latencyMs / concurrency + CLIENT_MS_PER_REQUEST)) / 1000;
  // A day with less room than the run: it sends what the day holds, then the checks left are skipped.
  const sent = dayRoom !== undefined ? Math.min(requests, dayRoom) : requests;
  const withinLimit = secondsWithinLimit(sent, reading);
  lines.push(
    `This run: ${checks} checks${skipped > 0 ? ` (${skipped} skipped, each saying why)` : ''}, about ${count(requests)} requests, ${concurrency} checks at a time (--concurrency); ` +
      `at ${Math.round(latencyMs)} ms an answer, ${aboutDuration(Math.max(atPace, withinLimit))}. ` +
      `Each answer may take up to ${target.answerTimeoutSeconds ?? DEFAULT_ANSWER_TIMEOUT_SECONDS} s (--timeout SECONDS), ` +
      `each check up to ${target.checkTimeoutSeconds !== undefined ? `${target.checkTimeoutSeconds} s` : `${DEFAULT_CHECK_TIMEOUT_SECONDS} s (or three times its requests' time at this pace)`} of its own, waits for a key's window left out (--check-timeout SECONDS).`,
  );
  // Said whenever the key's room now is less than the run sends: the run will wait for its windows.
  if (
    reading?.perMinute !== undefined &&
    (requests > (reading.remaining ?? Number.POSITIVE_INFINITY) || dayNote !== '')
  ) {
    const day = reading.perDay !== undefined ? ` and ${count(reading.perDay)} a day` : '';
    const left = reading.dayRemaining !== undefined ? ` (${count(reading.dayRemaining)} left today)` : '';
    lines.push(
      `${reading.named} allows ${count(reading.perMinute)} requests a minute${day}${left}${reading.limitsFrom ? `, ${reading.limitsFrom}` : ''}; ` +
        `this run sends about ${count(requests)}: ${aboutDuration(Math.max(atPace, withinLimit))}${dayNote}. ` +
        `It waits for each window as the key’s ${LIMIT_NAME.reset} and Retry-After say. Give a key of a higher plan (--api-key) to go faster.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
