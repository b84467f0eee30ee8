// Paths alike but for their parameters' names, with a method in common (Xero's
// `/Contacts/{ContactID}`, a UUID, beside `/Contacts/{ContactNumber}`, any text): OpenAPI calls
// them identical, yet a real API tells them apart by the value. Where their parameters' schemas
// differ, a request goes to the first, narrowest first, whose parameters its values fit; where
// they do not, no value can tell them apart and the start refuses them (check-servable.ts).
import { asObject, type JsonObject, resolveLocalRef } from './json-pointer.js';
import { matcherOf } from './patterns/pattern-matchers.js';

/** The words of a path parameter's schema that a value is told by; empty for any text. */
export type ValueKind = { type?: string; format?: string; pattern?: string; enum?: readonly unknown[] };

const TOLD_FORMATS = new Set(['uuid', 'date', 'date-time', 'email', 'ipv4', 'ipv6']);
const TOLD_TYPES = new Set(['integer', 'number', 'boolean']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORMATS: Readonly<Record<string, (text: string) => boolean>> = {
  uuid: (text) => UUID.test(text),
  date: (text) => /^\d{4}-\d{2}-\d{2}$/.test(text),
  'date-time': (text) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text)),
  email: (text) => /^[^@\s]+@[^@\s]+$/.test(text),
  ipv4: (text) => /^(\d{1,3}\.){3}\d{1,3}$/.test(text),
  ipv6: (text) => text.includes(':') && /^[0-9a-f:.]+$/i.test(text),
};

/** What a path parameter's schema tells its values by. */
export function valueKindOf(document: JsonObject, rawSchema: unknown): ValueKind {
  const schema = resolveLocalRef(document, rawSchema);
  const kind: ValueKind = {};
  if (typeof schema.type === 'string' && TOLD_TYPES.has(schema.type)) kind.type = schema.type;
  if (typeof schema.format === 'string' && TOLD_FORMATS.has(schema.format)) kind.format = schema.format;
  if (typeof schema.pattern === 'string') kind.pattern = schema.pattern;
  if (Array.isArray(schema.enum)) kind.enum = schema.enum;
  else if (schema.const !== undefined) kind.enum = [schema.const];
  return kind;
}

/** How many words a kind is told by: the narrower, the sooner its path is tried. */
export const narrowness = (kind: ValueKind): number => Object.keys(kind).length;

export const sameKind = (one: ValueKind, other: ValueKind): boolean => JSON.stringify(one) === JSON.stringify(other);

/** Whether a path segment's text is a value of `kind`; a pattern that cannot be matched safely takes any. */
export function fitsKind(kind: ValueKind, text: string): boolean {
  if (kind.type === 'integer' && !/^-?\d+$/.test(text)) return false;
  if (kind.type === 'number' && (text.trim() === '' || !Number.isFinite(Number(text)))) return false;
  if (kind.type === 'boolean' && text !== 'true' && text !== 'false') return false;
  if (kind.format !== undefined && FORMATS[kind.format]?.(text) === false) return false;
  if (kind.enum !== undefined && !kind.enum.some((value) => String(value) === text)) return false;
  if (kind.pattern !== undefined) {
    try {
      if (!matcherOf(kind.pattern).test(text)) return false;
    } catch {
      // Refused at start (check-patterns.ts), or read by the validator alone.
    }
  }
  return true;
}

/** The schema of path parameter `name` for `method` at `path`: the operation's own, else its path item's. */
export function pathParameterSchema(document: JsonObject, path: string, method: string, name: string): unknown {
  const item = resolveLocalRef(document, asObject(document.paths)[path]);
  const operation = asObject(item[method]);
  for (const list of [operation.parameters, item.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const parameter = resolveLocalRef(document, entry);
      if (parameter.in === 'path' && parameter.name === name) return parameter.schema;
    }
  }
  return undefined;
}

/** The parameters' names of a path, in order, with each segment's position. */
export function pathParameterPositions(path: string): Array<[position: number, name: string]> {
  return path.split('/').flatMap((segment, position): Array<[number, string]> => {
    const name = /^\{([^}]*)\}$/.exec(segment)?.[1];
    return name === undefined ? [] : [[position, name]];
  });
}

/**
 * The kind of each parameter of `path` for `method` where `other` names the same segment
 * otherwise; two paths are told apart where one of these differs from the other's.
 */
export function differingKinds(
  document: JsonObject,
  path: string,
  other: string,
  method: string,
): Array<[position: number, one: ValueKind, theOther: ValueKind]> {
  const others = new Map(pathParameterPositions(other));
  return pathParameterPositions(path).flatMap(([position, name]): Array<[number, ValueKind, ValueKind]> => {
    const otherName = others.get(position);
    if (otherName === undefined || otherName === name) return [];
    return [
      [
        position,
        valueKindOf(document, pathParameterSchema(document, path, method, name)),
        valueKindOf(document, pathParameterSchema(document, other, method, otherName)),
      ],
    ];
  });
}
