// A file of the contract as a value, JSON or YAML told by its content (not its name), and where
// each of its values is written, for messages. The value comes from the fastest reader: JSON.parse,
// or js-yaml (three times faster than the `yaml` package on the contract: ~60 ms of a start with
// a draft), with its bounds on depth and aliases, and a bound here on what the aliases expand into
// (a "billion laughs" file is refused, not expanded). A YAML file's positions are kept from its
// parser's events (yaml-positions.ts); a JSON file's are read along the pointer asked for, only
// when a message needs one (json-positions.ts).
import { CORE_SCHEMA, constructFromEvents, type Event, mergeTag, parseEvents, YAMLException } from 'js-yaml';
import { type ContractLimits, describeCount, raiseWith } from './contract-limits.js';
import { jsonPositionReader, offsetPositions, type Position } from './json-positions.js';
import type { SourceText } from './source-reader.js';
import { yamlOffsets } from './yaml-positions.js';

export type { Position } from './json-positions.js';

export type ParsedSource = SourceText & {
  value: unknown;
  /** Where the value at `segments` is written (its key, for a member), or the nearest parent there is. */
  positionOf(segments: readonly string[]): Position | undefined;
  /** Lines (1-based) whose closing bracket was read one space deeper (relaxedEvents); `text` is as read. */
  relaxedLines?: readonly number[];
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

const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);

/** Merge keys (<<) are YAML 1.1, and common in hand-written contracts. */
const YAML_SCHEMA = CORE_SCHEMA.withTags(mergeTag);

/**
 * How many values a YAML value stands for once its aliases are written out, counted up to
 * `bound`, whether any value is written more than once (through an alias), and past the bound,
 * the value whose aliases crossed it (its members each within the bound): where the bomb is.
 */
function expandedSize(value: unknown, bound: number): { size: number; aliased: boolean; crossedAt?: string[] } {
  const sizes = new Map<object, number>();
  // Indexes kept as numbers: a string and a pair per item of a large array cost more than the array.
  const path: Array<string | number> = [];
  let aliased = false;
  let crossedAt: string[] | undefined;
  const sizeOf = (node: unknown): number => {
    if (typeof node !== 'object' || node === null) return 1;
    const known = sizes.get(node);
    if (known !== undefined) {
      aliased = true;
      return known;
    }
    let size = 1;
    const keys = Array.isArray(node) ? undefined : Object.keys(node);
    const count = keys ? keys.length : (node as unknown[]).length;
    for (let index = 0; index < count && size <= bound; index += 1) {
      const key = keys ? (keys[index] as string) : index;
      path.push(key);
      size += sizeOf((node as Record<string | number, unknown>)[key]);
      path.pop();
    }
    if (size > bound && crossedAt === undefined) crossedAt = path.map(String);
    sizes.set(node, size);
    return size;
  };
  return { size: sizeOf(value), aliased, ...(crossedAt ? { crossedAt } : {}) };
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
  // Read along the pointers asked for: a tree of a large JSON file would cost more than the file (json-positions.ts).
  return { ...source, value, positionOf: jsonPositionReader(text) };
}

/** Closing brackets read one space deeper at most this many times in a file: each costs a parse. */
const MAX_RELAXED_LINES = 32;

/** Text parsed again for them, over all the files of one contract: Docker Engine's four take 1.9 MB. */
export const RELAXED_PARSE_BYTES = 8 * 1024 * 1024;

/** What one contract's files may still spend on parsing again (relaxedEvents). */
export type RelaxBudget = { bytes: number };

/**
 * js-yaml's events of `text`, where a flow collection's closing bracket stands at the column of
 * the key it belongs to (`example: {` … `}` under the `e`): YAML 1.2 forbids it and js-yaml 5
 * refuses it (nodeca/js-yaml#768), but the `yaml` package, js-yaml 4 and most readers take it,
 * and published documents hold it (Docker Engine's). Such a line is read one space deeper, once:
 * a bracket shallower still is refused as before.
 */
