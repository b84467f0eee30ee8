// Where a document's patterns are: every object in which `pattern` and `patternProperties` are
// schema keywords, found the same way by the check at start and by the validator's copy. A key
// is told from a name by where it stands: `default` under `responses`, or `value` under
// `properties`, names something that may hold a schema with a pattern; `default`, `example`,
// `enum` or `const` as a keyword holds data, whose "pattern" is no regular expression.
import type { JsonObject } from '../json-pointer.js';

/** Keywords whose values are data. */
const DATA_MEMBERS: ReadonlySet<string> = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);

/** Keywords whose value maps names to what may hold schemas: the keys there are names, never keywords. */
const NAME_MAPS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'schemas',
  'responses',
  'parameters',
  'headers',
  'requestBodies',
  'content',
  'callbacks',
  'pathItems',
  'paths',
  'webhooks',
  'encoding',
  'links',
]);

/** Maps of names to texts (a discriminator's mapping, an OAuth flow's scopes, a link's parameters). */
function isMapOfTexts(pointer: readonly string[], key: string): boolean {
  const [parent, grandparent] = [pointer.at(-1), pointer.at(-2)];
  return (
    (key === 'mapping' && parent === 'discriminator') ||
    (key === 'scopes' && grandparent === 'flows') ||
    (key === 'parameters' && grandparent === 'links')
  );
}

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
      if (names) {
        stack.push({ value: child, pointer: [...pointer, key], names: false });
      } else if (!DATA_MEMBERS.has(key) && !key.startsWith('x-') && !isMapOfTexts(pointer, key)) {
        stack.push({ value: child, pointer: [...pointer, key], names: NAME_MAPS.has(key) });
      }
    }
  }
  return found;
}
