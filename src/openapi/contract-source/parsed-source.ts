// A file of the contract as a value, JSON or YAML told by its content (not its name), and where
// each of its values is written, for messages. The value comes from the fastest reader: JSON.parse,
// or js-yaml (three times faster than the `yaml` package on the contract: ~60 ms of a start with
// a draft), with its bounds on depth and aliases, and a bound here on what the aliases expand into
// (a "billion laughs" file is refused, not expanded). Positions are read only when a message needs
// one: a YAML file's from the `yaml` package, which keeps them; a JSON file's along the pointer
// asked for (json-positions.ts).
import { CORE_SCHEMA, load, mergeTag, YAMLException } from 'js-yaml';
import { type Document, isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { type ContractLimits, describeCount, raiseWith } from './contract-limits.js';
import { jsonOffsetOf, type Position, positionOfOffset } from './json-positions.js';
import type { SourceText } from './source-reader.js';

export type { Position } from './json-positions.js';

export type ParsedSource = SourceText & {
  value: unknown;
  /** Where the value at `segments` is written (its key, for a member), or the nearest parent there is. */
  positionOf(segments: readonly string[]): Position | undefined;
};

export class SourceSyntaxError extends Error {
  constructor(
    message: string,
    readonly kind: 'syntax' | 'limit',
    readonly position?: Position,
  ) {
    super(message);
    this.name = 'SourceSyntaxError';
  }
}

type PositionedDocument = { document: Document; lines: LineCounter };

function readYaml(text: string): PositionedDocument {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, merge: true, uniqueKeys: false });
  return { document, lines };
}

const keyText = (key: unknown) => (isScalar(key) ? String(key.value) : String(key));

function offsetOf({ document }: PositionedDocument, segments: readonly string[]): number | undefined {
  let node: unknown = document.contents;
  let offset = (node as Node | null)?.range?.[0];
  for (const segment of segments) {
    if (isAlias(node)) node = node.resolve(document);
    if (isMap(node)) {
      const pair = node.items.find((candidate) => keyText(candidate.key) === segment);
      if (!pair) break;
      offset = (pair.key as Node | null)?.range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      break;
    }
  }
  return offset;
}

function positionAt(parsed: PositionedDocument, offset: number | undefined): Position | undefined {
  if (offset === undefined) return undefined;
  const { line, col } = parsed.lines.linePos(offset);
  return { line, column: col };
}

const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);

/** Merge keys (<<) are YAML 1.1, and common in hand-written contracts. */
const YAML_SCHEMA = CORE_SCHEMA.withTags(mergeTag);

/** Where a source's values are written: its text read again by the `yaml` package, once, when first asked. */
function positionsOf(text: string): ParsedSource['positionOf'] {
  let positioned: PositionedDocument | undefined;
  return (segments) => {
    positioned ??= readYaml(text);
    return positionAt(positioned, offsetOf(positioned, segments));
  };
}

/**
 * How many values a YAML value stands for once its aliases are written out, counted up to
 * `bound`, and whether any value is written more than once (through an alias).
 */
function expandedSize(value: unknown, bound: number): { size: number; aliased: boolean } {
  const sizes = new Map<object, number>();
  let aliased = false;
  const sizeOf = (node: unknown): number => {
    if (typeof node !== 'object' || node === null) return 1;
    const known = sizes.get(node);
    if (known !== undefined) {
      aliased = true;
      return known;
    }
    let size = 1;
    for (const child of Object.values(node)) {
      size += sizeOf(child);
      if (size > bound) break;
    }
    sizes.set(node, size);
    return size;
  };
  return { size: sizeOf(value), aliased };
}

/**
 * Where a JSON text first nests objects and arrays more than `depth` deep, or undefined: one pass
 * over its characters, strings skipped, so that the refusal names the line without a parser
 * that would itself recurse that deep.
 */
function placeTooDeep(text: string, depth: number): Position | undefined {
  let open = 0;
  let inString = false;
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      open += 1;
      if (open > depth) return { line, column: index - lineStart + 1 };
    } else if (code === 0x5d || code === 0x7d) open -= 1;
    else if (code === 0x0a) {
      line += 1;
      lineStart = index + 1;
    }
  }
  return undefined;
}

function fromJson(source: SourceText, limits: ContractLimits): ParsedSource | undefined {
  let value: unknown;
  try {
    value = JSON.parse(source.text);
  } catch {
    return undefined;
  }
  // The first value is the document itself (depth 0 for the reader's bound), hence the one more.
  const tooDeep = placeTooDeep(source.text, limits.depth + 1);
  if (tooDeep) {
    throw new SourceSyntaxError(
      `values are nested more than ${limits.depth} deep here ${raiseWith('depth')}.`,
      'limit',
      tooDeep,
    );
  }
  const { text } = source;
  // Read along the pointer asked for: a tree of a large JSON file would cost more than the file (json-positions.ts).
  return { ...source, value, positionOf: (segments) => positionOfOffset(text, jsonOffsetOf(text, segments)) };
}

function fromYaml(source: SourceText, limits: ContractLimits): ParsedSource {
  let value: unknown;
  try {
    value = load(source.text, { schema: YAML_SCHEMA, maxDepth: limits.depth, maxAliases: limits.aliases });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new SourceSyntaxError(`it is nested too deeply to be read ${raiseWith('depth')}.`, 'limit');
    }
    if (!(error instanceof YAMLException)) throw error;
    const position = error.mark ? { line: error.mark.line + 1, column: error.mark.column + 1 } : undefined;
    const bound = /maxDepth|maxAliases|merge keys/.test(error.reason);
    const raise = /maxDepth/.test(error.reason)
      ? ` ${raiseWith('depth')}`
      : /maxAliases/.test(error.reason)
        ? ` ${raiseWith('aliases')}`
        : '';
    throw new SourceSyntaxError(
      bound
        ? `it asks more of the reader than a contract may (${error.reason})${raise}.`
        : `it is neither JSON nor YAML the mock can read: ${error.reason}.`,
      bound ? 'limit' : 'syntax',
      position,
    );
  }
  const expanded = expandedSize(value, limits.nodes);
  // Without aliases, the count of the contract's values says it, with a place (collect-sources.ts).
  if (expanded.aliased && expanded.size > limits.nodes) {
    throw new SourceSyntaxError(
      `its YAML aliases (*name) repeat values into more than ${describeCount(limits.nodes)}, as an "alias bomb" does to exhaust memory ${raiseWith('nodes')}. Write the repeated parts out, or use $refs.`,
      'limit',
    );
  }
  return { ...source, value, positionOf: positionsOf(source.text) };
}

export function parseSource(source: SourceText, limits: ContractLimits): ParsedSource {
  return (looksLikeJson(source.text) ? fromJson(source, limits) : undefined) ?? fromYaml(source, limits);
}
