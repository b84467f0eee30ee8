// Paths as the resource model reads them: their segments, which segments are parameters, and
// when two paths are one to a router ("/pets/{petId}" and "/pets/{id}" are).
export const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);
export const paramName = (segment: string) => segment.slice(1, -1);

/**
 * A format suffix on a path's last segment, as Rails-style APIs write their paths
 * (/posts.json, /posts/{id}.json): not part of the resource's name or key. Only formats, so that
 * a method named with a dot (/users.list) stays a name.
 */
const FORMAT_SUFFIX = /(?<=[A-Za-z0-9}])\.(?:json|xml|yaml|yml|csv|html|txt)$/i;

/** A path's segments as the resource model reads them: the last without its format suffix. */
export function segmentsOf(path: string): string[] {
  const segments = path.split('/').filter((segment) => segment !== '');
  const last = segments.length - 1;
  if (last >= 0) segments[last] = (segments[last] as string).replace(FORMAT_SUFFIX, '');
  return segments;
}

/** A segment with its parameter, if it starts with one, given `value`: "{id}.json" gives "7.json". */
export function fillSegment(segment: string, value: (param: string) => string): string {
  return segment.replace(/^\{([^}]+)\}/, (_whole, param: string) => value(param));
}

/** "/pets/{petId}" and "/pets/{id}" are one path to a router: parameters compared without names. */
/**
 * A path with its parameters' names left out, wherever they stand in a segment: paths alike but
 * for those names (/pets/{id} and /pets/{petId}, /t/{id}.json and /t/{slug}.json) share it, and
 * one request reaches them all.
 */
export const alikePathKey = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

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
