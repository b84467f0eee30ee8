// Option parsers for commander that reject bad values with a message saying what is expected.
import { InvalidArgumentError } from 'commander';
import type { OptionRange } from '../server/config.js';

/** A whole number in the range, e.g. integerOption('--port', OPTION_RANGES.port) (src/server/config.ts). */
export function integerOption(flag: string, { min, max }: OptionRange): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value.trim()) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(`${flag} takes a whole number from ${min} to ${max}.`);
    }
    return parsed;
  };
}
