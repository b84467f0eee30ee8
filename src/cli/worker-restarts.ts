// When a worker of `serve --workers N` dies: replace it, waiting longer after each quick death,
// and give up after a few quick deaths in a row, so that a worker that fails at once (Redis gone,
// a bad environment) does not make the primary fork in a loop forever.

export type RestartPolicyOptions = {
  /** A worker that dies before serving, or within this long of serving, died quickly. */
  quickMs: number;
  /** Quick deaths in a row that stop the primary. */
  maxQuickDeaths: number;
  /** The wait before the second replacement in a row of quick deaths; doubled for each further one. */
  firstDelayMs: number;
};

export type RestartDecision = { replace: true; delayMs: number } | { replace: false; quickDeaths: number };

export const DEFAULT_RESTART_POLICY: RestartPolicyOptions = { quickMs: 5_000, maxQuickDeaths: 5, firstDelayMs: 500 };

export type RestartPolicy = {
  /** `servedMs`: how long the worker served; undefined if it died before serving. */
  afterDeath(servedMs: number | undefined): RestartDecision;
};

export function createRestartPolicy(options: RestartPolicyOptions = DEFAULT_RESTART_POLICY): RestartPolicy {
  let quickDeaths = 0;
  return {
    afterDeath(servedMs) {
      if (servedMs !== undefined && servedMs >= options.quickMs) {
        quickDeaths = 0;
        return { replace: true, delayMs: 0 };
      }
      quickDeaths += 1;
      if (quickDeaths >= options.maxQuickDeaths) return { replace: false, quickDeaths };
      // The first replacement is at once: a single worker killed is no loop.
      return { replace: true, delayMs: quickDeaths === 1 ? 0 : options.firstDelayMs * 2 ** (quickDeaths - 2) };
    },
  };
}
