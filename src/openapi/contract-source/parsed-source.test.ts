import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CONTRACT_LIMITS } from './contract-limits.js';
import { parseSource } from './parsed-source.js';

const parsed = (text: string) =>
  parseSource(
    { id: 'draft.yaml', shown: 'draft.yaml', base: new URL('file:///draft.yaml'), text },
    DEFAULT_CONTRACT_LIMITS,
  );

const YAML = [
  'openapi: 3.1.0', // 1
  'paths:', // 2
  "  '/pets':", // 3
  '    get:', // 4
  '      parameters:', // 5
  '        - name: limit', // 6
  '          in: query', // 7
  '        - {name: "offset", in: query}', // 8
  'components:', // 9
  '  schemas:', // 10
  '    Base: &base', // 11
  '      type: object', // 12
  '      description: |', // 13
  '        Many lines.', // 14
  '    Pet:', // 15
  '      <<: *base', // 16
  '      x-big: [0, 0, 0]', // 17
  '      "quoted key": *base', // 18
  '',
].join('\n');

describe("a YAML file's positions, kept from its one parse", () => {
  it.each([
    [[], 1, 1],
    [['paths', '/pets', 'get'], 4, 5],
    [['paths', '/pets', 'get', 'parameters', '1'], 8, 11],
    [['paths', '/pets', 'get', 'parameters', '1', 'in'], 8, 28],
    [['paths', '/pets', 'get', 'parameters', '0', 'in'], 7, 11],
    [['components', 'schemas', 'Pet', 'x-big', '2'], 17, 21],
    [['components', 'schemas', 'Pet', 'quoted key'], 18, 7],
    // Through an alias: where its anchor's value writes it.
    [['components', 'schemas', 'Pet', 'quoted key', 'description'], 13, 7],
    // A member merged in (<<): where the merged mapping writes it.
    [['components', 'schemas', 'Pet', 'type'], 12, 7],
    // A pointer past what is written: its nearest parent.
    [['components', 'schemas', 'Pet', 'missing', 'deeper'], 15, 5],
    [['paths', '/pets', 'get', 'parameters', '7'], 5, 7],
  ])('%j is at line %i, column %i', (segments, line, column) => {
    expect(parsed(YAML).positionOf(segments)).toEqual({ line, column });
  });

  it('reads the value as before', () => {
    const value = parsed(YAML).value as { components: { schemas: { Pet: Record<string, unknown> } } };
    expect(value.components.schemas.Pet).toMatchObject({ type: 'object', 'x-big': [0, 0, 0] });
  });

  it('still refuses an empty file and a file of two documents, in js-yaml words', () => {
    expect(() => parsed('# nothing\n')).toThrow(/expected a document, but the input is empty/);
    expect(() => parsed('a: 1\n---\nb: 2\n')).toThrow(/expected a single document/);
  });
});