function relaxedEvents(
  text: string,
  limits: ContractLimits,
  budget: RelaxBudget,
): { events: Event[]; text: string; relaxedLines: number[] } {
  const relaxedLines: number[] = [];
  let read = text;
  for (;;) {
    try {
      return { events: parseEvents(read, { maxDepth: limits.depth }), text: read, relaxedLines };
    } catch (error) {
      const line =
        error instanceof YAMLException && error.reason === 'deficient indentation' ? error.mark?.line : undefined;
      const start = line === undefined ? undefined : lineStart(read, line);
      const closing = start !== undefined && /^[ \t]*[}\]]/.test(read.slice(start, start + 200));
      if (line === undefined || start === undefined || !closing || relaxedLines.includes(line + 1)) throw error;
      if (relaxedLines.length >= MAX_RELAXED_LINES || budget.bytes < read.length)
        throw new YAMLException(
          `${error instanceof YAMLException ? error.reason : 'deficient indentation'} (a closing bracket at its key's column is read one space deeper ${MAX_RELAXED_LINES} times a file at most, each a parse of the file again: indent it one more space)`,
          (error as YAMLException).mark,
        );
      budget.bytes -= read.length;
      read = `${read.slice(0, start)} ${read.slice(start)}`;
      relaxedLines.push(line + 1);
    }
  }
}

/** The offset where the 0-based `line` starts. */
function lineStart(text: string, line: number): number | undefined {
  let offset = 0;
  for (let at = 0; at < line; at += 1) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return undefined;
    offset = next + 1;
  }
  return offset;
}

function fromYaml(source: SourceText, limits: ContractLimits, budget: RelaxBudget): ParsedSource {
  let value: unknown;
  let events: Event[];
  let text = source.text;
  let relaxedLines: number[] = [];
  try {
    // js-yaml's load, in its two steps: the parser's events say where each value is written.
    ({ events, text, relaxedLines } = relaxedEvents(source.text, limits, budget));
    const documents = constructFromEvents(events, {
      source: text,
      schema: YAML_SCHEMA,
      maxAliases: limits.aliases,
    });
    if (documents.length !== 1) {
      // js-yaml's load's own words.
      throw new YAMLException(
        documents.length === 0
          ? 'expected a document, but the input is empty'
          : 'expected a single document in the stream, but found more',
      );
    }
    value = documents[0];
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
  // Counted before the positions are kept: the count's map of every value and the positions'
  // arrays alive at once took a large draft past its memory bound.
  const expanded = expandedSize(value, limits.nodes);
  // Kept from this one parse, about 10 bytes a value: a tree made for a message costs 100 times that (yaml-positions.ts).
  const offsetOf = yamlOffsets(text, events);
  const positionAt = offsetPositions(text);
  const positionOf = (segments: readonly string[]) => {
    const offset = offsetOf(segments);
    return offset === undefined ? undefined : positionAt(offset);
  };
  // Without aliases, the count of the contract's values says it, with a place (collect-sources.ts).
  if (expanded.aliased && expanded.size > limits.nodes) {
    throw new SourceSyntaxError(
      `its YAML aliases (*name) repeat values into more than ${describeCount(limits.nodes)}, as an "alias bomb" does to exhaust memory ${raiseWith('nodes')}. Write the repeated parts out, or use $refs.`,
      'limit',
      expanded.crossedAt && positionOf(expanded.crossedAt),
    );
  }
  return { ...source, text, value, positionOf, ...(relaxedLines.length > 0 ? { relaxedLines } : {}) };
}

/**
 * Files a contract's $refs name for their text, not a value: code samples (`x-codeSamples`'
 * `source: {$ref: examples/create.php}`) and Markdown descriptions, as Redocly's bundler reads
 * them. Told by their name: JSON, YAML and files with no extension are parsed.
 */
export function namesTextFile(id: string): boolean {
  const name = id.split(/[?#]/, 1)[0]?.split('/').pop() ?? '';
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension !== undefined && !['json', 'yaml', 'yml'].includes(extension);
}

/** A file named for its text (namesTextFile): the value is the text itself, every place its start. */
export function textSource(source: SourceText): ParsedSource {
  return { ...source, value: source.text, positionOf: () => ({ line: 1, column: 1 }) };
}

/** `budget`: what the contract's files may still spend on reading closing brackets deeper (one per contract). */
export function parseSource(
  source: SourceText,
  limits: ContractLimits,
  budget: RelaxBudget = { bytes: RELAXED_PARSE_BYTES },
): ParsedSource {
  return (looksLikeJson(source.text) ? fromJson(source, limits) : undefined) ?? fromYaml(source, limits, budget);
}
