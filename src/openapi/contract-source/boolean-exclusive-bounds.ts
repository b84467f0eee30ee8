// OpenAPI 3.1's schemas are JSON Schema 2020-12, whose exclusiveMinimum and exclusiveMaximum are
// numbers. Documents moved from 3.0 by their version line often keep 3.0's booleans beside
// minimum and maximum, which every 3.1 validator refuses. Read as they were meant, with a warning.
import type { JsonObject } from '../json-pointer.js';
import { forEachOpenApiObject } from './openapi-objects.js';

export type BooleanBoundRead = { segments: string[]; message: string };

const PAIRS = [
  ['exclusiveMinimum', 'minimum'],
  ['exclusiveMaximum', 'maximum'],
] as const;

/** Rewrites, in place, a 3.1 document's boolean exclusive bounds as 2020-12 writes them; says where. */
export function readBooleanExclusiveBounds(document: JsonObject): BooleanBoundRead[] {
  const byNode: BooleanBoundRead[][] = [];
  forEachOpenApiObject(document, (node, segments) => {
    const found: BooleanBoundRead[] = [];
    for (const [exclusive, inclusive] of PAIRS) {
      const flag = node[exclusive];
      if (typeof flag !== 'boolean') continue;
      const bound = node[inclusive];
      delete node[exclusive];
      let read: string;
      if (flag && typeof bound === 'number') {
        node[exclusive] = bound;
        delete node[inclusive];
        read = `read as "${exclusive}: ${bound}" in place of "${inclusive}: ${bound}"`;
      } else {
        read = flag ? `with no ${inclusive} it bounds nothing, and is left out` : 'it bounds nothing, and is left out';
      }
      found.push({
        segments: [...segments, exclusive],
        message: `OpenAPI 3.1 writes ${exclusive} as the bound itself (JSON Schema 2020-12); "${exclusive}: ${flag}" is OpenAPI 3.0's form: ${read}. Write it so`,
      });
    }
    if (found.length > 0) byNode.push(found);
    return undefined;
  });
  // The walk goes from the end of the document; its places are said from the start.
  return byNode.reverse().flat();
}
