import { describe, expect, it } from '@jest/globals';
import { loadPetstoreSpec } from '../../test/support/spec.js';
import { usesInheritedNames, withoutPrototypes } from './inherited-names.js';

describe('the names every object inherits', () => {
  it('are told in a contract that names a property or a parameter so, and not in the built-in one', () => {
    const document = loadPetstoreSpec();
    expect(usesInheritedNames(document)).toBe(false);
    document.components.schemas.NewPet.properties.constructor = { type: 'string' };
    expect(usesInheritedNames(document)).toBe(true);
    const withParameter = loadPetstoreSpec();
    withParameter.paths['/pets'].get.parameters.push({
      name: 'hasOwnProperty',
      in: 'query',
      schema: { type: 'string' },
    });
    expect(usesInheritedNames(withParameter)).toBe(true);
  });

  it('are only what a copy without prototypes holds, __proto__ a key, nested however deep', () => {
    const value = JSON.parse('{"__proto__":{"polluted":true},"list":[{"constructor":"x"},1]}');
    const copy = withoutPrototypes(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(copy.constructor).toBeUndefined();
    expect(Object.keys(copy)).toEqual(['__proto__', 'list']);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    const list = copy.list as unknown[];
    expect(Array.isArray(list)).toBe(true);
    expect((list[0] as Record<string, unknown>).constructor).toBe('x');
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
    let deep: unknown = 0;
    for (let level = 0; level < 100_000; level += 1) deep = { a: [deep] };
    expect(() => withoutPrototypes(deep)).not.toThrow();
  });
});
