// Where a value of a JSON file is written, found by reading its text along one pointer: no tree of
// the file is made. The `yaml` package's tree of a 4 MB draft of two million values took 37 s and
// 1.7 GB, for a message that needs one line.
export type Position = { line: number; column: number };

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

function skipSpace(text: string, at: number): number {
  let index = at;
  while (index < text.length && isSpace(text.charCodeAt(index))) index += 1;
  return index;
}

/** The index just past the string that opens at `at` (its quote). */
function endOfString(text: string, at: number): number {
  let index = at + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) index += 2;
    else if (code === 0x22) return index + 1;
    else index += 1;
  }
  return index;
}

/** The index just past the value that starts at `at`. */
function endOfValue(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === 0x22) return endOfString(text, at);
  if (first !== 0x7b && first !== 0x5b) {
    let index = at;
    while (index < text.length && !/[\s,\]}]/.test(text.charAt(index))) index += 1;
    return index;
  }
  let open = 0;
  let index = at;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      index = endOfString(text, index);
      continue;
    }
    if (code === 0x7b || code === 0x5b) open += 1;
    else if (code === 0x7d || code === 0x5d) {
      open -= 1;
      if (open === 0) return index + 1;
    }
    index += 1;
  }
  return index;
}

type Member = { keyAt: number; valueAt: number };

/** The members of the object at `at` by name (the last of a name, as JSON.parse takes it). */
function membersOf(text: string, at: number): Map<string, Member> {
  const members = new Map<string, Member>();
  let index = skipSpace(text, at + 1);
  while (index < text.length && text.charCodeAt(index) === 0x22) {
    const keyEnd = endOfString(text, index);
    const key = JSON.parse(text.slice(index, keyEnd)) as string;
    const valueAt = skipSpace(text, skipSpace(text, keyEnd) + 1);
    members.set(key, { keyAt: index, valueAt });
    index = skipSpace(text, endOfValue(text, valueAt));
    if (text.charCodeAt(index) !== 0x2c) break;
    index = skipSpace(text, index + 1);
  }
  return members;
}

/** Where each item of the array at `at` starts. */
function itemsOf(text: string, at: number): number[] {
  const items: number[] = [];
  let index = skipSpace(text, at + 1);
  while (index < text.length && text.charCodeAt(index) !== 0x5d) {
    items.push(index);
    index = skipSpace(text, endOfValue(text, index));
    if (text.charCodeAt(index) !== 0x2c) break;
    index = skipSpace(text, index + 1);
  }
  return items;
}

/**
 * The positions of one JSON text along pointers, each object and array read once whatever the
 * number of lookups: a draft of 400 answers to one operation had 1,601 warnings, each of which
 * read the whole document again (5.8 s of the server's thread, every request waiting).
 */
export function jsonPositionReader(text: string): (segments: readonly string[]) => Position {
  const members = new Map<number, Map<string, Member>>();
  const items = new Map<number, number[]>();

  function offsetOf(segments: readonly string[]): number {
    let at = skipSpace(text, 0);
    let found = at;
    for (const segment of segments) {
      const open = text.charCodeAt(at);
      let next: number | undefined;
      if (open === 0x7b) {
        const known = members.get(at) ?? membersOf(text, at);
        members.set(at, known);
        const member = known.get(segment);
        if (member) [found, next] = [member.keyAt, member.valueAt];
      } else if (open === 0x5b && /^(0|[1-9]\d*)$/.test(segment)) {
        const known = items.get(at) ?? itemsOf(text, at);
        items.set(at, known);
        next = known[Number(segment)];
        if (next !== undefined) found = next;
      }
      if (next === undefined) break;
      at = next;
    }
    return found;
  }

  const positionAt = offsetPositions(text);
  return (segments) => positionAt(offsetOf(segments));
}

/** The 1-based line and column of offsets of `text`, its lines found once, when first asked. */
export function offsetPositions(text: string): (offset: number) => Position {
  let lineStarts: Uint32Array | undefined;
  return (offset) => {
    lineStarts ??= startsOfLines(text);
    // The last line that starts at or before the offset.
    let [low, high] = [0, lineStarts.length - 1];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((lineStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] as number) + 1 };
  };
}

/** Where each line starts, 4 bytes a line (a 1.5 million-line draft: 6 MB, where an array took several times that). */
function startsOfLines(text: string): Uint32Array {
  let lines = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  const starts = new Uint32Array(lines);
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    starts[line] = index + 1;
    line += 1;
  }
  return starts;
}
