// The scopes a mock holds: each a world of its own, made by its first request and dropped once
// unused for the idle time (real time, not the mock's clock: a scope's clock may stand still).
// At most `maxScopes` live at once. Generic over the world, so that it knows nothing of what a
// world holds.

export type ScopeSummary = {
  name: string;
  createdAtMs: number;
  lastUsedAtMs: number;
  /** When it is dropped unless used before. */
  expiresAtMs: number;
  /** Requests it has served (each entry counts one). */
  requests: number;
};

/** What the control API shows and does with the scopes, whatever their worlds. */
export type ScopeListing = {
  readonly maxScopes: number;
  readonly idleSeconds: number;
  /** Every live scope, oldest first (from Redis when the state is shared, hence the promise). */
  list(): ScopeSummary[] | Promise<ScopeSummary[]>;
  /** False when no scope has this name. */
  drop(name: string): boolean | Promise<boolean>;
};

export type ScopeRegistry<World> = ScopeListing & {
  /**
   * The scope's world, counting one request: made when the scope is new (or was idle past its
   * time); undefined when it is new and `maxScopes` scopes live already.
   */
  enter(name: string): World | undefined;
  /** Stops the timer that drops idle scopes. */
  close(): void;
};

export type ScopeRegistryOptions<World> = {
  createWorld(name: string): World;
  /** Told when a world is let go (dropped, or idle), so that it can stop what it runs. */
  forgetWorld?(world: World): void;
  maxScopes: number;
  idleSeconds: number;
  /** The real time; tests of the registry pass their own. */
  realNowMs?: () => number;
};

type Entry<World> = { world: World; createdAtMs: number; lastUsedAtMs: number; requests: number };

/** Idle scopes are also dropped when met (enter, list): the timer only frees their memory. */
const MAX_SWEEP_EVERY_MS = 60_000;

/** The registry of one process: its answers need no waiting. */
export type LocalScopeRegistry<World> = Omit<ScopeRegistry<World>, 'list' | 'drop'> & {
  list(): ScopeSummary[];
  drop(name: string): boolean;
};

export function createScopeRegistry<World>(options: ScopeRegistryOptions<World>): LocalScopeRegistry<World> {
  const { maxScopes, idleSeconds } = options;
  const realNowMs = options.realNowMs ?? Date.now;
  const idleMs = idleSeconds * 1000;
  // A Map keeps insertion order: oldest first, and a scope made anew goes to the end.
  const scopes = new Map<string, Entry<World>>();
  let sweeper: NodeJS.Timeout | undefined;

  const isIdle = (entry: Entry<World>, nowMs: number) => nowMs - entry.lastUsedAtMs >= idleMs;
  const forget = (name: string, entry: Entry<World>) => {
    scopes.delete(name);
    options.forgetWorld?.(entry.world);
  };
  const sweep = () => {
    const nowMs = realNowMs();
    for (const [name, entry] of scopes) if (isIdle(entry, nowMs)) forget(name, entry);
    if (scopes.size === 0) stopSweeping();
  };
  const stopSweeping = () => {
    clearInterval(sweeper);
    sweeper = undefined;
  };
  // The timer runs only while scopes live, and never keeps the process alive.
  const startSweeping = () => {
    sweeper ??= setInterval(sweep, Math.min(MAX_SWEEP_EVERY_MS, idleMs / 2)).unref();
  };

  return {
    maxScopes,
    idleSeconds,
    enter(name) {
      const nowMs = realNowMs();
      let entry = scopes.get(name);
      if (entry && isIdle(entry, nowMs)) {
        forget(name, entry);
        entry = undefined;
      }
      if (!entry) {
        if (scopes.size >= maxScopes) sweep();
        if (scopes.size >= maxScopes) return undefined;
        entry = { world: options.createWorld(name), createdAtMs: nowMs, lastUsedAtMs: nowMs, requests: 0 };
        scopes.set(name, entry);
        startSweeping();
      }
      entry.lastUsedAtMs = nowMs;
      entry.requests += 1;
      return entry.world;
    },
    list() {
      sweep();
      return [...scopes].map(([name, entry]) => ({
        name,
        createdAtMs: entry.createdAtMs,
        lastUsedAtMs: entry.lastUsedAtMs,
        expiresAtMs: entry.lastUsedAtMs + idleMs,
        requests: entry.requests,
      }));
    },
    drop(name) {
      const entry = scopes.get(name);
      if (!entry) return false;
      forget(name, entry);
      if (scopes.size === 0) stopSweeping();
      // One idle past its time was gone already, though the timer had not come by.
      return !isIdle(entry, realNowMs());
    },
    close: stopSweeping,
  };
}
