// Ajv scans every schema it adds for the `$id`s and anchors inside it (`getSchemaRefs`), walking
// all of it. express-openapi-validator adds each route's schemas with the whole document's
// `paths` and `components` beside them, so every route's first request walked the whole
// document again: ~4 s a route on a draft of 2,500 paths, the server answering nothing
// meanwhile. The scan is given instead a view of those two parts that keeps only the branches
// leading to a node with an id or anchor (that node whole, as Ajv keeps what it finds), made
// once per part: the same pointers, the same finds, and Ajv still does the scan.
import { createRequire } from 'node:module';

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

function remember(node: object, schemaId: string, view: View): View {
  let byId = views.get(node);
  if (byId === undefined) {
    byId = new Map();
    views.set(node, byId);
  }
  byId.set(schemaId, view);
  return view;
}

type Frame = {
  node: Record<string, unknown>;
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

/** `part` as the scan needs to see it, or NOTHING; walked without recursion, each node once. */
export function refScanView(part: object, schemaId: string): View {
  const known = (node: Record<string, unknown>): View | undefined => {
    const view = views.get(node)?.get(schemaId);
    if (view !== undefined) return view;
    return carriesId(node, schemaId) ? remember(node, schemaId, node) : undefined;
  };
  const start = part as Record<string, unknown>;
  const first = known(start);
  if (first !== undefined) return first;
  const open = (node: Record<string, unknown>): Frame => ({ node, entries: Object.entries(node), at: 0, kept: [] });
  const stack: Frame[] = [open(start)];
  const onPath = new Set<object>([start]);
  let result: View = NOTHING;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const entry = frame.entries[frame.at];
    if (entry !== undefined) {
      frame.at += 1;
      const [key, child] = entry;
      if (!isObject(child)) continue;
      // A cycle is kept as it is: the scan meets it as it would have.
      const view = onPath.has(child) ? child : known(child);
      if (view === undefined) {
        stack.push(open(child));
        onPath.add(child);
      } else if (view !== NOTHING) frame.kept.push([key, view]);
      continue;
    }
    stack.pop();
    onPath.delete(frame.node);
    const view = remember(frame.node, schemaId, viewOfFinished(frame));
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
        const view = refScanView(part, schemaId);
        if (view === NOTHING) delete seen[name];
        else seen[name] = view;
      }
      return scan.call(this, seen, baseId);
    };
    resolve[SCANNED] = true;
  }
}
