// A scope's world writes under the scope's own prefix; once the scope is dropped, a request of
// it still under way must not bring its keys back (nothing would ever remove them). Every script
// that creates keys of a world checks, in the same step, that its scope is still live.

/** The scope a world belongs to: the scopes' sorted set, its name, and what a refused request is told. */
export type LiveScope = { scopesKey: string; name: string; goneReason: string };

/** Lua: `scopeGone(KEY, NAME)` is true when NAME ('' outside a scope) is no longer in the sorted set KEY. */
export const LIVE_SCOPE_LUA = `
local function scopeGone(scopes, name)
  return name ~= '' and not redis.call('ZSCORE', scopes, name)
end
`;

/** The key and argument a script checks: outside a scope, any key name and '' (never read). */
export function liveScopeArgs(scope: LiveScope | undefined, anyKey: string): { key: string; name: string } {
  return scope ? { key: scope.scopesKey, name: scope.name } : { key: anyKey, name: '' };
}
