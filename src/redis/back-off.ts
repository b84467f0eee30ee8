// The wait before retrying a change that lost to another process's (optimistic locking): none
// after the first loss, which is ordinary under load, then a random wait up to a cap that doubles
// with each loss ("full jitter"), so that writers who collided do not collide again in step and a
// busy shared Redis is not flooded with retries.

export type BackOffPolicy = { firstMs: number; capMs: number };

/** The data store's commits and the settings: a conflict means another process's commit landed. */
export const COMMIT_BACK_OFF: BackOffPolicy = { firstMs: 1, capMs: 50 };

/** Milliseconds to wait after `failures` failed attempts in a row; `random` in [0, 1). */
export function backOffDelayMs(
  failures: number,
  policy: BackOffPolicy = COMMIT_BACK_OFF,
  random = Math.random,
): number {
  if (failures <= 1) return 0;
  const ceiling = Math.min(policy.capMs, policy.firstMs * 2 ** (failures - 2));
  return random() * ceiling;
}

export function backOff(failures: number, policy: BackOffPolicy = COMMIT_BACK_OFF): Promise<void> {
  const delayMs = backOffDelayMs(failures, policy);
  return delayMs === 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, delayMs));
}
