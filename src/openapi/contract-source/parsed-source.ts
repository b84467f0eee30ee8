// A file of the contract as a value, JSON or YAML told by its content (not its name), and where
// each of its values is written, for messages. JSON goes through JSON.parse (fast); its
// positions are read only when a message needs one. YAML goes through the `yaml` package, with
// its bound on aliases (a "billion laughs" file is refused, not expanded).
import { type Document, isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { ContractLimits } from './contract-limits.js';
import type { SourceText } from './source-reader.js';

export type Position = { line: number; column: number };

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

function readYaml(text: string, uniqueKeys: boolean): PositionedDocument {
  const lines = new LineCounter();
  // Merge keys (<<) are YAML 1.1, and common in hand-written contracts.
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, merge: true, uniqueKeys });
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

function fromJson(source: SourceText): ParsedSource | undefined {
  let value: unknown;
  try {
    value = JSON.parse(source.text);
  } catch {
    return undefined;
  }
  let positioned: PositionedDocument | undefined;
  return {
    ...source,
    value,
    positionOf: (segments) => {
      positioned ??= readYaml(source.text, false);
      return positionAt(positioned, offsetOf(positioned, segments));
    },
  };
}

function fromYaml(source: SourceText, limits: ContractLimits): ParsedSource {
  let positioned: PositionedDocument;
  try {
    positioned = readYaml(source.text, true);
  } catch (failure) {
    if (failure instanceof RangeError) throw new SourceSyntaxError('it is nested too deeply to be read.', 'limit');
    throw failure;
  }
  const [error] = positioned.document.errors;
  if (error) {
    const why = error.code === 'DUPLICATE_KEY' ? 'a key is written twice in one mapping' : error.message;
    throw new SourceSyntaxError(
      `it is neither JSON nor YAML the mock can read: ${why}.`,
      'syntax',
      positionAt(positioned, error.pos[0]),
    );
  }
  let value: unknown;
  try {
    value = positioned.document.toJS({ maxAliasCount: limits.aliasCount });
  } catch (failure) {
    if (failure instanceof RangeError) throw new SourceSyntaxError('it is nested too deeply to be read.', 'limit');
    if (!(failure instanceof ReferenceError) || !/alias/i.test(failure.message)) throw failure;
    throw new SourceSyntaxError(
      `its YAML aliases (*name) repeat more than ${limits.aliasCount} values, as an "alias bomb" does to exhaust memory. Write the repeated parts out, or use $refs.`,
      'limit',
    );
  }
  return { ...source, value, positionOf: (segments) => positionAt(positioned, offsetOf(positioned, segments)) };
}

export function parseSource(source: SourceText, limits: ContractLimits): ParsedSource {
  return (looksLikeJson(source.text) ? fromJson(source) : undefined) ?? fromYaml(source, limits);
}
