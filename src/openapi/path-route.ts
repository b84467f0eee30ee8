// A path key's own query or fragment (Box's `/shared_items#folders`, Dropbox Sign's
// `/oauth/token?refresh`) is no part of any request's path: an operation written so is served,
// and checked, at the path before it (validator-document.ts; the suite's selection).

/** The route of a path key: the key less its query or fragment. */
export const routeOfPath = (path: string): string => path.replace(/[?#].*$/, '') || '/';

/** Whether a path key holds a query or a fragment of its own. */
export const hasRouteSuffix = (path: string): boolean => routeOfPath(path) !== path;

/** `items` with those whose path key holds a suffix after the others, each in its written order. */
export function suffixedLast<T>(items: readonly T[], pathOf: (item: T) => string): T[] {
  return [...items].sort((one, other) => Number(hasRouteSuffix(pathOf(one))) - Number(hasRouteSuffix(pathOf(other))));
}

/**
 * Of operations at one route and method, the first answers them all: the key without a suffix
 * first, else the first written. Each other one, with the operation that answers for it.
 */
export function routeAliases<T extends { method: string; path: string }>(operations: readonly T[]): Map<T, T> {
  const plainFirst = suffixedLast(operations, (operation) => operation.path);
  const owners = new Map<string, T>();
  const aliases = new Map<T, T>();
  for (const operation of plainFirst) {
    const key = `${operation.method.toLowerCase()} ${routeOfPath(operation.path)}`;
    const owner = owners.get(key);
    if (owner === undefined) owners.set(key, operation);
    else aliases.set(operation, owner);
  }
  return aliases;
}
