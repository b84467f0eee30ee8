// The second step of reading a contract: its files made into one document whose $refs are all
// internal ("#/..."), which is what the validator, /openapi.yaml and /docs get. What a $ref to
// another file names is written out where it is first used (the components first, so that a
// schema lands under its own name), and every later $ref to it points there; a recursive schema
// stays recursive. Where each part came from is kept (grafts), so that a fault found in the
// bundled document is reported at the file and line where it is written.
import { escapePointerSegment, unescapePointerSegment } from '../json-pointer.js';
import { type CollectedSources, problemAt, refDocument } from './collect-sources.js';
import { type ContractLimits, describeCount, raiseWith } from './contract-limits.js';
import type { ContractProblem } from './contract-refusal.js';
import type { ParsedSource } from './parsed-source.js';
import { SourceReadError } from './source-reader.js';

/** Where a part of the bundled document was copied from. */
export type Graft = { source: ParsedSource; segments: readonly string[] };

export type BundledDocument = {
  document: Record<string, unknown>;
  /** By the bundled pointer where each copied part starts ("" for the first file). */
  grafts: ReadonlyMap<string, Graft>;
  problems: ContractProblem[];
};

/** Keywords that only describe: a $ref beside them is written out with them on top. */
const ANNOTATIONS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'default',
  '$comment',
  'externalDocs',
]);
const isAnnotation = (key: string) => ANNOTATIONS.has(key) || key.startsWith('x-');

/** Refs are followed this many times in a row at most (a chain of $refs to $refs). */
const MAX_REF_HOPS = 64;

export const toPointer = (segments: readonly string[]) =>
  segments.map((segment) => `/${escapePointerSegment(segment)}`).join('');

/** Characters a URI fragment may hold as they are (RFC 3986, section 3.5); others are percent-encoded. */
const FRAGMENT_CHARACTER = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?]$/;

/** A local $ref to `segments`: "#/paths/~1pets~1%7BpetId%7D" (a valid URI, as OpenAPI wants). */
const localRef = (segments: readonly string[]) =>
  `#${[...toPointer(segments)].map((character) => (FRAGMENT_CHARACTER.test(character) ? character : encodeURIComponent(character))).join('')}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const refOf = (value: unknown) => (isObject(value) && typeof value.$ref === 'string' ? value.$ref : undefined);

/** A property set without ever touching the prototype ("__proto__" is a key like any other). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

class RefProblem extends Error {}
/** A fault already reported at another $ref (a cycle, found from each of its members). */
class AlreadyReported extends Error {}

/** "#/a/b%7Bc%7D" -> ["a", "b{c}"]. */
function fragmentSegments(hash: string): string[] {
  let pointer = hash.replace(/^#/, '');
  try {
    pointer = decodeURIComponent(pointer);
  } catch {
    // Left as written: not percent-encoded after all.
  }
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) {
    throw new RefProblem(
      `its fragment "#${pointer}" is not a JSON pointer (names such as $anchor are not followed). Write it as "#/path/to/value".`,
    );
  }
  return pointer.split('/').slice(1).map(unescapePointerSegment);
}

type Address = { source: ParsedSource; segments: string[] };
const addressKey = ({ source, segments }: Address) => `${source.id}#${toPointer(segments)}`;

