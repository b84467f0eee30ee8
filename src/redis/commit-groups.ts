// The transactions of one process on a shared store, committed in groups: while one group's
// commit is on its way to Redis, the transactions that come run one at a time on that group's
// data (what Redis will hold once it lands) and form the next group, sent as one change set once
// the first is answered. A group's data is its changes over the data it builds on
// (group-overlay.ts), never a copy of a list: a group that lands makes its changes in the
// replica, as every other process makes them in its own. Each transaction is answered only once
// its group is stored; a group that loses to another process's commit (optimistic locking) is
// run again, with the group built on it, on the data as it now stands. Reads outside
// transactions never see a group before Redis holds it. One commit at a time per process: fifty
// writers cost a few round trips, not fifty.
import { appendChangeSet, applyChangeSet, type ChangeSet, emptyChangeSet, hasChanges } from '../store/change-set.js';
import type { DataSet } from '../store/data-set.js';
import { dataSetSource, type RecordSource, sourceReader } from '../store/data-set-reader.js';
import { createDataSetTransaction, type StoredData, storedDataOf } from '../store/data-set-transaction.js';
import type { DataReader, DataTransaction } from '../store/data-store.js';
import { nextTurn } from '../store/group-commit.js';
import { createSerialLock } from '../store/serial-lock.js';
import { StateUnavailableError } from '../store/state-unavailable.js';
import { backOff } from './back-off.js';
import { GroupOverlay } from './group-overlay.js';
import type { Replica } from './redis-data-layout.js';

/** A group of transactions: their changes, on top of the data the group was begun on. */
export type CommitGroup = {
  /** The replica the group builds on, at `baseVersion` (with the group sent before it, if one was). */
  replica: Replica;
  baseVersion: number;
  changes: ChangeSet;
  /** Makes the group's changes in `data` (the replica's, once Redis holds them); the group then reads through. */
  land(data: DataSet): void;
  /** The group's changes are in the replica already (applied from the feed): the group reads through. */
  landed(): void;
};

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
type Member = {
  work: (tx: DataTransaction) => unknown;
  attempts: number;
  outcome?: Outcome;
  resolve(value: unknown): void;
  reject(error: unknown): void;
};
type Group = CommitGroup & { overlay: GroupOverlay; reader: DataReader; stored: StoredData; members: Member[] };

export type CommitGroupsOptions = {
  /** The replica, up to date, for a group begun with nothing under way. */
  upToDate(): Promise<Replica>;
  /** The replica as it stands (a reload makes a new one). */
  current(): Replica | undefined;
  /** Sends a group; true once Redis holds it (and `group.land` has made its changes in the replica), false when another change landed first. */
  commit(group: CommitGroup): Promise<boolean>;
  where: string;
  maxAttempts: number;
};

export type CommitGroups = {
  run<T>(work: (tx: DataTransaction) => T | Promise<T>): Promise<T>;
  /** Resolves once no transaction is waiting or under way. */
  idle(): Promise<void>;
};

function beginGroup(replica: Replica, baseVersion: number, below: RecordSource): Group {
  const overlay = new GroupOverlay(below);
  const changes = emptyChangeSet();
  return {
    replica,
    baseVersion,
    changes,
    land(data) {
      applyChangeSet(data, changes);
      overlay.landed();
    },
    landed: () => overlay.landed(),
    overlay,
    reader: sourceReader(overlay),
    stored: storedDataOf(overlay),
    members: [],
  };
}

function settle(member: Member): void {
  const outcome = member.outcome;
  if (outcome?.ok) member.resolve(outcome.value);
  else member.reject(outcome?.error);
}

