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
  /** Looked up instead of scanned: a run of 12,000 checks scanned them all at each start (quadratic). */
  private index: ScheduleIndex | undefined;
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
      this.index = new ScheduleIndex(this.checks, this.options);
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
    const index = this.index as ScheduleIndex;
    if (this.cleanUp === 'waiting' && index.othersThanMainExhaustionLeft === 0) {
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
    const left = this.running === 0 ? this.checks.find((check) => this.is(check, 'waiting')) : undefined;
    if (this.running === 0 && this.cleanUp !== 'running' && left) this.start(left);
    if (this.running === 0 && this.cleanUp === 'done' && index.left === 0) this.finish?.();
  }

  private is(check: PlannedCheck, state: State): boolean {
    return this.state.get(check.index) === state;
  }

  private isMainExhaustion(check: PlannedCheck): boolean {
    return check.exhausts?.key === this.options?.mainKey;
  }

  /** The eligible check with the most work behind it (its own, or its turn's whole line), or the least. */
  private nextEligible(): PlannedCheck | undefined {
    const index = this.index as ScheduleIndex;
    let best: { check: PlannedCheck; weight: number } | undefined;
    const consider = (check: PlannedCheck, weight: number) => {
      if (!this.is(check, 'waiting') || (check.exhausts && !this.mayExhaust(check))) return;
      if (!best || weight > best.weight || (weight === best.weight && check.index < best.check.index))
        best = { check, weight };
    };
    const free = index.bestFree((check) => this.is(check, 'waiting'));
    if (free) consider(free, index.sign * free.estimate);
    for (const check of index.exhaustingFree) consider(check, index.sign * check.estimate);
    for (const line of index.lines) {
      const head = line.head();
      if (head) consider(head, index.sign * line.estimateLeft);
    }
    return best?.check;
  }

  /** A check that uses a key up: once no other check left uses that key, and those that use it up too come first. */
  private mayExhaust(check: PlannedCheck): boolean {
    const exhausts = check.exhausts as NonNullable<PlannedCheck['exhausts']>;
    if (this.isMainExhaustion(check) && this.cleanUp !== 'done') return false;
    const index = this.index as ScheduleIndex;
    if (index.usersLeft(exhausts.key, check) > 0) return false;
    const order = (candidate: PlannedCheck) => [
      EXHAUSTION_ORDER[candidate.exhausts?.level ?? 'minute'],
      candidate.index,
    ];
    const [level, place] = order(check) as [number, number];
    return (index.exhaustersOf.get(exhausts.key) ?? []).every((other) => {
      if (other === check || this.is(other, 'done')) return true;
      const [otherLevel, otherPlace] = order(other) as [number, number];
      const otherFirst = otherLevel < level || (otherLevel === level && otherPlace < place);
      return !otherFirst && !this.is(other, 'running');
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
      this.index?.done(check);
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

/** A block whose checks run in turn: its first check not done, and the work left in it. */
class Line {
  private next = 0;
  estimateLeft: number;
  constructor(
    private readonly checks: readonly PlannedCheck[],
    private readonly isDone: (check: PlannedCheck) => boolean,
  ) {
    this.estimateLeft = checks.reduce((sum, check) => sum + check.estimate, 0);
  }
  /** The check whose turn it is, once every check before it is done. */
  head(): PlannedCheck | undefined {
    while (this.next < this.checks.length && this.isDone(this.checks[this.next] as PlannedCheck)) this.next += 1;
    return this.checks[this.next];
  }
  done(check: PlannedCheck): void {
    this.estimateLeft -= check.estimate;
  }
}

/** What the scheduler looks up at each start, kept as checks end. */
class ScheduleIndex {
  readonly sign: number;
  /** Checks of no line that use no key up, the first to start first. */
  private readonly free: PlannedCheck[];
  private freeNext = 0;
  /** Checks of no line that use a key up (a few in a run). */
  readonly exhaustingFree: PlannedCheck[];
  readonly lines: Line[] = [];
  private readonly lineOf = new Map<Block, Line>();
  readonly exhaustersOf = new Map<string, PlannedCheck[]>();
  /** For each key, the checks not done that send with it without using it up. */
  private readonly users = new Map<string, number>();
  private readonly doneChecks = new Set<number>();
  left: number;
  othersThanMainExhaustionLeft: number;

  constructor(
    checks: readonly PlannedCheck[],
    private readonly options: ScheduleOptions,
  ) {
    this.sign = options.cheapestFirst ? -1 : 1;
    const byBlock = new Map<Block, PlannedCheck[]>();
    const free: PlannedCheck[] = [];
    this.exhaustingFree = [];
    for (const check of checks) {
      if (check.block.inSequence) {
        const list = byBlock.get(check.block) ?? [];
        list.push(check);
        byBlock.set(check.block, list);
      } else if (check.exhausts) this.exhaustingFree.push(check);
      else free.push(check);
      if (check.exhausts) {
        const list = this.exhaustersOf.get(check.exhausts.key) ?? [];
        list.push(check);
        this.exhaustersOf.set(check.exhausts.key, list);
      }
      for (const key of this.plainUses(check)) this.users.set(key, (this.users.get(key) ?? 0) + 1);
    }
    for (const [block, list] of byBlock) {
      const line = new Line(list, (check) => this.doneChecks.has(check.index));
      this.lines.push(line);
      this.lineOf.set(block, line);
    }
    // The order nextEligible picks by: the most weight first, then the first registered.
    this.free = free.sort((a, b) => this.sign * (b.estimate - a.estimate) || a.index - b.index);
    this.left = checks.length;
    this.othersThanMainExhaustionLeft = checks.filter((check) => check.exhausts?.key !== options.mainKey).length;
  }

  /** The keys a check sends with but does not use up (another check's exhaustion of them waits for it). */
  private plainUses(check: PlannedCheck): string[] {
    return [...new Set(check.uses)].filter((key) => key !== check.exhausts?.key);
  }

  /** Checks not done, other than `check`, that send with `key` without using it up. */
  usersLeft(key: string, check: PlannedCheck): number {
    const own = !this.doneChecks.has(check.index) && this.plainUses(check).includes(key) ? 1 : 0;
    return (this.users.get(key) ?? 0) - own;
  }

  /** The free check to start first among those `waiting` says still wait. */
  bestFree(waiting: (check: PlannedCheck) => boolean): PlannedCheck | undefined {
    while (this.freeNext < this.free.length && !waiting(this.free[this.freeNext] as PlannedCheck)) this.freeNext += 1;
    return this.free[this.freeNext];
  }

  done(check: PlannedCheck): void {
    if (this.doneChecks.has(check.index)) return;
    this.doneChecks.add(check.index);
    this.left -= 1;
    if (check.exhausts?.key !== this.options.mainKey) this.othersThanMainExhaustionLeft -= 1;
    this.lineOf.get(check.block)?.done(check);
    for (const key of this.plainUses(check)) this.users.set(key, (this.users.get(key) ?? 0) - 1);
  }
}
