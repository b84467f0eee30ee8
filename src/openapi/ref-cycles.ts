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
