// Path keys with a query or a fragment of their own, as Box and Dropbox Sign write them: served at
// the path before it, and one operation answers for all at one route and method.
import { describe, expect, it } from '@jest/globals';
import { hasRouteSuffix, routeAliases, routeOfPath } from './path-route.js';

describe('the route of a path key', () => {
  it('is the key less its fragment or query', () => {
    expect(routeOfPath('/shared_items#folders')).toBe('/shared_items');
    expect(routeOfPath('/oauth/token?refresh')).toBe('/oauth/token');
    expect(routeOfPath('/pets/{petId}')).toBe('/pets/{petId}');
    expect(routeOfPath('#only')).toBe('/');
    expect([hasRouteSuffix('/a#b'), hasRouteSuffix('/a')]).toEqual([true, false]);
  });

  it('names each operation another answers for: the key without a suffix first, else the first written', () => {
    const operation = (method: string, path: string) => ({ method, path });
    const add = operation('put', '/schema#add');
    const update = operation('put', '/schema#update');
    const folders = operation('get', '/shared_items#folders');
    const plain = operation('get', '/shared_items');
    const refresh = operation('post', '/oauth/token?refresh');
    const aliases = routeAliases([add, update, folders, plain, refresh, operation('get', '/schema')]);
    expect([...aliases]).toEqual([
      [update, add],
      [folders, plain],
    ]);
    // Alone at its route and method, an operation answers for itself.
    expect(aliases.has(refresh)).toBe(false);
  });
});
