// The first step of reading a contract: every file its $refs name, read and parsed, before any is
// bundled. Each $ref is checked here (where it leads, and whether it may be followed); a refusal
// is kept with the place of the $ref that asked for it, and the walk goes on, so that one start
// names every fault. Only what the reader allows is ever read (source-reader.ts).
import { type ContractLimits, describeCount, raiseWith } from './contract-limits.js';
import type { ContractProblem } from './contract-refusal.js';
import {
  namesTextFile,
  type ParsedSource,
  parseSource,
  RELAXED_PARSE_BYTES,
  SourceSyntaxError,
  textSource,
} from './parsed-source.js';
import { SourceReadError, type SourceReader, type SourceText } from './source-reader.js';

export type CollectedSources = {
  root: ParsedSource;
  /** Each source by its id (a real path, or a URL). */
  byId: ReadonlyMap<string, ParsedSource>;
  /** Which source a $ref's document part leads to, by the URL it resolves to (before symlinks). */
  byTarget: ReadonlyMap<string, ParsedSource>;
  problems: ContractProblem[];
  /** Values (objects, arrays, scalars) in all the sources read, as counted against the `nodes` bound. */
  values: number;
};

/** A place in a source, for a problem: the file as shown, and the line of `segments` when known. */
export function problemAt(
  source: Pick<ParsedSource, 'shown' | 'positionOf'>,
  segments: readonly string[],
  kind: ContractProblem['kind'],
  message: string,
): ContractProblem {
  const position = source.positionOf(segments);
  return { kind, file: source.shown, ...(position ?? {}), message };
}

/** The document a $ref names (without its fragment), or undefined for the document it is in. */
export function refDocument(ref: string, base: URL): URL | undefined {
  if (ref.startsWith('#')) return undefined;
  const target = new URL(ref, base);
  target.hash = '';
  return target.href === base.href ? undefined : target;
}

type RefFound = { ref: string; segments: string[] };

/** A bound passed while reading a source: the whole read stops, at this place. */
class BoundPassed extends Error {
  constructor(readonly problem: ContractProblem) {
    super(problem.message);
  }
}

/** Every $ref of a source's value with the segments of the object holding it; nodes counted against the bound. */
function findRefs(source: ParsedSource, limits: ContractLimits, counted: { nodes: number }): RefFound[] {
  const found: RefFound[] = [];
  const stack: Array<{ value: unknown; segments: string[] }> = [{ value: source.value, segments: [] }];
  while (stack.length > 0) {
    const { value: node, segments } = stack.pop() as { value: unknown; segments: string[] };
    counted.nodes += 1;
    if (counted.nodes > limits.nodes) {
      throw new BoundPassed(
        problemAt(
          source,
          segments,
          'limit',
          `the contract's files hold more than ${describeCount(limits.nodes)} values, the last of them here ${raiseWith('nodes')}. Check that it is the file meant.`,
        ),
      );
    }
    if (segments.length > limits.depth) {
      throw new BoundPassed(
        problemAt(
          source,
          segments.slice(0, limits.depth + 1),
          'limit',
          `values are nested more than ${limits.depth} deep here ${raiseWith('depth')}.`,
        ),
      );
    }
    if (typeof node !== 'object' || node === null) continue;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') found.push({ ref, segments });
    pushChildren(node, segments, stack, counted);
  }
  return found.reverse();
}

/**
 * The objects and arrays inside `node` go on the stack; its scalars are counted without a trip
 * through it. An array is read by index: Object.entries of an array of two million numbers made
 * two million pairs and keys at once (~300 MB for a 4 MB draft).
 */
function pushChildren(
  node: object,
  segments: string[],
  stack: Array<{ value: unknown; segments: string[] }>,
  counted: { nodes: number },
): void {
  const visit = (key: string | number, child: unknown) => {
    if (typeof child === 'object' && child !== null) stack.push({ value: child, segments: [...segments, String(key)] });
    else counted.nodes += 1;
  };
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index += 1) visit(index, node[index]);
    return;
  }
  for (const key of Object.keys(node)) visit(key, (node as Record<string, unknown>)[key]);
}

export async function collectSources(reader: SourceReader, limits: ContractLimits): Promise<CollectedSources> {
  const problems: ContractProblem[] = [];
  const byId = new Map<string, ParsedSource>();
  const byTarget = new Map<string, ParsedSource>();
  const refused = new Set<string>();
  const counted = { nodes: 0 };
  const relaxBudget = { bytes: RELAXED_PARSE_BYTES };
  const parse = (text: SourceText, named = false): ParsedSource => {
    const parsed = named && namesTextFile(text.id) ? textSource(text) : parseSource(text, limits, relaxBudget);
    byId.set(parsed.id, parsed);
    return parsed;
  };
  const root = parse(await reader.readRoot());
  const queue: ParsedSource[] = [root];
  while (queue.length > 0) {
    const source = queue.shift() as ParsedSource;
    let refs: RefFound[];
    try {
      refs = findRefs(source, limits, counted);
    } catch (error) {
      if (!(error instanceof BoundPassed)) throw error;
      return { root, byId, byTarget, problems: [...problems, error.problem], values: counted.nodes };
    }
    for (const { ref, segments } of refs) {
      const at = [...segments, '$ref'];
      let target: URL | undefined;
      try {
        target = refDocument(ref, source.base);
      } catch {
        problems.push(problemAt(source, at, 'reference', `$ref "${ref}" is not a valid reference (RFC 3986).`));
        continue;
      }
      if (target === undefined || byTarget.has(target.href) || refused.has(target.href)) continue;
      let text: SourceText;
      try {
        text = await reader.readTarget(target, source);
      } catch (error) {
        if (!(error instanceof SourceReadError)) throw error;
        refused.add(target.href);
        problems.push(problemAt(source, at, error.kind, `$ref "${ref}": ${error.message}`));
        // Past a bound of the whole contract, every further $ref would be refused the same way: named once.
        if (error.stopsReading) return { root, byId, byTarget, problems, values: counted.nodes };
        continue;
      }
      // One file named in two ways (./a.yaml and x/../a.yaml, or through a symlink) is read once.
      let parsed = byId.get(text.id);
      if (!parsed) {
        try {
          parsed = parse(text, true);
        } catch (error) {
          if (!(error instanceof SourceSyntaxError)) throw error;
          refused.add(target.href);
          problems.push({ kind: error.kind, file: text.shown, ...(error.position ?? {}), message: error.message });
          continue;
        }
        queue.push(parsed);
      }
      byTarget.set(target.href, parsed);
    }
  }
  return { root, byId, byTarget, problems, values: counted.nodes };
}
