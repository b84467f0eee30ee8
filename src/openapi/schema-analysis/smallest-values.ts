// The smallest value of each schema, measured before any is written: how many bytes of JSON and
// how deep. A schema no finite value fits (a required property of its own type, an array of
// itself with minItems 1, a part that nothing fits) has none. Found as Knuth's generalisation of
// Dijkstra's shortest paths finds the cheapest derivation of each symbol of a grammar (D. Knuth,
// "A generalization of Dijkstra's algorithm", 1977): each schema is a choice among its kinds or
// branches, each choice a sum over what it requires; the cheapest first, so each is final once
// taken. No recursion: a chain of schemas however long takes no stack.
import { type Feasibility, feasibility } from './feasible-kinds.js';
import type { SchemaIndex, SchemaValue } from './schema-index.js';
import { type Summary, summarise, type ValueKind } from './schema-summary.js';

/** One thing a value of a choice must hold: `times` values of `node` (an array's items, a property). */
export type Need = { node: SchemaNode; times: number; label: string };

/** One way to make a value of a schema: a kind of value, one of its listed values, or a branch of its anyOf/oneOf. */
export type Choice = {
  kind: ValueKind | 'listed' | 'branch';
  needs: Need[];
  /** Bytes of the value apart from what it needs. */
  bytes: number;
  /** The branch's index, for a branch. */
  branch?: number;
  /** The value, for a listed one. */
  value?: unknown;
};

export type Smallest = { bytes: number; depth: number; choice: Choice };

export type SchemaNode = {
  /** The schemas a value of the node fits at once: one, or the parts a property has in several allOf parts. */
  schemas: readonly SchemaValue[];
  summary: Summary;
  feasible: Feasibility;
  choices: Choice[];
  /** Undefined while (and if never) a finite value is found. */
  smallest?: Smallest;
};

const nesting = (value: unknown): number => {
  if (typeof value !== 'object' || value === null) return 0;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, nesting(child));
  return deepest + 1;
};

/** Keywords beside a $ref that say nothing of the values it allows. */
const ANNOTATIONS = new Set([
  '$ref',
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'externalDocs',
  'xml',
  'discriminator',
]);

const NUMBER_BYTES = 1;
/** An item or property whose schema says nothing: the generator writes a short word. */
const UNDESCRIBED_BYTES = 8;

function choicesOf(node: SchemaNode, nodeOf: (schemas: readonly SchemaValue[]) => SchemaNode): Choice[] {
  const { summary, feasible } = node;
  if (feasible.kinds.size === 0) return [];
  if (feasible.values !== undefined) {
    let best: Choice | undefined;
    for (const value of feasible.values) {
      const bytes = JSON.stringify(value)?.length ?? 4;
      if (!best || bytes < best.bytes) best = { kind: 'listed', needs: [], bytes, value };
    }
    return best ? [best] : [];
  }
  const group = summary.groups[0];
  if (group) {
    return group.map((branch, index) => ({
      kind: 'branch' as const,
      needs: [
        {
          node: nodeOf([branch]),
          times: 1,
          label: `${index + 1}${index === 0 ? 'st' : index === 1 ? 'nd' : index === 2 ? 'rd' : 'th'} branch`,
        },
      ],
      bytes: 0,
      branch: index,
    }));
  }
  const choices: Choice[] = [];
  for (const kind of feasible.kinds) {
    if (kind === 'null' || kind === 'boolean') choices.push({ kind, needs: [], bytes: 5 });
    else if (kind === 'integer' || kind === 'fraction') choices.push({ kind, needs: [], bytes: NUMBER_BYTES });
    else if (kind === 'string') choices.push({ kind, needs: [], bytes: summary.minLength + 2 });
    else if (kind === 'array') choices.push(arrayChoice(summary, nodeOf));
    else choices.push(objectChoice(summary, nodeOf));
  }
  return choices;
}

function arrayChoice(summary: Summary, nodeOf: (schemas: readonly SchemaValue[]) => SchemaNode): Choice {
  const needs: Need[] = [];
  let bytes = 2 + Math.max(0, summary.minItems - 1);
  const positioned = Math.min(summary.minItems, summary.prefixItems.length);
  for (let position = 0; position < positioned; position += 1) {
    needs.push({ node: nodeOf(summary.prefixItems[position] ?? []), times: 1, label: `item ${position + 1}` });
  }
  const rest = summary.minItems - positioned;
  if (rest > 0 && summary.items.length > 0) needs.push({ node: nodeOf(summary.items), times: rest, label: 'items' });
  else bytes += rest * UNDESCRIBED_BYTES;
  return { kind: 'array', needs, bytes };
}

function objectChoice(summary: Summary, nodeOf: (schemas: readonly SchemaValue[]) => SchemaNode): Choice {
  const needs: Need[] = [];
  let bytes = 2 + Math.max(0, summary.required.size - 1);
  for (const name of summary.required) {
    bytes += JSON.stringify(name).length + 1;
    const schemas = summary.properties.get(name) ?? summary.additional;
    if (schemas.length > 0) needs.push({ node: nodeOf(schemas), times: 1, label: name });
    else bytes += UNDESCRIBED_BYTES;
  }
  const extra = Math.max(0, summary.minProperties - summary.required.size);
  bytes += extra * (UNDESCRIBED_BYTES + 8);
  return { kind: 'object', needs, bytes };
}

