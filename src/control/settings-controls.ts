// The simulation's latency and rate-limit settings (Retry-After's format, the ban policy). Both
// are read on every API request, so they are plain values here, read without awaiting.
import { type Latency, validateLatency } from '../http/latency.js';
import type { RateLimitSettings, RetryAfterFormat } from '../limits/rate-limit-headers.js';
import type { BanPolicy } from '../limits/rate-limit-policy.js';
import { createLocalValue, type SharedValue } from '../store/shared-value.js';
import type { SimulationPart } from './simulation-part.js';

export type SettingsControls = {
  /** Each change resolves once stored (shared, when the state is in Redis). */
  setLatency(latency: Latency): Promise<Latency>;
  clearLatency(): Promise<void>;
  latency(): Latency | undefined;
  settings(): Readonly<RateLimitSettings>;
  updateSettings(change: {
    retryAfterFormat?: RetryAfterFormat;
    ban?: Partial<BanPolicy>;
  }): Promise<Readonly<RateLimitSettings>>;
};

/** What these controls keep: read on every request, written by the control API. */
export type SimulationSettings = { latency?: Latency; settings: RateLimitSettings };

// Replaced, never mutated, and frozen: the limiter reads it on every request without copying.
const freezeSettings = (value: RateLimitSettings): Readonly<RateLimitSettings> =>
  Object.freeze({ retryAfterFormat: value.retryAfterFormat, ban: Object.freeze({ ...value.ban }) });

export function initialSimulationSettings(initialSettings: RateLimitSettings): SimulationSettings {
  return { settings: freezeSettings(initialSettings) };
}

/** Its reset leaves no latency, and the start's settings. */
export function createSettingsControls(
  initialSettings: RateLimitSettings,
  store: SharedValue<SimulationSettings> = createLocalValue(initialSimulationSettings(initialSettings)),
): SimulationPart<SettingsControls> {
  const settings = () => store.read().settings;
  return {
    controls: {
      // Each change goes through update: a latency and a settings change made at once both hold.
      async setLatency(next) {
        const latency = validateLatency(next);
        await store.update((current) => ({ ...current, latency }));
        return latency;
      },
      async clearLatency() {
        await store.update((current) => ({ settings: current.settings }));
      },
      latency: () => store.read().latency,
      settings,
      async updateSettings(change) {
        const stored = await store.update((current) => ({
          ...current,
          settings: freezeSettings({
            retryAfterFormat: change.retryAfterFormat ?? current.settings.retryAfterFormat,
            ban: {
              threshold: change.ban?.threshold ?? current.settings.ban.threshold,
              seconds: change.ban?.seconds ?? current.settings.ban.seconds,
            },
          }),
        }));
        return stored.settings;
      },
    },
    async reset() {
      await store.write(initialSimulationSettings(initialSettings));
    },
  };
}
