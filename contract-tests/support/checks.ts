// How checks are registered: only the kinds and operations the run selected, each counted with
// about how many requests it sends, so that the runner can say how many are done of how many and
// how long the run takes, and a run that selects none fails. Every check is a jest test of its
// own, run side by side with the others as the scheduler decides (scheduler.ts); the blocks
// (a kind's checks, with their set-up) and groups are written to the plan for the reports.
import { writeFileSync } from 'node:fs';
import { afterAll, test } from '@jest/globals';
import type { CheckKind } from '../check-kinds.js';
import { startDay } from './day-room.js';
import { keyId, type SentKey, targetKey } from './keys.js';
import { isSelected } from './operations.js';
import { type Block, type Exhaustion, type Outcome, type PlannedCheck, Scheduler } from './scheduler.js';
import { checkTimeLimitMs, startNote } from './start-note.js';
import { contractTarget, DEFAULT_CONCURRENCY, examplesPerProperty } from './target.js';
import { cleanUp } from './test-data.js';

/** What the suite writes when its checks are done: each one's time, requests and skip, and notes. */
export type Outcomes = { checks: Record<number, Outcome>; notes: string[] };

/** What the plan file says of each check: its place in the reports, and its share of the run. */
export type PlannedEntry = {
  title: string;
  kind: CheckKind;
  groups: string[];
  skipped?: boolean;
  /** Why a check the run cannot do is skipped (its title ends with it too). */
  reason?: string;
  estimate: number;
};

export type CheckOptions = {
  /** The keys it sends with (default: the main key, --api-key); null for none of the given keys. */
  uses?: Array<SentKey | undefined> | null;
  /** A key it uses up, and how far: it runs once every other check of that key is done. */
  exhausts?: { key: SentKey; level: Exhaustion };
  /** About how many requests it sends, at a given depth (--examples). Default: what one of its kind typically sends. */
  estimate?: (examples: number) => number;
};

/** About how many requests a check of each kind sends, when it does not say (measured against the mock). */
const TYPICAL_REQUESTS: Record<CheckKind, number> = {
  conformance: 2,
  negative: 1,
  generated: 4,
  values: 4,
  lists: 8,
  rules: 9,
  stateful: 5,
  'rate-limits': 5,
  deprecation: 5,
  meaning: 10,
  concurrency: 12,
};

const scheduler = new Scheduler();
const entries: PlannedEntry[] = [];
const estimates = new Map<number, (examples: number) => number>();
/** A block of the suite, with about how many requests its set-up sends. */
type KindBlock = Block & { kind: CheckKind; setUpRequests?: number };
let currentBlock: KindBlock | undefined;
let groups: string[] = [];

/**
 * A block of checks of one kind, registered only when the run selected that kind. Its set-up
 * (beforeChecks) runs before its first check, only when the selection leaves it one. Checks of
 * a block `inSequence` change data they share, and run one after the other.
 */
export function kindOfChecks(
  kind: CheckKind,
  title: string,
  body: () => void,
  options: { inSequence?: boolean } = {},
): void {
  const { checks } = contractTarget();
  if (checks?.length && !checks.includes(kind)) return;
  currentBlock = { kind, title, inSequence: options.inSequence === true };
  groups = [title];
  try {
    body();
  } finally {
    currentBlock = undefined;
    groups = [];
  }
}

/** A group of checks within a block, shown as such in the reports. */
export function group(title: string, body: () => void): void {
  const outer = groups;
  groups = [...outer, title];
  try {
    body();
  } finally {
    groups = outer;
  }
}

function block(): KindBlock {
  if (!currentBlock) throw new Error('Checks and their set-up belong inside kindOfChecks.');
  return currentBlock;
}

/** Set-up of a kind's block, run before its first check; `requests`: about how many it sends. */
export function beforeChecks(run: () => Promise<void>, requests = 5): void {
  Object.assign(block(), { setUp: run, setUpRequests: requests });
}

function register(name: string, run: () => Promise<void>, options: CheckOptions): void {
  const index = entries.length;
  const { kind } = block();
  const estimate = options.estimate ?? (() => TYPICAL_REQUESTS[kind]);
  entries.push({ title: name, kind, groups, estimate: 0 });
  estimates.set(index, estimate);
  const uses = options.uses === null ? [] : (options.uses ?? [targetKey()]);
  scheduler.add({
    index,
    title: name,
    block: block(),
    run,
    uses: uses.filter((key): key is SentKey => key !== undefined).map(keyId),
    ...(options.exhausts ? { exhausts: { key: keyId(options.exhausts.key), level: options.exhausts.level } } : {}),
    estimate: 0,
  });
  test.concurrent(name, () => scheduler.outcomeOf(index, scheduleOptions));
}

