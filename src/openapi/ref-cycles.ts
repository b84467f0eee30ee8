// Whether a contract's schemas refer to themselves (a tree of categories, a pet with friends):
// express-openapi-validator cannot dereference such a document (its stack overflows), and reads
// it in its bundle mode instead.
import { type JsonObject, rawValueAt, refPointer } from './json-pointer.js';

/** The internal $refs written anywhere under a value, as pointers ("/components/schemas/Pet"). */
function refsUnder(value: unknown): string[] {
  const found: string[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#')) found.push(refPointer(ref));
    for (const child of Object.values(node)) if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return found;
}

export function hasRefCycle(document: JsonObject): boolean {
  const edges = new Map<string, string[]>();
  const state = new Map<string, 'visiting' | 'done'>();
  const targetsOf = (pointer: string) => {
    let targets = edges.get(pointer);
    if (!targets) {
      targets = refsUnder(rawValueAt(document, pointer));
      edges.set(pointer, targets);
    }
    return targets;
  };
  // Depth first, without recursion: a long chain of $refs cannot overflow the stack here either.
  for (const start of refsUnder(document)) {
    if (state.get(start) === 'done') continue;
    const path: Array<{ pointer: string; next: number }> = [{ pointer: start, next: 0 }];
    state.set(start, 'visiting');
    while (path.length > 0) {
      const top = path[path.length - 1] as { pointer: string; next: number };
      const targets = targetsOf(top.pointer);
      if (top.next >= targets.length) {
        state.set(top.pointer, 'done');
        path.pop();
        continue;
      }
      const target = targets[top.next] as string;
      top.next += 1;
      const seen = state.get(target);
      if (seen === 'visiting') return true;
      if (seen === undefined) {
        state.set(target, 'visiting');
        path.push({ pointer: target, next: 0 });
      }
    }
  }
  return false;
}

/** The objects and arrays under a value, $refs left out, and the local $refs among them. */
function ownPart(value: object): { objects: number; refs: string[] } {
  let objects = 1;
  const refs: string[] = [];
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop() as object;
    for (const child of Object.values(node)) {
      if (typeof child !== 'object' || child === null) continue;
      const ref = (child as { $ref?: unknown }).$ref;
      if (typeof ref === 'string' && ref.startsWith('#')) refs.push(refPointer(ref));
      else {
        objects += 1;
        stack.push(child);
      }
    }
  }
  return { objects, refs };
}

type Frame = { pointer: string; part: { objects: number; refs: string[] }; next: number; size: number };

/**
 * The objects and arrays a walk of the document with every local $ref replaced by its target
 * visits, a target counted again wherever it is named (Infinity when one names itself). A
 * dereferenced document shares its targets: a walker that does not know it (the validator's
 * traverse at load) walks each path to them, 4^12 paths for a `oneOf` of four branches at each
 * of twelve levels. Each target's size is kept: linear in the document, without recursion.
 */
export function dereferencedSize(document: JsonObject): number {
  const sizes = new Map<string, number>();
  const root = ownPart(document);
  const frames: Frame[] = [{ pointer: '', part: root, next: 0, size: root.objects }];
  const visiting = new Set<string>(['']);
  for (;;) {
    const top = frames[frames.length - 1] as Frame;
    const pointer = top.part.refs[top.next];
    if (pointer !== undefined) {
      top.next += 1;
      const known = sizes.get(pointer);
      const target = known === undefined ? rawValueAt(document, pointer) : undefined;
      if (known !== undefined) top.size += known;
      else if (visiting.has(pointer)) return Number.POSITIVE_INFINITY;
      else if (typeof target !== 'object' || target === null) top.size += 1;
      else {
        const part = ownPart(target);
        visiting.add(pointer);
        frames.push({ pointer, part, next: 0, size: part.objects });
      }
      continue;
    }
    frames.pop();
    const below = frames[frames.length - 1];
    if (below === undefined) return top.size;
    visiting.delete(top.pointer);
    sizes.set(top.pointer, top.size);
    below.size += top.size;
  }
}
