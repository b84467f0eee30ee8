// A key given at start (serve --key) is stored in the data file, whose records are checked
// against the contract when it is read: its limits are held to the contract's Limits bounds
// here, so that the option is refused before it spoils the file. Read from the control
// contract, without compiling the whole data-set checker on every start.

import { asObject } from './json-pointer.js';
import type { Contract } from './load-contract.js';

type StartKey = { key: string; limits?: { perMinute: number; perDay: number } };

/** What is wrong with the keys' limits, one line each; none when they are within the contract's bounds. */
export function startKeyLimitFaults(controlContract: Contract, keys: readonly StartKey[]): string[] {
  const limits = asObject(asObject(asObject(controlContract.document.components).schemas).Limits);
  const properties = asObject(limits.properties);
  const faults: string[] = [];
  for (const { key, limits: given } of keys) {
    for (const field of ['perMinute', 'perDay'] as const) {
      const { minimum, maximum } = asObject(properties[field]);
      const value = given?.[field];
      if (value === undefined) continue;
      if (typeof maximum === 'number' && value > maximum)
        faults.push(`--key ${key}: ${field} ${value} is above the contract's largest, ${maximum} (its Limits)`);
      if (typeof minimum === 'number' && value < minimum)
        faults.push(`--key ${key}: ${field} ${value} is below the contract's smallest, ${minimum} (its Limits)`);
    }
  }
  return faults;
}