/**
 * A check of `subjects` (operationIds): registered when the run selected one of them. What it
 * needs beyond them (data, a limit reached) it does itself, selected or not.
 */
export function check(
  subjects: string | readonly string[],
  name: string,
  run: () => Promise<void>,
  options: CheckOptions = {},
): void {
  const list = typeof subjects === 'string' ? [subjects] : subjects;
  if (!list.some(isSelected)) return;
  register(name, run, options);
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** One check per row (rows of selected operations only); `%s` in the name is the row's first item. */
export function eachCheck<Row extends readonly unknown[]>(
  rows: readonly Row[],
  name: string,
  run: (...row: NoInfer<Writable<Row>>) => Promise<void>,
  options: CheckOptions | ((...row: NoInfer<Writable<Row>>) => CheckOptions) = {},
): void {
  for (const row of rows) {
    const args = row as unknown as Writable<Row>;
    register(
      name.replace('%s', String(row[0])),
      // biome-ignore lint/plugin: a row of a table, its few items
      () => run(...args),
      // biome-ignore lint/plugin: a row of a table, its few items
      typeof options === 'function' ? options(...args) : options,
    );
  }
}

/** A check the run cannot do (e.g. no --rate-limit-key): shown as skipped, with why. */
export function skippedCheck(name: string, reason: string): void {
  entries.push({ title: `${name} (${reason})`, kind: block().kind, groups, skipped: true, reason, estimate: 0 });
  test.skip(`${name} (${reason})`, () => undefined);
}

/** Whether the main key's day has less room than the run sends: then the cheapest checks go first. */
let dayShort = false;

function scheduleOptions() {
  const target = contractTarget();
  const latencyMs = target.mainKeyReading?.latencyMs ?? 0;
  return {
    concurrency: target.concurrency === false ? 1 : (target.checksAtOnce ?? DEFAULT_CONCURRENCY),
    cheapestFirst: dayShort,
    timeLimitMs: (planned: PlannedCheck) => checkTimeLimitMs(planned.estimate, latencyMs, target.checkTimeoutSeconds),
    mainKey: keyId(targetKey()),
    cleanUp,
  };
}

/**
 * Once every module of the suite has registered its checks: the depth that fits the main key's
 * day (unless --examples was given), each check's estimate at that depth, and the plan written
 * for the runner (the checks, their blocks, what the run costs and the note that says so).
 */
export function writePlan(): void {
  const target = contractTarget();
  // The set-ups of the blocks that have a check; their data is removed at the end: as many requests again.
  const blocks = new Set(scheduler.planned().map((planned) => planned.block as KindBlock));
  const setUps = 2 * [...blocks].reduce((sum, planned) => sum + (planned.setUpRequests ?? 0), 0);
  const note = startNote(
    (examples) => [...estimates.values()].reduce((sum, estimate) => sum + estimate(examples), setUps),
    { checks: entries.length, skipped: entries.filter((entry) => entry.skipped).length },
  );
  const examples = examplesPerProperty();
  const dayRoom = target.mainKeyReading?.dayRemaining ?? target.mainKeyReading?.perDay;
  startDay(dayRoom);
  for (const [index, estimate] of estimates) {
    const requests = estimate(examples);
    (entries[index] as PlannedEntry).estimate = requests;
    const planned = scheduler.planned().find((candidate) => candidate.index === index);
    if (planned) planned.estimate = requests;
  }
  dayShort =
    dayRoom !== undefined && scheduler.planned().reduce((sum, planned) => sum + planned.estimate, setUps) > dayRoom;
  afterAll(async () => {
    await scheduler.whenDone();
    if (target.outcomesFile) {
      const outcomes: Outcomes = { checks: Object.fromEntries(scheduler.outcomes), notes: scheduler.notes };
      writeFileSync(target.outcomesFile, JSON.stringify(outcomes));
    }
  });
  if (target.planFile)
    writeFileSync(target.planFile, JSON.stringify({ checks: entries.length, entries, examples, note }));
}
