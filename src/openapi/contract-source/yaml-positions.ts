// Where a value of a YAML file is written, kept from the one parse that read it: js-yaml's events
// (offsets into the text) reduced to typed arrays of about 10 bytes a value, walked along the
// pointer asked for. The `yaml` package's tree, made again for a message that needs one line, took
// 2 GB and 35 s for a 4 MB draft of two million values.
import { EVENT_ID, type Event, getScalarValue, SCALAR_STYLE, type ScalarEvent } from 'js-yaml';

/** The events of one document: type, where each is written, and what decoding a scalar needs. */
type EventIndex = {
  text: string;
  types: Uint8Array;
  /** Where the value is written (its tag or anchor first), -1 when it is not (an empty scalar). */
  starts: Int32Array;
  /** A scalar's value range (an alias's anchor name). */
  valueStarts: Int32Array;
  valueEnds: Int32Array;
  /** A scalar's style, chomping and fast flag, packed. */
  styles: Uint8Array;
  /** A block scalar's indent (rare: by event index). */
  indents: Map<number, number>;
  /** The events each anchor name is given to, in order. */
  anchors: Map<string, number[]>;
};

/** How many merge keys (<<) deep a member is looked for. */
const MERGE_DEPTH = 4;

const isQuoted = (style: number) => style === SCALAR_STYLE.SINGLE_QUOTED || style === SCALAR_STYLE.DOUBLE_QUOTED;

function startOf(event: Event): number {
  if (!('anchorStart' in event)) return -1;
  if (event.type === EVENT_ID.ALIAS) return event.anchorStart - 1;
  // A tag (!t) or an anchor (&name, its range the name's) is written before the value.
  const tag = event.tagStart;
  const anchor = event.anchorStart >= 0 ? event.anchorStart - 1 : -1;
  if (tag >= 0 || anchor >= 0) return tag >= 0 && anchor >= 0 ? Math.min(tag, anchor) : Math.max(tag, anchor);
  if (event.type !== EVENT_ID.SCALAR) return event.start;
  return event.valueStart >= 0 && isQuoted(event.style) ? event.valueStart - 1 : event.valueStart;
}

function indexEvents(text: string, events: readonly Event[]): EventIndex {
  const count = events.length;
  const index: EventIndex = {
    text,
    types: new Uint8Array(count),
    starts: new Int32Array(count),
    valueStarts: new Int32Array(count),
    valueEnds: new Int32Array(count),
    styles: new Uint8Array(count),
    indents: new Map(),
    anchors: new Map(),
  };
  events.forEach((event, at) => {
    index.types[at] = event.type;
    index.starts[at] = startOf(event);
    if (event.type === EVENT_ID.SCALAR) {
      index.valueStarts[at] = event.valueStart;
      index.valueEnds[at] = event.valueEnd;
      index.styles[at] = event.style | (event.chomping << 3) | (event.fast ? 1 << 5 : 0);
      if (event.indent >= 0) index.indents.set(at, event.indent);
    } else if (event.type === EVENT_ID.ALIAS) {
      index.valueStarts[at] = event.anchorStart;
      index.valueEnds[at] = event.anchorEnd;
    }
    if (event.type !== EVENT_ID.ALIAS && 'anchorStart' in event && event.anchorStart >= 0) {
      const name = text.slice(event.anchorStart, event.anchorEnd);
      const given = index.anchors.get(name) ?? [];
      given.push(at);
      index.anchors.set(name, given);
    }
  });
  return index;
}

function scalarText(index: EventIndex, at: number): string {
  const packed = index.styles[at] ?? 0;
  const scalar = {
    type: EVENT_ID.SCALAR,
    valueStart: index.valueStarts[at] ?? -1,
    valueEnd: index.valueEnds[at] ?? -1,
    anchorStart: -1,
    anchorEnd: -1,
    tagStart: -1,
    tagEnd: -1,
    style: packed & 0b111,
    chomping: (packed >> 3) & 0b11,
    indent: index.indents.get(at) ?? -1,
    fast: (packed & (1 << 5)) !== 0,
  } as ScalarEvent;
  return getScalarValue(index.text, scalar);
}

