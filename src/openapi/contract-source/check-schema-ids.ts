// Ids and anchors a draft's schemas give themselves, each of which must name one schema: two
// schemas of one `$id` (or `$anchor`, `$dynamicAnchor`; `id` in OpenAPI 3.0's draft 4) leave a
// $ref to it two meanings, and every Ajv of the mock and the suite refuses the document ("resolves
// to more than one schema"), which stopped a start with a stack trace. Found as Ajv finds them
// (ref-scan-views.ts): in every member of the document that is no data (default, enum, example),
// each id resolved against the ids around it.
import { createRequire } from 'node:module';
import { memberHolds } from '../document-members.js';
import { escapePointerSegment, type JsonObject } from '../json-pointer.js';
import type { OpenApiFault } from './check-openapi.js';

type UriResolver = { resolve(base: string, ref: string): string };

const load = createRequire(import.meta.url);

/** Ajv's own: an anchor is a name of letters, digits and `-._`, not starting with a digit. */
const ANCHOR = /^[a-z_][-a-z0-9._]*$/i;

/** The base an Ajv gives the document it is handed under a key (the mock's "contract"). */
const DOCUMENT_BASE = 'contract';

type Pending = { node: unknown; pointer: string; names: boolean; base: string };

export function checkSchemaIds(document: JsonObject, openApi30: boolean): OpenApiFault[] {
  const uri = (load('ajv/dist/runtime/uri.js') as { default: UriResolver }).default;
  const { normalizeId } = load('ajv/dist/compile/resolve.js') as { normalizeId(id: string): string };
  const schemaId = openApi30 ? 'id' : '$id';
  const faults: OpenApiFault[] = [];
  const named = new Map<string, string>();
  const claim = (ref: string, pointer: string, keyword: string, written: string) => {
    const first = named.get(ref);
    if (first === undefined) {
      named.set(ref, pointer);
      return;
    }
    faults.push({
      pointer: `${pointer}/${keyword}`,
      message: `${keyword} ${JSON.stringify(written)} names the schema at ${first} too: an id or anchor names one schema, and a $ref to it would have two meanings. Give this one another ${keyword}, or $ref the other.`,
    });
  };
  const stack: Pending[] = [{ node: document, pointer: '', names: false, base: DOCUMENT_BASE }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { node, pointer, names, base } = stack.pop() as Pending;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    let inner = base;
    if (!names && !Array.isArray(node)) {
      const own = node as JsonObject;
      const id = own[schemaId];
      if (typeof id === 'string') {
        inner = normalizeId(uri.resolve(base, normalizeId(id)));
        claim(inner, pointer, schemaId, id);
      }
      for (const keyword of ['$anchor', '$dynamicAnchor']) {
        const anchor = own[keyword];
        if (typeof anchor !== 'string') continue;
        if (!ANCHOR.test(anchor))
          faults.push({
            pointer: `${pointer}/${keyword}`,
            message: `${keyword} ${JSON.stringify(anchor)} is no anchor: an anchor is letters, digits, "-", "." and "_", starting with a letter or "_". Rename it.`,
          });
        else claim(normalizeId(uri.resolve(inner, `#${anchor}`)), pointer, keyword, anchor);
      }
    }
    // Pushed last first: the document is walked in its order, and the second of two ids is named.
    for (const [key, child] of Object.entries(node).reverse()) {
      const holds = memberHolds(key, names);
      if (holds === 'data' || typeof child !== 'object' || child === null) continue;
      stack.push({
        node: child,
        pointer: `${pointer}/${escapePointerSegment(key)}`,
        names: holds === 'names',
        base: inner,
      });
    }
  }
  return faults;
}
