// Paths as the resource model reads them: their segments, which segments are parameters, and
// when two paths are one to a router ("/pets/{petId}" and "/pets/{id}" are).
export const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);
export const paramName = (segment: string) => segment.slice(1, -1);
export const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/** "/pets/{petId}" and "/pets/{id}" are one path to a router: parameters compared without names. */
export const pathPattern = (path: string) =>
  segmentsOf(path)
    .map((segment) => (isParam(segment) ? '{}' : segment))
    .join('/');

/** The names of a path's parameters, in order: "/pets/by-id/{petId}/photos" gives ["petId"]. */
export function pathParams(path: string): string[] {
  return segmentsOf(path).filter(isParam).map(paramName);
}

/** The path above a path's last segment: "/pets/{petId}" gives "/pets". */
export const parentPath = (path: string) => `/${segmentsOf(path).slice(0, -1).join('/')}`;

/** Whether `item` is `collection` and one parameter more: "/pet/{petId}" under "/pet". */
export function isItemUnder(item: string, collection: string): boolean {
  const last = segmentsOf(item).at(-1);
  return last !== undefined && isParam(last) && pathPattern(parentPath(item)) === pathPattern(collection);
}
