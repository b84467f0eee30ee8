// When each check runs. Independent checks run side by side, at most --concurrency at once, the
// longest first; checks that share data they change run in turn; a check that uses a key up (drives
// it to its limit, into a ban, to the end of its day) runs once every other check of that key is
// done, and for the main key once the run's data is cleaned up; so that no check depends on a
// key another check exhausted, whatever roles one key was given. Each check has its own time
// limit, waits for a key's window left out; one that finds it cannot check ends as skipped, with why.
import { type CheckContext, newCheckContext, pausedSoFar, runInCheck } from './check-context.js';
import { KeyWithoutRoom } from './key-pace.js';

/** How far a check uses a key up: its minute, its day, or into a ban (the order they run in). */
export type Exhaustion = 'minute' | 'day' | 'ban';
const EXHAUSTION_ORDER: Record<Exhaustion, number> = { minute: 0, day: 1, ban: 2 };

/** Checks registered together (a kind's block): their set-up, and whether they run in turn. */
export type Block = { title: string; inSequence: boolean; setUp?: () => Promise<void> };

export type PlannedCheck = {
  /** Its place among the run's checks (and jest's tests), in the order they were registered. */
  index: number;
  title: string;
  block: Block;
  run: () => Promise<void>;
  /** The keys it sends with (their ids), the main key unless it says otherwise. */
  uses: string[];
  exhausts?: { key: string; level: Exhaustion };
  /** About how many requests it sends. */
  estimate: number;
};

/** Thrown by a check that finds, while it runs, that it cannot check: it ends as skipped, with the reason. */
export class CheckSkipped extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CheckSkipped';
  }
}

export type Outcome = { ms: number; requests: number; skipped?: string };

export type ScheduleOptions = {
  concurrency: number;
  /** The cheapest first, for as many checks as a key's short day allows (default: the longest first). */
  cheapestFirst?: boolean;
  /** A check's own time limit, waits for a key's window left out. */
  timeLimitMs: (check: PlannedCheck) => number;
  mainKey: string;
  /** Removes the run's data, once every check that might use it is done; says what it could not remove. */
  cleanUp: () => Promise<string | undefined>;
};

type State = 'waiting' | 'running' | 'done';

export class Scheduler {
  private readonly checks: PlannedCheck[] = [];
  private readonly state = new Map<number, State>();
  private readonly settled = new Map<number, { resolve(): void; reject(error: unknown): void }>();
  private readonly results = new Map<number, Promise<void>>();
  readonly outcomes = new Map<number, Outcome>();
  /** What the run tells besides its checks (what its clean-up could not remove). */
  readonly notes: string[] = [];
  private readonly setUps = new Map<Block, Promise<void>>();
  private options: ScheduleOptions | undefined;
  private running = 0;
  private cleanUp: 'waiting' | 'running' | 'done' = 'waiting';
  private finished: Promise<void> | undefined;
  private finish: (() => void) | undefined;

  add(check: PlannedCheck): void {
    this.checks.push(check);
    this.state.set(check.index, 'waiting');
    this.results.set(
      check.index,
      new Promise<void>((resolve, reject) => this.settled.set(check.index, { resolve, reject })),
    );
  }

  planned(): readonly PlannedCheck[] {
    return this.checks;
  }

  /** Starts the run (once) and resolves or rejects as the check at `index` does. */
  outcomeOf(index: number, options: () => ScheduleOptions): Promise<void> {
    if (!this.options) {
      this.options = options();
      this.finished = new Promise((done) => {
        this.finish = done;
      });
      queueMicrotask(() => this.pump());
    }
    return this.results.get(index) ?? Promise.reject(new Error(`No check ${index} was planned.`));
  }

  /** Resolves once every check has ended and the run's data is cleaned up. */
  whenDone(): Promise<void> {
    return this.finished ?? Promise.resolve();
  }

  private pump(): void {
    const options = this.options as ScheduleOptions;
    if (
      this.cleanUp === 'waiting' &&
      this.checks.every((check) => this.isMainExhaustion(check) || this.is(check, 'done'))
    ) {
      this.cleanUp = 'running';
      options
        .cleanUp()
        .then(
          (note) => note && this.notes.push(note),
          (error: unknown) => this.notes.push(`The run's clean-up failed: ${String(error)}`),
        )
        .finally(() => {
          this.cleanUp = 'done';
          this.pump();
        });
    }
    while (this.running < options.concurrency) {
      const next = this.nextEligible();
      if (!next) break;
      this.start(next);
    }
    // Nothing running and nothing allowed to start: no order can be kept; the first left goes.
    const left = this.checks.find((check) => this.is(check, 'waiting'));
    if (this.running === 0 && this.cleanUp !== 'running' && left) this.start(left);
    if (this.running === 0 && this.cleanUp === 'done' && this.checks.every((check) => this.is(check, 'done')))
      this.finish?.();
  }

