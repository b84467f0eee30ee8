// What a member of an OpenAPI document is, told by where it stands: a keyword whose value is data
// (`default`, `example`, `enum`: never walked for schemas, ids or keywords), a keyword whose value
// maps names to what may hold schemas (`properties`, `responses`), or a name there (`default`
// under `responses`, a property named `example`), which holds keywords again.

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
function isMapOfTexts(key: string, parent: string | undefined, grandparent: string | undefined): boolean {
  return (
    (key === 'mapping' && parent === 'discriminator') ||
    (key === 'scopes' && grandparent === 'flows') ||
    (key === 'parameters' && grandparent === 'links')
  );
}

/** What a member's value holds: keywords, names (of what holds keywords), or data, never walked. */
export type MemberHolds = 'keywords' | 'names' | 'data';

/**
 * What the value of member `key` holds, in an object that holds `names` (its keys are names) or
 * keywords; `parent` and `grandparent` are the keys above that object, where known.
 */
export function memberHolds(key: string, names: boolean, parent?: string, grandparent?: string): MemberHolds {
  if (names) return 'keywords';
  if (DATA_MEMBERS.has(key) || key.startsWith('x-') || isMapOfTexts(key, parent, grandparent)) return 'data';
  return NAME_MAPS.has(key) ? 'names' : 'keywords';
}