/** A binary heap of choices ready to be taken, the smallest on top. */
class ReadyChoices {
  private readonly items: Array<{ node: SchemaNode; choice: Choice; bytes: number; depth: number }> = [];
  push(item: { node: SchemaNode; choice: Choice; bytes: number; depth: number }): void {
    const items = this.items;
    items.push(item);
    let at = items.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if ((items[parent] as typeof item).bytes <= item.bytes) break;
      items[at] = items[parent] as typeof item;
      at = parent;
    }
    items[at] = item;
  }
  pop() {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const child =
          right < items.length && (items[right] as typeof last).bytes < (items[left] as typeof last).bytes
            ? right
            : left;
        if ((items[child] as typeof last).bytes >= last.bytes) break;
        items[at] = items[child] as typeof last;
        at = child;
      }
      items[at] = last;
    }
    return top;
  }
  get size() {
    return this.items.length;
  }
}

export type SmallestValues = {
  /** The node of a set of schemas, made (and solved) on first ask. */
  nodeOf(schemas: readonly SchemaValue[]): SchemaNode;
};

export function createSmallestValues(index: SchemaIndex, openApi30: boolean): SmallestValues {
  const ids = new Map<object, number>();
  const idOf = (schema: SchemaValue) => {
    if (typeof schema === 'boolean') return schema ? 'T' : 'F';
    let id = ids.get(schema);
    if (id === undefined) {
      id = ids.size;
      ids.set(schema, id);
    }
    return String(id);
  };
  /**
   * A bare $ref (with only words beside it: a description, readOnly...) is the schema it names:
   * one node for both, so that a fault is named once, where the schema is written.
   */
  const unwrap = (schema: SchemaValue): SchemaValue => {
    let current = schema;
    for (let hops = 0; hops < 64 && typeof current === 'object' && typeof current.$ref === 'string'; hops += 1) {
      if (Object.keys(current).some((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-'))) break;
      const target = index.target(current.$ref);
      if (target === undefined) break;
      current = target;
    }
    return current;
  };
  const keyOf = (schemas: readonly SchemaValue[]) =>
    [...new Set(schemas.map((schema) => idOf(unwrap(schema))))].sort().join(',');
  const nodes = new Map<string, SchemaNode>();
  const waiting = new Map<SchemaNode, Array<{ node: SchemaNode; choice: Choice }>>();
  const pending = new Map<Choice, number>();
  const ready = new ReadyChoices();

  const measure = (node: SchemaNode, choice: Choice) => {
    let bytes = choice.bytes;
    let depth = 0;
    for (const need of choice.needs) {
      const smallest = need.node.smallest as Smallest;
      bytes += need.times * smallest.bytes;
      depth = Math.max(depth, smallest.depth);
    }
    const nested = choice.kind === 'array' || choice.kind === 'object' ? 1 : 0;
    if (choice.kind === 'listed') depth = nesting(choice.value);
    ready.push({ node, choice, bytes, depth: depth + nested });
  };

  function create(given: readonly SchemaValue[], key: string): SchemaNode {
    const schemas = [...new Set(given.map(unwrap))];
    const summary = summarise(schemas, index, openApi30);
    const node: SchemaNode = { schemas, summary, feasible: feasibility(summary), choices: [] };
    nodes.set(key, node);
    return node;
  }

  /** Makes the node and every node it needs, then takes every choice that can be taken. */
  function nodeOf(schemas: readonly SchemaValue[]): SchemaNode {
    const key = keyOf(schemas);
    const known = nodes.get(key);
    if (known) return known;
    const first = create(schemas, key);
    const made: SchemaNode[] = [first];
    const link = (wanted: readonly SchemaValue[]) => {
      const wantedKey = keyOf(wanted);
      const existing = nodes.get(wantedKey);
      if (existing) return existing;
      const node = create(wanted, wantedKey);
      made.push(node);
      return node;
    };
    for (let at = 0; at < made.length; at += 1) {
      const node = made[at] as SchemaNode;
      node.choices = choicesOf(node, link);
      for (const choice of node.choices) {
        const unsolved = new Set(choice.needs.map((need) => need.node).filter((need) => !need.smallest));
        pending.set(choice, unsolved.size);
        for (const need of unsolved) {
          const list = waiting.get(need) ?? [];
          list.push({ node, choice });
          waiting.set(need, list);
        }
        if (unsolved.size === 0) measure(node, choice);
      }
    }
    while (ready.size > 0) {
      const { node, choice, bytes, depth } = ready.pop() as NonNullable<ReturnType<ReadyChoices['pop']>>;
      if (node.smallest) continue;
      node.smallest = { bytes, depth, choice };
      for (const { node: parent, choice: parentChoice } of waiting.get(node) ?? []) {
        const left = (pending.get(parentChoice) as number) - 1;
        pending.set(parentChoice, left);
        if (left === 0 && !parent.smallest) measure(parent, parentChoice);
      }
      waiting.delete(node);
    }
    return first;
  }

  return { nodeOf };
}
