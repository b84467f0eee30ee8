// Where a document's patterns are: every object in which `pattern` and `patternProperties` are
// schema keywords, found the same way by the check at start and by the validator's copy. A key
// is told from a name by where it stands: `default` under `responses`, or `value` under
// `properties`, names something that may hold a schema with a pattern; `default`, `example`,
// `enum` or `const` as a keyword holds data, whose "pattern" is no regular expression.
import { memberHolds } from '../document-members.js';
import type { JsonObject } from '../json-pointer.js';

export type KeywordPlace = { node: JsonObject; pointer: string[] };

/**
 * Every object of `document` whose keys are keywords, each once, with its pointer (as segments);
 * found without recursion, since a document may nest deeper than the stack.
 */
export function keywordObjects(document: unknown): KeywordPlace[] {
  const found: KeywordPlace[] = [];
  const seen = new Set<object>();
  const stack: Array<{ value: unknown; pointer: string[]; names: boolean }> = [
    { value: document, pointer: [], names: false },
  ];
  while (stack.length > 0) {
    const { value, pointer, names } = stack.pop() as { value: unknown; pointer: string[]; names: boolean };
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const node = value as JsonObject;
    if (!names) found.push({ node, pointer });
    for (const [key, child] of Object.entries(node)) {
      const holds = memberHolds(key, names, pointer.at(-1), pointer.at(-2));
      if (holds !== 'data') stack.push({ value: child, pointer: [...pointer, key], names: holds === 'names' });
    }
  }
  return found;
}
