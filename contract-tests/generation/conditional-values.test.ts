// The suite's valid values of schemas with conditions (if/then/else, dependentSchemas,
// dependentRequired) fit them, as Ajv judges; and its values past a bound are past it where
// the bound is so large that one more is the same number.
import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { KIND_SCHEMA as KIND, SIZE_SCHEMA as SIZE } from '../../test/support/conditional-schemas.js';
import { validValue } from '../support/requests.js';
import { invalidValues } from './invalid-values.js';
import { validValues } from './valid-values.js';

describe('values of a schema with conditions', () => {
  const ajv = new Ajv2020({ strict: false });

  it.each([
    ['if/then/else with dependent keywords', SIZE],
    ['if/then/else choosing among an enum', KIND],
  ])('fit it, drawn or fixed (%s)', (_name, schema) => {
    const validate = ajv.compile(schema);
    const values = validValues(schema, 'body', {});
    const made = [...values.edges, ...fc.sample(values.arbitrary, { numRuns: 100, seed: 52 })];
    made.push(validValue(schema, 'body', {}));
    for (const value of made) expect({ value, fits: validate(value) }).toEqual({ value, fits: true });
  });

  it('fit it as a property of a body, drawn or fixed', () => {
    const body = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, size: SIZE } };
    const validate = ajv.compile(body);
    const values = validValues(body, 'body', {});
    for (const value of [...values.edges, ...fc.sample(values.arbitrary, { numRuns: 50, seed: 3 })])
      expect({ value, fits: validate(value) }).toEqual({ value, fits: true });
  });
});

describe('numbers at the edges of what a double holds', () => {
  it('are below a minimum of 1e308, and above a maximum of -1e308, by the next double', () => {
    const below = invalidValues({ type: 'integer', minimum: 1e308 }).find((found) => found.rule.startsWith('below'));
    const [low] = fc.sample(below?.arbitrary ?? fc.constant(Number.NaN), 1) as number[];
    expect(low).toBeLessThan(1e308);
    expect(Number.isInteger(low)).toBe(true);
    const above = invalidValues({ type: 'number', maximum: -1e308 }).find((found) => found.rule.startsWith('above'));
    expect(fc.sample(above?.arbitrary ?? fc.constant(Number.NaN), 1)[0]).toBeGreaterThan(-1e308);
  });

  it('are never -0, which JSON writes 0: the value compared with an answer is the one sent', () => {
    const values = validValues({ type: 'number', minimum: -1, maximum: 1 }, 'v', {});
    const drawn = fc.sample(values.arbitrary, { numRuns: 300, seed: 9 });
    expect(drawn.filter((value) => Object.is(value, -0))).toEqual([]);
  });
});
