// Schemas of a draft that the mock could never serve, each named at the place that causes it:
// one no value fits (a maximum below its minimum, allOf parts of two types), one that applies
// itself to its own value (a cycle through allOf), one whose every value must hold another
// without end (a required property of its own type, an array of itself with minItems 1), and
// one whose smallest value passes the bounds of what the mock generates. A recursion with an end
// (an optional child, an array that may be empty: a tree of categories) is none of these.
import { type JsonObject, unescapePointerSegment } from '../json-pointer.js';
import { findInPlaceCycles } from '../schema-analysis/in-place-cycles.js';
import type { SchemaFacts } from '../schema-analysis/schema-facts.js';
import type { SchemaValue } from '../schema-analysis/schema-index.js';
import { inPlaceParts } from '../schema-analysis/schema-summary.js';
import type { SchemaNode } from '../schema-analysis/smallest-values.js';
import { findCycles } from '../schema-analysis/strongly-connected.js';
import type { OpenApiFault } from './check-openapi.js';
import { type ContractLimits, describeBytes, raiseWith } from './contract-limits.js';

const COMPONENT = /^\/components\/schemas\/([^/]+)(.*)$/;

/** A schema as a message names it: Pet, Pet.tags[], or its pointer when it is not under components. */
function nameAt(pointer: string): string {
  const match = COMPONENT.exec(pointer);
  if (!match) return `the schema at ${pointer}`;
  const [, name, rest = ''] = match;
  const path = rest
    .replace(/\/properties\/([^/]+)/g, '.$1')
    .replace(/\/items/g, '[]')
    .replace(/\/(allOf|anyOf|oneOf|prefixItems)\/(\d+)/g, '.$1[$2]')
    .replace(/\//g, '.');
  return unescapePointerSegment(`${name}${path}`);
}

type Checked = { schema: JsonObject; pointer: string; node: SchemaNode };

/**
 * A fault of a schema: one the mock cannot serve, one past a bound of contract-limits.ts, or one
 * it serves all the same: an optional property no value fits, which its object does without
 * (Plaid's `type: string` beside `enum: [true, false]`), never drawn and refused when sent.
 */
export type SchemaFault = OpenApiFault & { kind: 'unservable' | 'limit' | 'avoidable' };

const PROPERTY = /^(.*)\/properties\/([^/]+)$/;

/** Whether the schema at `pointer` is a property its object leaves optional, and the object has values. */
function isOptionalProperty(facts: SchemaFacts, pointer: string): boolean {
  const match = PROPERTY.exec(pointer);
  if (!match) return false;
  const [, parentPointer = '', escaped = ''] = match;
  const name = unescapePointerSegment(escaped);
  const parent = facts.index.target(`#${parentPointer}`);
  if (typeof parent !== 'object' || (Array.isArray(parent.required) && parent.required.includes(name))) return false;
  return facts.nodeOf([parent]).smallest !== undefined;
}

/** A request body or parameter written in place under an operation: what clients send. */
const IN_REQUEST = /^(\/paths\/[^/]+\/(?:[^/]+\/)?)(requestBody|parameters\/\d+)\//;

/**
 * Whether the schema at `pointer` is a request body's or a query, header or cookie parameter's,
 * which the mock never draws; not a path parameter's, whose bounds the keys it makes must meet.
 */
function isWrittenInRequest(facts: SchemaFacts, pointer: string): boolean {
  const match = IN_REQUEST.exec(pointer);
  if (!match) return false;
  const [, operation = '', member = ''] = match;
  if (member === 'requestBody') return true;
  const parameter = facts.index.target(`#${operation}${member}`);
  return typeof parameter === 'object' && parameter.in !== 'path';
}

export function checkSchemas(facts: SchemaFacts, limits: ContractLimits): SchemaFault[] {
  const { index } = facts;
  const pointerOf = (schema: SchemaValue) => (typeof schema === 'object' ? index.pointers.get(schema) : undefined);
  /** A node's name: its schema's, or for a bare $ref, the schema it names. */
  const nameOf = (schema: SchemaValue) => {
    const target =
      typeof schema === 'object' && typeof schema.$ref === 'string' ? index.target(schema.$ref) : undefined;
    const pointer = pointerOf(target ?? schema);
    return pointer === undefined ? 'a schema' : nameAt(pointer);
  };
  const faults: SchemaFault[] = [];
  for (const cycle of findInPlaceCycles(index)) {
    // A bare $ref is named as the schema it names: A → B → A, not A → B → B → A → A.
    const names = cycle.map(nameOf).filter((name, at, all) => at === 0 || name !== all[at - 1]);
    if (names.length > 1 && names[names.length - 1] === names[0]) names.pop();
    faults.push({
      kind: 'unservable',
      pointer: pointerOf(cycle[0] as SchemaValue) ?? '',
      message: `${names[0]} applies itself to its own value (${[...names, names[0]].join(' → ')}, through $ref, allOf, anyOf, oneOf or not): a validator would check a value against it for ever. Break the cycle; a schema may refer back to itself through a property or an item.`,
    });
  }
  const stuck: SchemaNode[] = [];
  const checked: Checked[] = [];
  const seen = new Set<SchemaNode>();
  for (const [schema, at] of index.pointers) {
    const node = facts.nodeOf([schema as JsonObject]);
    // One node for a schema and every bare $ref to it: checked once, named where it is written.
    const own = node.schemas[0];
    if (node.schemas.length !== 1 || typeof own !== 'object' || seen.has(node)) continue;
    seen.add(node);
    const pointer = pointerOf(own) ?? at;
    checked.push({ schema: own, pointer, node });
    if (node.smallest) continue;
    if (node.feasible.kinds.size === 0) {
      // Named where it is caused: a schema that is empty because a part of it is, is not named again.
      const inherited = inPlaceParts(own, index).some((part) => facts.nodeOf([part]).feasible.kinds.size === 0);
      if (!inherited) {
        const asked = isWrittenInRequest(facts, pointer);
        const avoidable = asked || isOptionalProperty(facts, pointer);
        const served = asked
          ? 'The mock never draws it, and refuses every request that sends one (400). '
          : 'The mock leaves it out of what it draws, and refuses a request that sends it. ';
        faults.push({
          kind: avoidable ? 'avoidable' : 'unservable',
          pointer,
          message: `no value fits ${nameAt(pointer)}: ${node.feasible.reasons.join('; ')}. ${avoidable ? served : ''}Fix its bounds, or its parts.`,
        });
      }
      continue;
    }
    stuck.push(node);
    for (const need of blockingNeeds(node)) {
      if (need.node.schemas.length > 1 && need.node.feasible.kinds.size === 0) {
        faults.push({
          kind: 'unservable',
          pointer,
          message: `no value fits the property ${need.label} of ${nameAt(pointer)}: it must fit ${need.node.schemas.length} schemas at once (from allOf parts), and ${need.node.feasible.reasons.join('; ')}.`,
        });
      }
    }
  }
  const found = faults.concat(endlessRecursions(stuck, nameOf, pointerOf));
  // The size of the smallest values is measured once every schema has one.
  return found.some((fault) => fault.kind !== 'avoidable') ? found : [...found, ...oversized(checked, facts, limits)];
}

/** The needs of a node's choices that no finite value fits: why it has none either. */
function blockingNeeds(node: SchemaNode) {
  return node.choices.flatMap((choice) => choice.needs.filter((need) => !need.node.smallest));
}

/** One fault per cycle of schemas each of whose values must hold another of the cycle. */
function endlessRecursions(
  stuck: readonly SchemaNode[],
  nameOf: (schema: SchemaValue) => string,
  pointerOf: (schema: SchemaValue) => string | undefined,
): SchemaFault[] {
  const next = (node: SchemaNode) => blockingNeeds(node).map((need) => need.node);
  return findCycles(stuck, next).map((cycle) => {
    const members = new Set(cycle);
    // Named at the schema written highest in the document (a component before its properties).
    const depthOf = (node: SchemaNode) => {
      const pointer = node.schemas.length === 1 ? pointerOf(node.schemas[0] as SchemaValue) : undefined;
      return pointer === undefined ? Number.POSITIVE_INFINITY : pointer.split('/').length;
    };
    const first = cycle.reduce((best, node) => (depthOf(node) < depthOf(best) ? node : best));
    const steps: string[] = [];
    let at = first;
    for (let step = 0; step < cycle.length; step += 1) {
      const need = blockingNeeds(at).find((candidate) => members.has(candidate.node));
      if (!need) break;
      steps.push(need.label === 'items' ? `at least ${need.times} item${need.times === 1 ? '' : 's'}` : need.label);
      at = need.node;
      if (at === first) break;
    }
    const name = nameOf(first.schemas[0] as SchemaValue);
    return {
      kind: 'unservable' as const,
      pointer: pointerOf(first.schemas[0] as SchemaValue) ?? '',
      message: `${name} has no end: each value of it must hold another through ${steps.join(', then ')}, and that one another, for ever, so no value can be written. Make a step optional: leave the property out of required, or let the array be empty (minItems 0).`,
    };
  });
}

/** Schemas whose smallest value passes valueBytes or valueDepth: the outermost of each chain, once. */
function oversized(checked: readonly Checked[], facts: SchemaFacts, limits: ContractLimits): SchemaFault[] {
  const over = (node: SchemaNode) =>
    node.smallest !== undefined && (node.smallest.bytes > limits.valueBytes || node.smallest.depth > limits.valueDepth);
  const inside = new Set<SchemaNode>();
  for (const { node } of checked) {
    if (!over(node)) continue;
    for (const need of node.smallest?.choice.needs ?? []) inside.add(need.node);
  }
  const faults: SchemaFault[] = [];
  for (const { schema, pointer, node } of checked) {
    if (!over(node) || inside.has(node)) continue;
    // A schema that is its part's value with more said (a $ref, an allOf) is named at that part.
    if (inPlaceParts(schema, facts.index).some((part) => over(facts.nodeOf([part])))) continue;
    const smallest = node.smallest as NonNullable<SchemaNode['smallest']>;
    faults.push(
      smallest.bytes > limits.valueBytes
        ? {
            kind: 'limit',
            pointer,
            message: `the smallest value of ${nameAt(pointer)} is ${describeBytes(smallest.bytes)} of JSON, more than the ${describeBytes(limits.valueBytes)} the mock generates for one value ${raiseWith('valueBytes')}. Lower the minItems, minLength or minProperties it asks for.`,
          }
        : {
            kind: 'limit',
            pointer,
            message: `the smallest value of ${nameAt(pointer)} nests objects and arrays ${smallest.depth} deep, more than the ${limits.valueDepth} the mock generates ${raiseWith('valueDepth')}. Make a step of it optional.`,
          },
    );
  }
  return faults;
}
