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

/** The member `name` of the object at `at` (the last of that name, as JSON.parse takes it). */
function findMember(text: string, at: number, name: string): Member | undefined {
  let found: Member | undefined;
  let index = skipSpace(text, at + 1);
  while (index < text.length && text.charCodeAt(index) === 0x22) {
    const keyEnd = endOfString(text, index);
    const key = JSON.parse(text.slice(index, keyEnd)) as string;
    const valueAt = skipSpace(text, skipSpace(text, keyEnd) + 1);
    if (key === name) found = { keyAt: index, valueAt };
    index = skipSpace(text, endOfValue(text, valueAt));
    if (text.charCodeAt(index) !== 0x2c) break;
    index = skipSpace(text, index + 1);
  }
  return found;
}

/** Where item `wanted` of the array at `at` starts. */
function findItem(text: string, at: number, wanted: number): number | undefined {
  let index = skipSpace(text, at + 1);
  for (let item = 0; index < text.length && text.charCodeAt(index) !== 0x5d; item += 1) {
    if (item === wanted) return index;
    index = skipSpace(text, endOfValue(text, index));
    if (text.charCodeAt(index) !== 0x2c) return undefined;
    index = skipSpace(text, index + 1);
  }
  return undefined;
}

/** Where `segments` lead in a JSON text (a member's key), or the nearest parent that is there. */
export function jsonOffsetOf(text: string, segments: readonly string[]): number {
  let at = skipSpace(text, 0);
  let found = at;
  for (const segment of segments) {
    const open = text.charCodeAt(at);
    if (open === 0x7b) {
      const member = findMember(text, at, segment);
      if (!member) break;
      found = member.keyAt;
      at = member.valueAt;
    } else if (open === 0x5b && /^(0|[1-9]\d*)$/.test(segment)) {
      const item = findItem(text, at, Number(segment));
      if (item === undefined) break;
      found = item;
      at = item;
    } else break;
  }
  return found;
}

/** The 1-based line and column of an offset. */
export function positionOfOffset(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