export function createCommitGroups(options: CommitGroupsOptions): CommitGroups {
  // Transactions run one at a time, as in the file store: none lands between another's reads and writes.
  const lock = createSerialLock();
  let open: Group | undefined;
  let sent: Group | undefined;
  let draining: Promise<void> | undefined;

  // The replica's data changes in place (groups landing, other processes' changes), each change
  // with its version: the version says what the group was built on.
  const builtOnReplica = (group: Group) =>
    options.current() === group.replica && group.replica.version === group.baseVersion;

  /** Runs a member's work on the group; its writes join the group's. True when it wrote. */
  async function runIn(group: Group, member: Member): Promise<boolean> {
    const transaction = createDataSetTransaction(group.reader, group.stored);
    try {
      member.outcome = { ok: true, value: await member.work(transaction.tx) };
    } catch (error) {
      member.outcome = { ok: false, error };
    }
    transaction.seal();
    if (!member.outcome.ok || !transaction.hasWrites()) return false;
    const changes = transaction.changeSet();
    group.overlay.add(changes);
    appendChangeSet(group.changes, changes);
    return true;
  }

  async function beginNext(): Promise<Group> {
    if (sent) return beginGroup(sent.replica, sent.baseVersion + 1, sent.overlay);
    const replica = await options.upToDate();
    return beginGroup(
      replica,
      replica.version,
      dataSetSource(() => replica.data),
    );
  }

  async function enter(member: Member): Promise<void> {
    const release = await lock.acquire();
    try {
      const group = open ?? (await beginNext());
      const wrote = await runIn(group, member);
      // Read only, on data Redis holds: answered at once.
      if (!wrote && group.members.length === 0 && !sent) {
        settle(member);
        return;
      }
      open = group;
      group.members.push(member);
      draining ??= drain();
    } catch (error) {
      member.reject(error);
    } finally {
      release();
    }
  }

  /** Sends the open group once the one before it is answered, until none is left. */
  async function drain(): Promise<void> {
    try {
      // The transactions of this turn go together.
      await nextTurn();
      for (;;) {
        const release = await lock.acquire();
        const group = open;
        open = undefined;
        if (group) sent = group;
        release();
        if (!group) break;
        if (!hasChanges(group.changes)) {
          sent = undefined;
          group.members.forEach(settle);
          continue;
        }
        let stored: boolean;
        try {
          stored = builtOnReplica(group) && (await options.commit(group));
        } catch (error) {
          // Not known to be stored: nothing built on it can be either.
          await failWith(group, error);
          continue;
        }
        if (stored) {
          sent = undefined;
          group.members.forEach(settle);
        } else {
          await runAgain(group);
        }
      }
    } catch (error) {
      // Whatever went wrong fails those waiting, never leaves them waiting for good.
      await failWith(sent ?? open, error);
    } finally {
      draining = undefined;
    }
  }

  async function failWith(group: Group | undefined, error: unknown): Promise<void> {
    const release = await lock.acquire();
    const failed = [...new Set([...(group?.members ?? []), ...(open?.members ?? [])])];
    open = undefined;
    sent = undefined;
    release();
    for (const member of failed) member.reject(error);
  }

  /** A group that lost to another process's commit: it and the group built on it, again on fresh data. */
  async function runAgain(group: Group): Promise<void> {
    const release = await lock.acquire();
    try {
      const members = [...group.members, ...(open?.members ?? [])];
      open = undefined;
      sent = undefined;
      const again: Member[] = [];
      for (const member of members) {
        member.attempts += 1;
        if (member.attempts <= options.maxAttempts) again.push(member);
        else
          member.reject(
            new StateUnavailableError(
              options.where,
              `a change conflicted with other processes' changes ${options.maxAttempts} times in a row`,
            ),
          );
      }
      if (again.length === 0) return;
      await backOff(again.reduce((fewest, member) => Math.min(fewest, member.attempts), Number.POSITIVE_INFINITY) - 1);
      let next: Group;
      try {
        next = await beginNext();
      } catch (error) {
        for (const member of again) member.reject(error);
        return;
      }
      for (const member of again) next.members.push(member);
      open = next;
      for (const member of again) await runIn(next, member);
    } finally {
      release();
    }
  }

  return {
    run<T>(work: (tx: DataTransaction) => T | Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const member: Member = {
          work,
          attempts: 1,
          resolve: (value) => resolve(value as T),
          reject,
        };
        void enter(member);
      });
    },
    async idle() {
      while (draining) await draining;
      await lock.idle();
    },
  };
}
