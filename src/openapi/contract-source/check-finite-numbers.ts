// Numbers JSON cannot carry: YAML reads `.nan` and `.inf` as NaN and Infinity, which no check of
// OpenAPI's refuses where any value may stand (a `default`, an `example`, an `enum`, a `const`).
// The mock's records and answers are JSON, which writes them as null: a `default: .inf` put into
// every drawn pet made each list and read of pets a 500. Refused wherever they stand.
import { escapePointerSegment, type JsonObject } from '../json-pointer.js';
import type { OpenApiFault } from './check-openapi.js';

/** Faults named one by one; past them, one more says how many were left unnamed. */
const NAMED_FAULTS = 10;

type Pending = { value: unknown; pointer: string };

export function checkFiniteNumbers(document: JsonObject): OpenApiFault[] {
  const found: Array<{ value: number; pointer: string }> = [];
  let count = 0;
  const stack: Pending[] = [{ value: document, pointer: '' }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value, pointer } = stack.pop() as Pending;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) continue;
      count += 1;
      if (found.length < NAMED_FAULTS + 1) found.push({ value, pointer });
      continue;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    // Pushed last first, so that the faults are named in the document's order; arrays by index.
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1)
        stack.push({ value: value[index], pointer: `${pointer}/${index}` });
    } else {
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        stack.push({ value: (value as JsonObject)[key], pointer: `${pointer}/${escapePointerSegment(key)}` });
      }
    }
  }
  return found.map(({ value, pointer }, index) => ({
    pointer,
    message:
      index < NAMED_FAULTS || count === found.length
        ? `${String(value)} is no number JSON can carry (it has no NaN or Infinity): the mock's records and answers are JSON, where it would be null. Write a finite number, or leave it out.`
        : `${String(value)} here, and ${count - NAMED_FAULTS - 1} more such numbers after it, are none JSON can carry (it has no NaN or Infinity). Write finite numbers, or leave them out.`,
  }));
}
