// uniqueItems judged in linear time by every Ajv of the mock and of the validator: each item read
// a bounded number of times (Ajv's own reads n² of them), duplicates named as Ajv names them.
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createMockAjv } from './mock-ajv.js';
import { canonicalJson, duplicateItems } from './unique-items.js';
import { applyValidatorFixes } from './validator-fixes.js';

const load = createRequire(import.meta.url);
const SCHEMA = { type: 'array', uniqueItems: true, items: { type: 'array', items: { type: 'integer' } } };

/** `items` behind a proxy that counts the reads of its items. */
function counted(items: unknown[]): { array: unknown[]; reads: () => number } {
  let reads = 0;
  const array = new Proxy(items, {
    get(target, name, receiver) {
      if (typeof name === 'string' && /^\d+$/.test(name)) reads += 1;
      return Reflect.get(target, name, receiver);
    },
  });
  return { array, reads: () => reads };
}

/** The validator's own Ajv, as its request and answer checks make it. */
function validatorAjv() {
  applyValidatorFixes(load);
  const fromValidator = createRequire(load.resolve('express-openapi-validator'));
  const { factoryAjv } = fromValidator('./framework/ajv/factory.js') as {
    factoryAjv: (version: string, options: object) => Ajv2020;
  };
  return factoryAjv('3.1.0', { allErrors: true, strict: false });
}

describe('uniqueItems of arrays of arrays', () => {
  const makers = [
    ['the mock’s own Ajv', () => createMockAjv({ allErrors: true }, { formats: false })],
    ['the validator’s Ajv', validatorAjv],
  ] as const;

  it.each(makers)('%s reads each of 2,000 items a bounded number of times', (_name, make) => {
    const validate = make().compile(SCHEMA);
    const { array, reads } = counted(Array.from({ length: 2_000 }, (_, at) => [at]));
    expect(validate(array)).toBe(true);
    // Ajv's own pairwise check reads 4,000,000 of them (2,000 × 1,999).
    expect(reads()).toBeLessThanOrEqual(3 * 2_000);
  });

  it.each(makers)('%s names the duplicates Ajv names', (_name, make) => {
    const items = [[1], [2], [1], [3], [2], [4]];
    const plain = new Ajv2020({ allErrors: true });
    const expected = plain.compile(SCHEMA);
    expect(expected(items)).toBe(false);
    const validate = make().compile(SCHEMA);
    expect(validate(items)).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({ keyword: 'uniqueItems', params: { i: 4, j: 1 } })]);
    expect(validate.errors?.[0]?.message).toBe(expected.errors?.[0]?.message);
  });
});

describe('the key of an item', () => {
  it('is one for values Ajv holds equal, and apart for those it does not', () => {
    expect(canonicalJson({ a: 1, b: [2, { c: 3, d: 4 }] })).toBe(canonicalJson({ b: [2, { d: 4, c: 3 }], a: 1 }));
    expect(canonicalJson('1')).not.toBe(canonicalJson(1));
    expect(canonicalJson({ a: undefined })).not.toBe(canonicalJson({}));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson(JSON.parse('{"__proto__": 1}'))).toBe('{"__proto__":1}');
    expect(
      duplicateItems([
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]),
    ).toEqual({ i: 1, j: 0 });
    expect(duplicateItems([0, '0', false, null, [], {}])).toBeUndefined();
  });

  it('is written without recursion: an item nested 100,000 deep', () => {
    let deep: unknown = [];
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(duplicateItems([deep, deep])).toEqual({ i: 1, j: 0 });
  });
});
