// One table of option ranges (OPTION_RANGES): resolveConfig and the CLI's parsers check the same
// bounds, and the ban's are those the control API takes for the same settings.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { integerOption } from '../cli/parse-options.js';
import { ConfigError, type MockServerOptions, OPTION_RANGES, resolveConfig } from './config.js';

type Bounds = { minimum: number; maximum: number };
const control = parse(readFileSync(new URL('../../spec/control.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: { SettingsUpdate: { properties: { ban: { properties: Record<string, Bounds> } } } } };
};

/** The ranges of createMockServer's options; the others (serve --workers) are the CLI's alone. */
const AS_OPTIONS: Partial<Record<keyof typeof OPTION_RANGES, (value: number) => MockServerOptions>> = {
  port: (port) => ({ port }),
  seed: (seed) => ({ seed }),
  banThreshold: (threshold) => ({ ban: { threshold } }),
  banSeconds: (seconds) => ({ ban: { seconds } }),
  scopeIdleSeconds: (scopeIdleSeconds) => ({ scopeIdleSeconds }),
  maxScopes: (maxScopes) => ({ maxScopes }),
};

describe('option ranges', () => {
  it.each(Object.entries(OPTION_RANGES))(
    '%s: resolveConfig (for its own options) and the CLI take its min and max, and refuse one past either',
    (name, range) => {
      const options = AS_OPTIONS[name as keyof typeof OPTION_RANGES];
      const parseFlag = integerOption(`--${name}`, range);
      for (const value of [range.min, range.max]) {
        if (options) expect(() => resolveConfig(options(value))).not.toThrow();
        expect(parseFlag(String(value))).toBe(value);
      }
      for (const value of [range.min - 1, range.max + 1]) {
        if (options) {
          expect(() => resolveConfig(options(value))).toThrow(ConfigError);
          expect(() => resolveConfig(options(value))).toThrow(`from ${range.min} to ${range.max}`);
        }
        expect(() => parseFlag(String(value))).toThrow(
          `--${name} takes a whole number from ${range.min} to ${range.max}.`,
        );
      }
    },
  );

  it('of the ban are those PATCH /__mock/settings takes (spec/control.yaml)', () => {
    const ban = control.components.schemas.SettingsUpdate.properties.ban.properties;
    expect({ min: ban.threshold?.minimum, max: ban.threshold?.maximum }).toEqual(OPTION_RANGES.banThreshold);
    expect({ min: ban.seconds?.minimum, max: ban.seconds?.maximum }).toEqual(OPTION_RANGES.banSeconds);
  });
});
