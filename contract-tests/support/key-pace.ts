// Each key is used as a good client uses it (RFC 6585 section 4, RFC 9110 section 10.2.3): once
// an answer says none remain in its window, no request of that key is sent before the window
// ends; after a 429, none before its Retry-After. Checks that count a key's requests hold it
// alone meanwhile: the run's other requests of that key wait, so that only the check's own are
// counted. The state is read from the headers every answer carries, 429s included.
import { pauseCheck } from './check-context.js';
import { LIMIT_NAME, limitValue } from './limit-window.js';
import { alone, sharing } from './run-locks.js';
import { retryAfterSeconds, targetNow } from './target-clock.js';

/** The longest the suite waits for a key's room: a minute's window and a little. */
export const MAX_POLITE_WAIT_SECONDS = 65;

/** The answer's headers, as an Exchange holds them (lower-cased names). */
type Answer = { status: number; headers: Record<string, string> };

/** A key whose room the run cannot wait for: the check that needs it is skipped, with why. */
export class KeyWithoutRoom extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'KeyWithoutRoom';
  }
}

class KeyPace {
  private remaining: number | undefined;
  /** The X-RateLimit-Reset that `remaining` belongs to, and when (on this machine's clock) it ends. */
  private reset: number | undefined;
  private windowEndsAt = 0;
  private blockedUntil = 0;
  private inFlight = 0;

  /** How reports show the key ($PETSTORE_API_KEY, or a key the run made). */
  shownAs = 'the key';

  /** Resolves when a request of this key may go; throws when that is further off than the run waits. */
  async turn(): Promise<void> {
    for (;;) {
      const now = Date.now();
      const until = this.blockedUntil > now ? this.blockedUntil : this.roomLeft() <= 0 ? this.windowEndsAt : 0;
      if (until <= now) break;
      const seconds = Math.ceil((until - now) / 1000);
      if (seconds > MAX_POLITE_WAIT_SECONDS) throw new KeyWithoutRoom(this.noRoomReason(seconds));
      const resume = pauseCheck();
      await new Promise((done) => setTimeout(done, until - now + 250));
      resume();
      // A new window: its room is known again from its first answer.
      if (Date.now() >= this.windowEndsAt) this.remaining = undefined;
    }
    this.inFlight += 1;
  }

  /** Reads the answer's limit headers (a 429's Retry-After too); `sent` says whether turn() counted it. */
  observe(answer: Answer | undefined, sent: boolean): void {
    if (sent) this.inFlight -= 1;
    // A 401 says the key is none the target knows: its headers are no window of this key's.
    if (!answer || answer.status === 401) return;
    const reset = limitValue(answer, 'reset');
    const remaining = limitValue(answer, 'remaining');
    if (Number.isInteger(reset) && Number.isInteger(remaining)) {
      // The answer's own clock places the window's end on this machine's clock.
      const endsAt = Date.now() + (reset * 1000 - targetNow(answer).ms);
      if (this.reset === undefined || reset > this.reset) {
        Object.assign(this, { reset, remaining, windowEndsAt: endsAt + 1000 });
      } else if (reset === this.reset) {
        this.remaining = Math.min(this.remaining ?? remaining, remaining);
      }
    }
    if (answer.status === 429) {
      const wait = retryAfterSeconds(answer);
      const until = wait !== undefined ? Date.now() + wait * 1000 + 250 : this.windowEndsAt;
      this.blockedUntil = Math.max(this.blockedUntil, until);
    }
  }

  private roomLeft(): number {
    return this.remaining === undefined ? Number.POSITIVE_INFINITY : this.remaining - this.inFlight;
  }

  private noRoomReason(seconds: number): string {
    const hours = seconds >= 5400 ? `${Math.round(seconds / 3600)} h` : `${Math.round(seconds / 60)} min`;
    return `the key ${this.shownAs} has no room left for ${hours} (its ${LIMIT_NAME.reset} or Retry-After), longer than the run waits (${MAX_POLITE_WAIT_SECONDS} s): give a key with room for the run (a higher plan), or run again once its window has ended`;
  }
}

const paces = new Map<string, KeyPace>();

function paceOf(id: string, shownAs?: string): KeyPace {
  let pace = paces.get(id);
  if (!pace) {
    pace = new KeyPace();
    paces.set(id, pace);
  }
  if (shownAs !== undefined) pace.shownAs = shownAs;
  return pace;
}

/**
 * Sends one request of a key: after its turn (when `pace`), beside the other requests of that
 * key unless the current check holds it alone, and reads what the answer says of its limit.
 */
export async function sendPaced<T extends Answer>(
  key: { id: string; shownAs: string },
  pace: boolean,
  sendOnce: () => Promise<T>,
): Promise<T> {
  const keyPace = paceOf(key.id, key.shownAs);
  const go = async () => {
    if (pace) await keyPace.turn();
    let answer: T | undefined;
    try {
      answer = await sendOnce();
      return answer;
    } finally {
      keyPace.observe(answer, pace);
    }
  };
  return sharing(`key ${key.id}`, go);
}

/** Runs `run` holding the key alone: no other check's request of it is in flight meanwhile. */
export function withKeyAlone<T>(keyId: string, run: () => Promise<T>): Promise<T> {
  return alone(`key ${keyId}`, run);
}