const isCollection = (type: number | undefined) => type === EVENT_ID.SEQUENCE || type === EVENT_ID.MAPPING;

/** The event just past the value that starts at `at` (past its closing event, for a collection). */
function after(index: EventIndex, at: number): number {
  if (!isCollection(index.types[at])) return at + 1;
  let open = 0;
  let next = at;
  do {
    const type = index.types[next];
    if (isCollection(type)) open += 1;
    else if (type === EVENT_ID.POP) open -= 1;
    next += 1;
  } while (open > 0 && next < index.types.length);
  return next;
}

/** The value an alias stands for: the last event before it given its anchor. */
function resolved(index: EventIndex, at: number): number {
  if (index.types[at] !== EVENT_ID.ALIAS) return at;
  const name = index.text.slice(index.valueStarts[at], index.valueEnds[at]);
  const given = index.anchors.get(name) ?? [];
  return given.filter((anchored) => anchored < at).pop() ?? at;
}

type Step = { at: number; node: number };

function memberOf(index: EventIndex, mapping: number, name: string, merges: number): Step | undefined {
  let found: Step | undefined;
  let merged: number | undefined;
  let key = mapping + 1;
  while (key < index.types.length && index.types[key] !== EVENT_ID.POP) {
    const value = after(index, key);
    if (index.types[key] === EVENT_ID.SCALAR) {
      const text = scalarText(index, key);
      if (text === name) found = { at: index.starts[key] ?? -1, node: value };
      else if (text === '<<' && ((index.styles[key] ?? 0) & 0b111) === SCALAR_STYLE.PLAIN) merged = value;
    }
    key = after(index, value);
  }
  if (found || merged === undefined || merges === 0) return found;
  // A member merged in (<<: *base, or a list of them): where the merged mapping writes it.
  const source = resolved(index, merged);
  const sources = index.types[source] === EVENT_ID.SEQUENCE ? itemsOf(index, source) : [source];
  for (const candidate of sources) {
    const base = resolved(index, candidate);
    const step = index.types[base] === EVENT_ID.MAPPING ? memberOf(index, base, name, merges - 1) : undefined;
    if (step) return step;
  }
  return undefined;
}

function itemsOf(index: EventIndex, sequence: number): number[] {
  const items: number[] = [];
  for (let item = sequence + 1; item < index.types.length && index.types[item] !== EVENT_ID.POP; ) {
    items.push(item);
    item = after(index, item);
  }
  return items;
}

function itemOf(index: EventIndex, sequence: number, wanted: number): Step | undefined {
  let item = sequence + 1;
  for (let count = 0; item < index.types.length && index.types[item] !== EVENT_ID.POP; count += 1) {
    if (count === wanted) return { at: index.starts[item] ?? -1, node: item };
    item = after(index, item);
  }
  return undefined;
}

/** Where `segments` lead in the document (a member's key), or the nearest parent that is written. */
function offsetAlong(index: EventIndex, segments: readonly string[]): number | undefined {
  // Event 0 opens the document; its value comes next.
  let node = 1;
  let offset = index.starts[node] ?? -1;
  for (const segment of segments) {
    node = resolved(index, node);
    const type = index.types[node];
    const step =
      type === EVENT_ID.MAPPING
        ? memberOf(index, node, segment, MERGE_DEPTH)
        : type === EVENT_ID.SEQUENCE && /^(0|[1-9]\d*)$/.test(segment)
          ? itemOf(index, node, Number(segment))
          : undefined;
    if (!step) break;
    if (step.at >= 0) offset = step.at;
    node = step.node;
  }
  return offset >= 0 ? offset : undefined;
}

/** Where the values of a one-document YAML text are written, from its parser's events. */
export function yamlOffsets(
  text: string,
  events: readonly Event[],
): (segments: readonly string[]) => number | undefined {
  const index = events.length > 1 ? indexEvents(text, events) : undefined;
  return (segments) => (index ? offsetAlong(index, segments) : undefined);
}
