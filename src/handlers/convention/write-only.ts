// Answers never carry a writeOnly property (OpenAPI: "sent in a request, never in an answer"): a
// card's cvc inside a payment's source, a password inside a user. A record stores what its create
// sent; its answers leave such fields out wherever the answer's schema marks them, however deep.
import { asObject, type JsonObject } from '../../openapi/json-pointer.js';
import { resolveSchema } from '../../openapi/schema-shape.js';

/** Where an answer's schema marks writeOnly properties: at this level, and below each property or item. */
type Marks = { writeOnly: Set<string>; below: Map<string, Marks>; items?: Marks };

const MAX_DEPTH = 12;

/** The schemas a value of `schema` may be read by: itself, its allOf, oneOf and anyOf parts. */
function partsOf(document: JsonObject, schema: unknown): JsonObject[] {
  const resolved = resolveSchema(document, schema);
  const branches = [resolved.oneOf, resolved.anyOf].flatMap((list) => (Array.isArray(list) ? list : []));
  return [resolved, ...branches.map((branch) => resolveSchema(document, branch))];
}

/**
 * The marks of `schema`, each schema read once (`seen`): a recursive one (a tree of categories)
 * reads as unmarked below itself, so that the walk stays linear in the document however wide it is.
 */
function marksOf(
  document: JsonObject,
  schema: unknown,
  seen: Map<unknown, Marks | undefined>,
  depth: number,
): Marks | undefined {
  // A schema is known by its $ref where it has one (the same $ref is the same schema), else by itself.
  const ref = asObject(schema).$ref;
  const key = typeof ref === 'string' ? ref : schema;
  if (seen.has(key) || depth > MAX_DEPTH) return seen.get(key);
  seen.set(key, undefined);
  const marks: Marks = { writeOnly: new Set(), below: new Map() };
  let any = false;
  for (const part of partsOf(document, schema)) {
    for (const [name, property] of Object.entries(asObject(part.properties))) {
      if (resolveSchema(document, property).writeOnly === true) {
        marks.writeOnly.add(name);
        any = true;
        continue;
      }
      const below = marksOf(document, property, seen, depth + 1);
      if (below) {
        marks.below.set(name, below);
        any = true;
      }
    }
    if (part.items !== undefined) {
      const items = marksOf(document, part.items, seen, depth + 1);
      if (items) {
        marks.items = items;
        any = true;
      }
    }
  }
  const found = any ? marks : undefined;
  seen.set(key, found);
  return found;
}

function strip(value: unknown, marks: Marks): unknown {
  if (Array.isArray(value)) return marks.items ? value.map((item) => strip(item, marks.items as Marks)) : value;
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (marks.writeOnly.has(name)) continue;
    const below = marks.below.get(name);
    kept[name] = below ? strip(field, below) : field;
  }
  return kept;
}

/** A function leaving an answer's writeOnly properties out; undefined when its schema marks none. */
export function writeOnlyStripper(document: JsonObject, schema: unknown): ((value: unknown) => unknown) | undefined {
  if (schema === undefined) return undefined;
  const marks = marksOf(document, schema, new Map(), 0);
  return marks ? (value) => strip(value, marks) : undefined;
}
