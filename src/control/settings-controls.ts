// The simulation's latency and rate-limit settings (Retry-After's format, the ban policy). Both
// are read on every API request, so they are plain values here, read without awaiting.
import { type Latency, validateLatency } from '../http/latency.js';
import type { RateLimitSettings, RetryAfterFormat } from '../http/rate-limit-headers.js';
import type { BanPolicy } from '../limits/rate-limit-policy.js';
import type { SimulationPart } from './simulation-part.js';

export type SettingsControls = {
  setLatency(latency: Latency): Latency;
  clearLatency(): void;
  latency(): Latency | undefined;
  settings(): Readonly<RateLimitSettings>;
  updateSettings(change: {
    retryAfterFormat?: RetryAfterFormat;
    ban?: Partial<BanPolicy>;
  }): Readonly<RateLimitSettings>;
};

// Replaced, never mutated, and frozen: the limiter reads it on every request without copying.
const freezeSettings = (value: RateLimitSettings): Readonly<RateLimitSettings> =>
  Object.freeze({ retryAfterFormat: value.retryAfterFormat, ban: Object.freeze({ ...value.ban }) });

/** Its reset leaves no latency, and the start's settings. */
export function createSettingsControls(initialSettings: RateLimitSettings): SimulationPart<SettingsControls> {
  let settings = freezeSettings(initialSettings);
  let latency: Latency | undefined;
  return {
    controls: {
      setLatency(next) {
        latency = validateLatency(next);
        return latency;
      },
      clearLatency() {
        latency = undefined;
      },
      latency: () => latency,
      settings: () => settings,
      updateSettings(change) {
        settings = freezeSettings({
          retryAfterFormat: change.retryAfterFormat ?? settings.retryAfterFormat,
          ban: {
            threshold: change.ban?.threshold ?? settings.ban.threshold,
            seconds: change.ban?.seconds ?? settings.ban.seconds,
          },
        });
        return settings;
      },
    },
    async reset() {
      latency = undefined;
      settings = freezeSettings(initialSettings);
    },
  };
}