export function bundleDocument(collected: CollectedSources, limits: ContractLimits): BundledDocument {
  const { root } = collected;
  const grafts = new Map<string, Graft>([['', { source: root, segments: [] }]]);
  const problems: ContractProblem[] = [];
  /** Where each external target was written out, by address. */
  const written = new Map<string, string[]>();
  const reportedCycles = new Set<string>();
  let nodes = 0;
  /** Arrays on the path being copied, and whether passing their bound was said (once is enough). */
  let arrays = 0;
  let arraysReported = false;

  /** The source a $ref leads to, or a RefProblem (a refused document was reported when collected). */
  function documentOf(ref: string, from: ParsedSource): ParsedSource | undefined {
    const target = refDocument(ref, from.base);
    if (target === undefined) return from;
    return collected.byTarget.get(target.href);
  }

  /**
   * Where a $ref leads, as the address of a value that is not reached through another $ref: a
   * pointer that passes through one follows it, as resolvers do. Undefined when the document was
   * refused (already reported).
   */
  function resolveRef(ref: string, from: ParsedSource, depth = 0): Address | undefined {
    const source = documentOf(ref, from);
    if (!source) return undefined;
    return resolveIn(source, fragmentSegments(new URL(ref, from.base).hash), from, depth);
  }

  function resolveIn(source: ParsedSource, segments: string[], from: ParsedSource, depth: number): Address | undefined {
    if (depth > MAX_REF_HOPS) throw new RefProblem('it is part of a cycle of $refs that never reaches a value.');
    let value: unknown = source.value;
    for (let index = 0; index < segments.length; index += 1) {
      const inner = refOf(value);
      if (inner !== undefined) {
        const next = resolveRef(inner, source, depth + 1);
        if (!next) return undefined;
        return resolveIn(next.source, [...next.segments, ...segments.slice(index)], from, depth + 1);
      }
      const segment = segments[index] as string;
      if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) {
        throw new RefProblem(
          `${source === from ? 'this file' : source.shown} has nothing at ${toPointer(segments.slice(0, index + 1))}.`,
        );
      }
      value = (value as Record<string, unknown>)[segment];
    }
    return { source, segments };
  }

  /** Where a target, or a value that holds it, was written out already: a $ref can point there. */
  function placeOf(target: Address): string[] | undefined {
    for (let length = target.segments.length; length >= 0; length -= 1) {
      const place = written.get(addressKey({ source: target.source, segments: target.segments.slice(0, length) }));
      if (place) return [...place, ...target.segments.slice(length)];
    }
    return undefined;
  }

  function valueAt({ source, segments }: Address): unknown {
    let value: unknown = source.value;
    for (const segment of segments) value = (value as Record<string, unknown>)[segment];
    return value;
  }

  /**
   * Refuses a chain of $refs that comes back to itself before reaching a value, once per cycle. A
   * $ref further along the chain that cannot be followed is reported where it is written, when
   * its own place is copied, not at every $ref that leads to it.
   */
  function checkChain(start: Address): void {
    const seen: string[] = [];
    let address: Address | undefined = start;
    while (address) {
      const key = addressKey(address);
      if (seen.includes(key)) {
        const cycle = seen.slice(seen.indexOf(key)).sort().join(' ');
        if (reportedCycles.has(cycle)) throw new AlreadyReported();
        reportedCycles.add(cycle);
        throw new RefProblem('it is part of a cycle of $refs that never reaches a value.');
      }
      seen.push(key);
      const next = refOf(valueAt(address));
      try {
        address = next === undefined ? undefined : resolveRef(next, address.source);
      } catch (error) {
        if (!(error instanceof RefProblem)) throw error;
        return;
      }
    }
  }

  function copy(value: unknown, at: string[], source: ParsedSource, from: string[]): unknown {
    nodes += 1;
    if (nodes > limits.nodes) {
      throw new SourceReadError(
        `bundled into one document, the contract holds more than ${limits.nodes.toLocaleString('en')} values. Check its $refs.`,
        'limit',
      );
    }
    if (at.length > limits.depth) {
      throw new SourceReadError(
        `bundled into one document, the contract nests values more than ${limits.depth} deep (at ${toPointer(at)}).`,
        'limit',
      );
    }
    if (Array.isArray(value)) return copyArray(value, at, source, from);
    if (!isObject(value)) return value;
    if (typeof value.$ref === 'string')
      return copyRef(value as Record<string, unknown> & { $ref: string }, at, source, from);
    const copied: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwn(copied, key, copyChild(value[key], at, source, from, key));
    return copied;
  }

  /** Counted on the bundled path: a $ref to another file may carry an array into one. */
  function copyArray(value: unknown[], at: string[], source: ParsedSource, from: string[]): unknown {
    if (arrays >= limits.arrayDepth) {
      if (!arraysReported) {
        const message = `arrays are nested more than ${describeCount(limits.arrayDepth)} deep here, objects between them not counted ${raiseWith('arrayDepth')}.`;
        problems.push(problemAt(source, from, 'limit', message));
      }
      arraysReported = true;
      return null;
    }
    arrays += 1;
    try {
      return value.map((item, index) => copyChild(item, at, source, from, String(index)));
    } finally {
      arrays -= 1;
    }
  }

  function copyChild(value: unknown, at: string[], source: ParsedSource, from: string[], key: string): unknown {
    at.push(key);
    from.push(key);
    try {
      return copy(value, at, source, from);
    } finally {
      at.pop();
      from.pop();
    }
  }

  function copyRef(
    reference: Record<string, unknown> & { $ref: string },
    at: string[],
    source: ParsedSource,
    from: string[],
  ): unknown {
    const { $ref: ref, ...siblings } = reference;
    let target: Address | undefined;
    try {
      target = resolveRef(ref, source);
      if (target) checkChain(target);
    } catch (error) {
      if (error instanceof AlreadyReported) return null;
      if (!(error instanceof RefProblem)) throw error;
      problems.push(problemAt(source, [...from, '$ref'], 'reference', `$ref "${ref}": ${error.message}`));
      return null;
    }
    if (!target) return null;
    const copiedSiblings: Record<string, unknown> = {};
    for (const key of Object.keys(siblings))
      setOwn(copiedSiblings, key, copyChild(siblings[key], at, source, from, key));
    // The first file's own values stay where they are: a $ref into it stays one.
    if (target.source === root) return { $ref: localRef(target.segments), ...copiedSiblings };
    const key = addressKey(target);
    const keys = Object.keys(siblings);
    const place = placeOf(target);
    if (keys.length === 0 && place) return { $ref: localRef(place) };
    if (keys.every(isAnnotation)) {
      // Written out here; later $refs point here only when nothing was laid on top.
      if (keys.length === 0) written.set(key, [...at]);
      const content = writeOut(target, at);
      if (keys.length > 0)
        for (const key of keys) grafts.set(toPointer([...at, key]), { source, segments: [...from, key] });
      return isObject(content) ? { ...content, ...copiedSiblings } : content;
    }
    // Keywords that constrain beside a $ref apply with it (JSON Schema 2020-12, section 8.2.3.1): allOf keeps both.
    const allOf = Array.isArray(copiedSiblings.allOf) ? copiedSiblings.allOf : [];
    const inAllOf = [...at, 'allOf', String(allOf.length)];
    if (!place) written.set(key, inAllOf);
    const content = place ? { $ref: localRef(place) } : writeOut(target, inAllOf);
    return { ...copiedSiblings, allOf: [...allOf, content] };
  }

  function writeOut(target: Address, at: string[]): unknown {
    grafts.set(toPointer(at), { source: target.source, segments: target.segments });
    return copy(valueAt(target), [...at], target.source, [...target.segments]);
  }

  // The components first: a schema named there is written out under its name, not in a path.
  const document: Record<string, unknown> = {};
  const rootValue = isObject(root.value) ? root.value : {};
  const order = Object.keys(rootValue).sort((a, b) => Number(b === 'components') - Number(a === 'components'));
  const copiedByKey = new Map<string, unknown>();
  for (const key of order) copiedByKey.set(key, copyChild(rootValue[key], [], root, [], key));
  for (const key of Object.keys(rootValue)) setOwn(document, key, copiedByKey.get(key));
  return { document, grafts, problems };
}
