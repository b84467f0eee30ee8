// The strongly connected components of a graph, by Tarjan's algorithm, without recursion, so that
// a chain of any length takes no stack; and its cycles: the components that hold one (two members
// or more, or one that leads to itself).

/**
 * Each strongly connected component of the graph reached from `starts` along `next`, its members
 * in the order found. A component comes after every component it leads to.
 */
export function stronglyConnected<T>(starts: Iterable<T>, next: (member: T) => readonly T[]): T[][] {
  const order = new Map<T, number>();
  const low = new Map<T, number>();
  const onStack = new Set<T>();
  const stack: T[] = [];
  const components: T[][] = [];
  const enter = (member: T) => {
    order.set(member, order.size);
    low.set(member, order.size - 1);
    stack.push(member);
    onStack.add(member);
  };
  for (const start of starts) {
    if (order.has(start)) continue;
    enter(start);
    const walk: Array<{ member: T; children: readonly T[]; next: number }> = [
      { member: start, children: next(start), next: 0 },
    ];
    while (walk.length > 0) {
      const top = walk[walk.length - 1] as (typeof walk)[number];
      if (top.next < top.children.length) {
        const child = top.children[top.next] as T;
        top.next += 1;
        if (!order.has(child)) {
          enter(child);
          walk.push({ member: child, children: next(child), next: 0 });
        } else if (onStack.has(child)) {
          low.set(top.member, Math.min(low.get(top.member) as number, order.get(child) as number));
        }
        continue;
      }
      walk.pop();
      const parent = walk[walk.length - 1];
      if (parent) low.set(parent.member, Math.min(low.get(parent.member) as number, low.get(top.member) as number));
      if (low.get(top.member) !== order.get(top.member)) continue;
      const component: T[] = [];
      for (;;) {
        const member = stack.pop() as T;
        onStack.delete(member);
        component.push(member);
        if (member === top.member) break;
      }
      components.push(component.reverse());
    }
  }
  return components;
}

/** Each cycle of the graph reached from `starts` along `next`, its members in the order found. */
export function findCycles<T>(starts: Iterable<T>, next: (member: T) => readonly T[]): T[][] {
  return stronglyConnected(starts, next).filter(
    (component) => component.length > 1 || next(component[0] as T).includes(component[0] as T),
  );
}
