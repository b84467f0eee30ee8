// Positions in a JSON text along pointers: where each key is written, and a file read once
// however many positions are asked (a draft's 1,601 warnings read it 1,601 times, seconds of the
// server's thread).
import { describe, expect, it } from '@jest/globals';
import { jsonPositionReader } from './json-positions.js';

const TEXT = ['{', '  "a": {"x": 1, "x": [10, {"y": 2}]},', '  "b": "\\"}"', '}'].join('\n');

/** `text` as a String object that counts the characters read from it. */
function counted(text: string): { text: string; reads: () => number } {
  let reads = 0;
  const target = new String(text);
  const proxy = new Proxy(target, {
    get(object, name) {
      if (name === 'charCodeAt') reads += 1;
      const value = Reflect.get(object, name);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
  return { text: proxy as unknown as string, reads: () => reads };
}

describe('jsonPositionReader', () => {
  it('finds keys, the last of a name, items, and the nearest parent of what is not there', () => {
    const positionOf = jsonPositionReader(TEXT);
    expect(positionOf(['a'])).toEqual({ line: 2, column: 3 });
    expect(positionOf(['a', 'x'])).toEqual({ line: 2, column: 17 });
    expect(positionOf(['a', 'x', '1', 'y'])).toEqual({ line: 2, column: 28 });
    expect(positionOf(['b'])).toEqual({ line: 3, column: 3 });
    expect(positionOf(['a', 'missing'])).toEqual({ line: 2, column: 3 });
    expect(positionOf([])).toEqual({ line: 1, column: 1 });
  });

  it('reads each object once, however many of its members are asked for', () => {
    const members = Array.from({ length: 300 }, (_, index) => `"m${index}": {"description": "${'d'.repeat(50)}"}`);
    const document = `{"paths": {${members.join(',\n')}}}`;
    const once = counted(document);
    jsonPositionReader(once.text)(['paths', 'm299']);
    const many = counted(document);
    const positionOf = jsonPositionReader(many.text);
    for (let index = 0; index < 300; index += 1)
      expect(positionOf(['paths', `m${index}`, 'description']).line).toBe(index + 1);
    expect(many.reads()).toBeLessThan(once.reads() * 2);
  });
});
