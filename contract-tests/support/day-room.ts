// The main key's day, kept so that the run can always remove what it made: a key whose day runs
// out midway (a free plan's 1,000 requests) would otherwise leave the run's data on the target.
// The room is what the start read of the day (the mock's state, or the day's own headers), less
// the run's requests since, and what the latest answer describing the day says; once it comes
// down to what the clean-up needs, the checks left are skipped, saying why, and removals go on.

import { limitValue } from './limit-window.js';
import { targetNow } from './target-clock.js';

/**
 * Requests kept on top of what the clean-up needs: those of checks in flight (each may make one
 * more thing to remove), and a few for what the count cannot see.
 */
const MARGIN = 24;
const MINUTE_SECONDS = 61;

type Answer = { headers: Record<string, string> };

const day = { known: undefined as number | undefined, spent: 0, seen: undefined as number | undefined };
/** How many things the run has made and not yet removed (test-data.ts tells). */
let toRemove = () => 0;

export function countToRemoveWith(count: () => number): void {
  toRemove = count;
}

/** The room the main key's day has as the run starts, when known. */
export function startDay(room: number | undefined): void {
  day.known = room;
}

/** One request of the main key sent. */
export function spendDay(): void {
  day.spent += 1;
}

/** An answer to the main key: when its headers describe the day (a Reset beyond the minute), its Remaining. */
export function readDay(answer: Answer): void {
  const reset = limitValue(answer, 'reset');
  const remaining = limitValue(answer, 'remaining');
  if (!Number.isInteger(reset) || !Number.isInteger(remaining)) return;
  if (reset - targetNow(answer).ms / 1000 > MINUTE_SECONDS) day.seen = remaining;
}

/** The room left in the day, when the run knows it. */
export function dayLeft(): number | undefined {
  const fromStart = day.known === undefined ? undefined : day.known - day.spent;
  if (fromStart === undefined) return day.seen;
  return day.seen === undefined ? fromStart : Math.min(fromStart, day.seen);
}

/** Why a check's request of the main key may not go (the rest of its day is kept for the clean-up); undefined when it may. */
export function keptForCleanUp(shownAs: string): string | undefined {
  const left = dayLeft();
  const needed = toRemove();
  if (left === undefined || left > needed + MARGIN) return undefined;
  return `the key ${shownAs} has about ${Math.max(0, left)} requests left today, kept to remove the ${needed} things the run made: give a key with room for the run (a higher plan), or run again once its day has ended`;
}