  private is(check: PlannedCheck, state: State): boolean {
    return this.state.get(check.index) === state;
  }

  private isMainExhaustion(check: PlannedCheck): boolean {
    return check.exhausts?.key === this.options?.mainKey;
  }

  /** The eligible check with the most work behind it (its own, or its turn's whole line), or the least. */
  private nextEligible(): PlannedCheck | undefined {
    const sign = this.options?.cheapestFirst ? -1 : 1;
    let best: { check: PlannedCheck; weight: number } | undefined;
    for (const check of this.checks) {
      if (!this.is(check, 'waiting') || !this.eligible(check)) continue;
      const weight =
        sign *
        (check.block.inSequence
          ? this.checks
              .filter((other) => other.block === check.block && !this.is(other, 'done'))
              .reduce((sum, other) => sum + other.estimate, 0)
          : check.estimate);
      if (!best || weight > best.weight) best = { check, weight };
    }
    return best?.check;
  }

  private eligible(check: PlannedCheck): boolean {
    if (check.block.inSequence) {
      const before = this.checks.filter((other) => other.block === check.block && other.index < check.index);
      if (before.some((other) => !this.is(other, 'done'))) return false;
    }
    const exhausts = check.exhausts;
    if (!exhausts) return true;
    if (this.isMainExhaustion(check) && this.cleanUp !== 'done') return false;
    return this.checks.every((other) => {
      if (other === check || this.is(other, 'done')) return true;
      if (other.exhausts?.key === exhausts.key) {
        const order = (candidate: PlannedCheck) => [
          EXHAUSTION_ORDER[candidate.exhausts?.level ?? 'minute'],
          candidate.index,
        ];
        const [mine, theirs] = [order(check), order(other)];
        const otherFirst =
          (theirs[0] as number) < (mine[0] as number) ||
          (theirs[0] === mine[0] && (theirs[1] as number) < (mine[1] as number));
        return !otherFirst && !this.is(other, 'running');
      }
      return !other.uses.includes(exhausts.key);
    });
  }

  private start(check: PlannedCheck): void {
    this.state.set(check.index, 'running');
    this.running += 1;
    const context = newCheckContext(check.title);
    const startedAt = Date.now();
    const settle = this.settled.get(check.index);
    const end = (outcome: { skipped?: string }) => {
      this.outcomes.set(check.index, { ms: Date.now() - startedAt, requests: context.requests, ...outcome });
      this.state.set(check.index, 'done');
      this.running -= 1;
      this.pump();
    };
    runInCheck(context, () => this.withTimeLimit(check, context, startedAt)).then(
      () => {
        end({});
        settle?.resolve();
      },
      (error: unknown) => {
        if (error instanceof CheckSkipped || error instanceof KeyWithoutRoom) {
          end({ skipped: error.message });
          settle?.resolve();
          return;
        }
        end({});
        settle?.reject(error);
      },
    );
  }

  /** The check, after its block's set-up, failing once its own time (waits for a key left out) runs out. */
  private withTimeLimit(check: PlannedCheck, context: CheckContext, startedAt: number): Promise<void> {
    const limitMs = (this.options as ScheduleOptions).timeLimitMs(check);
    return new Promise<void>((resolve, reject) => {
      const watch = setInterval(() => {
        if (Date.now() - startedAt - pausedSoFar(context) <= limitMs) return;
        clearInterval(watch);
        reject(
          new Error(
            `${check.title}: not done within ${Math.round(limitMs / 1000)} s of its own (waits for a key's window left out). Each answer may take up to --timeout; give the check longer with --check-timeout SECONDS.`,
          ),
        );
      }, 1_000);
      watch.unref();
      this.setUpOf(check.block)
        .then(() => check.run())
        .then(resolve, reject)
        .finally(() => clearInterval(watch));
    });
  }

  private setUpOf(block: Block): Promise<void> {
    let ready = this.setUps.get(block);
    if (!ready) {
      ready = block.setUp ? block.setUp() : Promise.resolve();
      this.setUps.set(block, ready);
    }
    return ready;
  }
}
