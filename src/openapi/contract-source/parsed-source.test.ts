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

describe("a flow collection closed at its key's column (Docker Engine's document writes them)", () => {
  const docker = [
    'definitions:', // 1
    '  PortMap:', // 2
    '    type: object', // 3
    '    example: {', // 4
    '      "80/tcp": {},', // 5
    '      "443/tcp": {}', // 6
    '    }', // 7
    '    x-list: [', // 8
    '      1', // 9
    '    ]', // 10
    '    description: |', // 11
    '      A block scalar keeps its own closing brace:', // 12
    '      }', // 13
    '',
  ].join('\n');

  it('is read as the yaml package and js-yaml 4 read it, and each such line is named', () => {
    const source = parsed(docker);
    expect(source.value).toEqual({
      definitions: {
        PortMap: {
          type: 'object',
          example: { '80/tcp': {}, '443/tcp': {} },
          'x-list': [1],
          description: 'A block scalar keeps its own closing brace:\n}\n',
        },
      },
    });
    expect(source.relaxedLines).toEqual([7, 10]);
    expect(source.positionOf(['definitions', 'PortMap', 'x-list'])).toEqual({ line: 8, column: 5 });
  });

  it('leaves a file that needs none alone, and refuses other faults of indentation as before', () => {
    expect(parsed(YAML).relaxedLines).toBeUndefined();
    expect(() => parsed('a:\n  b: [\n 1]\n')).toThrow(/deficient indentation/);
    // A bracket shallower than its key's column is read one space deeper once, then refused.
    expect(() => parsed('a:\n    b: {\n      c: 1\n  }\n')).toThrow(/deficient indentation/);
  });

  it('is done for 32 lines of a file at most, each a parse of the whole file, and says so', () => {
    const many = Array.from({ length: 33 }, (_, index) => `k${index}: {\n  a: 1\n}`).join('\n');
    expect(() => parsed(many)).toThrow(/read one space deeper 32 times a file at most/);
    const first32 = many
      .split('\n')
      .slice(0, 32 * 3)
      .join('\n');
    expect(parsed(first32).relaxedLines).toHaveLength(32);
  });

  it("parses again no more text than the contract's budget, over all its files", () => {
    const source = (text: string) => ({ id: 'a.yaml', shown: 'a.yaml', base: new URL('file:///a.yaml'), text });
    const twice = 'k1: {\n  a: 1\n}\nk2: {\n  a: 1\n}\n';
    const budget = { bytes: twice.length * 3 };
    expect(parseSource(source(twice), DEFAULT_CONTRACT_LIMITS, budget).relaxedLines).toEqual([3, 6]);
    // Two parses again spent of three: the next file's second one is past the budget.
    expect(() => parseSource(source(twice), DEFAULT_CONTRACT_LIMITS, budget)).toThrow(/one space deeper/);
  });
});
