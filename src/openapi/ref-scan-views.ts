// Ajv scans every schema it adds for the `$id`s and anchors inside it (`getSchemaRefs`), walking
// all of it. express-openapi-validator adds each route's schemas with the whole document's
// `paths` and `components` beside them, so every route's first request walked the whole
// document again: ~4 s a route on a draft of 2,500 paths, the server answering nothing
// meanwhile. The scan is given instead a view of those two parts that keeps only the branches
// leading to a node with an id or anchor (that node whole, as Ajv keeps what it finds), made
// once per part: the same pointers, the same finds, and Ajv still does the scan. Examples and
// defaults are data: an `$id` member in one (Box's metadata examples) names no schema, and two
// alike made Ajv refuse the document ("resolves to more than one schema").
import { createRequire } from 'node:module';
import { memberHolds } from './document-members.js';

type Scan = (this: { opts: { schemaId?: string } }, schema: unknown, baseId?: string) => unknown;
type ResolveModule = { getSchemaRefs: Scan };

/** What the scan need not walk: a part with no id and no anchor anywhere in it. */
const NOTHING = Symbol('no id or anchor');
type View = unknown;

/** The parts of the document that express-openapi-validator puts beside each route's schema. */
const DOCUMENT_PARTS = ['paths', 'components'] as const;

const views = new WeakMap<object, Map<string, View>>();
const SCANNED = Symbol.for('petstore-mock.ref-scan-views');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function carriesId(node: Record<string, unknown>, schemaId: string): boolean {
  return (
    !Array.isArray(node) &&
    (typeof node[schemaId] === 'string' || typeof node.$anchor === 'string' || typeof node.$dynamicAnchor === 'string')
  );
}

/** Views are kept per id keyword, and per whether the node's keys are names. */
const cacheKey = (schemaId: string, names: boolean) => `${names ? 'names' : 'keywords'} ${schemaId}`;

function remember(node: object, key: string, view: View): View {
  let byKey = views.get(node);
  if (byKey === undefined) {
    byKey = new Map();
    views.set(node, byKey);
  }
  byKey.set(key, view);
  return view;
}

type Frame = {
  node: Record<string, unknown>;
  /** Its keys are names (of properties, schemas, responses), not keywords. */
  names: boolean;
  entries: Array<[string, unknown]>;
  at: number;
  kept: Array<[string, View]>;
};

function viewOfFinished(frame: Frame): View {
  if (frame.kept.length === 0) return NOTHING;
  if (Array.isArray(frame.node)) {
    // Placeholders keep the indices, and so the pointers, of what is kept.
    const copy: unknown[] = frame.node.map(() => ({}));
    for (const [index, view] of frame.kept) copy[Number(index)] = view;
    return copy;
  }
  return Object.fromEntries(frame.kept);
}

/**
 * `part` as the scan needs to see it, or NOTHING; walked without recursion, each node once.
 * `names`: the part's keys are names (`paths`), not keywords (`components`).
 */
export function refScanView(part: object, schemaId: string, names = false): View {
  const known = (node: Record<string, unknown>, names: boolean): View | undefined => {
    const view = views.get(node)?.get(cacheKey(schemaId, names));
    if (view !== undefined) return view;
    return !names && carriesId(node, schemaId) ? remember(node, cacheKey(schemaId, names), node) : undefined;
  };
  const start = part as Record<string, unknown>;
  const first = known(start, names);
  if (first !== undefined) return first;
  const open = (node: Record<string, unknown>, names: boolean): Frame => ({
    node,
    names,
    entries: Object.entries(node),
    at: 0,
    kept: [],
  });
  const stack: Frame[] = [open(start, names)];
  const onPath = new Set<object>([start]);
  let result: View = NOTHING;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const entry = frame.entries[frame.at];
    if (entry !== undefined) {
      frame.at += 1;
      const [key, child] = entry;
      const holds = memberHolds(key, frame.names);
      if (!isObject(child) || holds === 'data') continue;
      const names = holds === 'names';
      // A cycle is kept as it is: the scan meets it as it would have.
      const view = onPath.has(child) ? child : known(child, names);
      if (view === undefined) {
        stack.push(open(child, names));
        onPath.add(child);
      } else if (view !== NOTHING) frame.kept.push([key, view]);
      continue;
    }
    stack.pop();
    onPath.delete(frame.node);
    const view = remember(frame.node, cacheKey(schemaId, frame.names), viewOfFinished(frame));
    const parent = stack[stack.length - 1];
    if (parent === undefined) result = view;
    else if (view !== NOTHING) parent.kept.push([parent.entries[parent.at - 1]?.[0] as string, view]);
  }
  return result;
}

/**
 * Makes Ajv's scan walk the views, in the copy of Ajv each of `ajvUsers` (a module path, such as
 * the validator's or ajv-draft-04's) loads.
 */
export function scanDocumentPartsOnce(ajvUsers: string[]): void {
  for (const user of ajvUsers) {
    const resolve = createRequire(user)('ajv/dist/compile/resolve.js') as ResolveModule & { [SCANNED]?: true };
    if (resolve[SCANNED]) continue;
    const scan = resolve.getSchemaRefs;
    resolve.getSchemaRefs = function (schema, baseId) {
      if (!isObject(schema) || !DOCUMENT_PARTS.some((name) => isObject(schema[name]))) {
        return scan.call(this, schema, baseId);
      }
      const schemaId = this.opts.schemaId ?? '$id';
      const seen: Record<string, unknown> = { ...schema };
      for (const name of DOCUMENT_PARTS) {
        const part = schema[name];
        if (!isObject(part)) continue;
        const view = refScanView(part, schemaId, memberHolds(name, false) === 'names');
        if (view === NOTHING) delete seen[name];
        else seen[name] = view;
      }
      return scan.call(this, seen, baseId);
    };
    resolve[SCANNED] = true;
  }
}
