// An object schema read as any of its oneOf or anyOf branches (DigitalOcean's droplet: one name
// or many; an Ory login of each method), one way for the mock and the suite: a value may hold what
// any branch names, must hold what every branch requires, and takes a default only where every
// branch gives it. Each side flattens schemas its own way; this walks the branches.
import { asObject, type JsonObject } from './json-pointer.js';

export type BranchUnion<P> = {
  /** Each property the schema or any of its branches names. */
  properties: ReadonlyMap<string, P>;
  /** The schema's own required, and what every branch requires. */
  required: ReadonlySet<string>;
  /** Whether a property it does not name breaks it: the schema is closed, or every branch is. */
  closed: boolean;
};

/** How one side reads a schema: flattened ($refs followed, allOf parts merged), and a property's schema. */
export type SchemaReader<P extends object> = {
  flatten: (schema: unknown) => JsonObject;
  property: (schema: unknown) => P;
};

/** Branches read at most, in all, for one schema: a contract's oneOf of oneOfs stays cheap. */
export const MOST_BRANCHES = 64;

type Budget = { left: number };

/**
 * A reading of `schema` joined with its branches', each $ref once on a path: a subtype that holds
 * its base (Cat = allOf [Pet, ...], Pet = oneOf [Cat, Dog]) brings the base's branches again, and
 * read again they would multiply with every level. Where the budget has no room for all the
 * branches of a schema, it is read by its own keywords.
 */
function readBranches<T>(
  flatten: (schema: unknown) => JsonObject,
  schema: unknown,
  read: { own: (flat: JsonObject) => T; join: (own: T, branches: T[]) => T },
  onPath: ReadonlySet<string>,
  budget: Budget,
): T {
  const flat = flatten(schema);
  const own = read.own(flat);
  const ref = asObject(schema).$ref;
  const path = typeof ref === 'string' ? new Set([...onPath, ref]) : onPath;
  const branches = [flat.oneOf, flat.anyOf]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .filter((branch) => {
      const branchRef = asObject(branch).$ref;
      return typeof branchRef !== 'string' || !path.has(branchRef);
    });
  if (branches.length === 0 || budget.left < branches.length) return own;
  budget.left -= branches.length;
  return read.join(
    own,
    branches.map((branch) => readBranches(flatten, branch, read, path, budget)),
  );
}

/** The properties a flattened schema names itself, each read by the reader. */
function ownProperties<P extends object>(reader: SchemaReader<P>, flat: JsonObject): Map<string, P> {
  return new Map(
    Object.entries(asObject(flat.properties)).map(([name, property]): [string, P] => [name, reader.property(property)]),
  );
}

function withoutDefault<P extends object>(property: P): P {
  const { default: _default, ...rest } = property as P & { default?: unknown };
  return rest as P;
}

/** The schema as any of its branches: all their properties, what all require. */
export function unionOfBranches<P extends object>(reader: SchemaReader<P>, schema: unknown): BranchUnion<P> {
  const own = (flat: JsonObject): BranchUnion<P> => ({
    properties: ownProperties(reader, flat),
    required: new Set(Array.isArray(flat.required) ? flat.required.map(String) : []),
    closed: flat.additionalProperties === false || flat.unevaluatedProperties === false,
  });
  const join = (mine: BranchUnion<P>, branches: BranchUnion<P>[]): BranchUnion<P> => {
    const properties = new Map(mine.properties);
    for (const branch of branches)
      for (const [name, property] of branch.properties)
        if (!properties.has(name))
          properties.set(
            name,
            branches.every((each) => each.properties.has(name)) ? property : withoutDefault(property),
          );
    const required = new Set(mine.required);
    for (const name of branches[0]?.required ?? [])
      if (branches.every((branch) => branch.required.has(name))) required.add(name);
    return { properties, required, closed: mine.closed || branches.every((branch) => branch.closed) };
  };
  return readBranches(reader.flatten, schema, { own, join }, new Set(), { left: MOST_BRANCHES });
}

/**
 * The properties every value of the schema reads alike: its own, and those every branch declares
 * by the same schema. A value one of them refuses breaks every branch, so the body; one only some
 * branches declare may still fit another (an Ory login flow's identifier).
 */
export function commonPropertiesOfBranches<P extends object>(
  reader: SchemaReader<P>,
  schema: unknown,
): ReadonlyMap<string, P> {
  const said = (property: P | undefined) => JSON.stringify(property);
  const join = (mine: Map<string, P>, branches: Map<string, P>[]): Map<string, P> => {
    const [first = new Map<string, P>(), ...others] = branches;
    const common = new Map(mine);
    for (const [name, property] of first)
      if (!common.has(name) && others.every((other) => said(other.get(name)) === said(property)))
        common.set(name, property);
    return common;
  };
  return readBranches(reader.flatten, schema, { own: (flat) => ownProperties(reader, flat), join }, new Set(), {
    left: MOST_BRANCHES,
  });
}
