// Two paths alike but for their parameters' names, each with its own methods (Xero's
// `/Files/{FileId}` with GET, PUT, DELETE and `/Files/{FolderId}` with POST): the validator's route
// lookup takes the first whose path matches and answers 405 when that one lacks the method
// (upstream cdimascio/express-openapi-validator#943, open; #296). A lookup is shown, among alike
// routes, first the one that has the request's method; every other order stays the validator's.
// Alike paths that share a method are served where their parameters' schemas tell them apart
// (Xero's `/Contacts/{ContactID}`, a UUID, and `/Contacts/{ContactNumber}`): the lookup is shown
// first the one whose parameters the request's values fit, narrowest first (path-value-fit.ts);
// the start refuses the others. A method none of them has is 405 with an Allow that names the
// methods of them all.
import type { JsonObject } from './json-pointer.js';
import { fitsKind, narrowness, pathParameterPositions, pathParameterSchema, valueKindOf } from './path-value-fit.js';

type RouteDetails = Record<string, unknown> & { _expressRoute: string; _openApiRoute: string };
type RouteMap = Record<string, RouteDetails>;
type Context = { expressRouteMap: RouteMap; openApiRouteMap: RouteMap; apiDoc: JsonObject };
type Handler<Req> = (req: Req, res: unknown, next: (error?: unknown) => void) => unknown;
type MetadataModule<Req> = { applyOpenApiMetadata: (context: unknown, responseApiDoc?: unknown) => Handler<Req> };

/** The route with its parameters' names left out: alike routes have the same. */
const shapeOf = (expressRoute: string) => expressRoute.replace(/(?<!\\):[A-Za-z0-9_$]+/g, ':');

const isMethod = (key: string) => /^[A-Z]+$/.test(key);

/** The positions in `entries` of routes alike but for their parameters' names, in groups of two or more. */
function alikeGroups(entries: ReadonlyArray<[string, RouteDetails]>): number[][] {
  const groups = new Map<string, number[]>();
  entries.forEach(([route], position) => {
    const shape = shapeOf(route);
    groups.set(shape, [...(groups.get(shape) ?? []), position]);
  });
  return [...groups.values()].filter((positions) => positions.length > 1);
}

/** For each method, the route map in the order its lookup should meet them. */
function ordersByMethod(entries: ReadonlyArray<[string, RouteDetails]>, alike: number[][]): Map<string, RouteMap> {
  const orders = new Map<string, RouteMap>();
  const methods = new Set(entries.flatMap(([, details]) => Object.keys(details).filter(isMethod)));
  for (const method of methods) {
    const ordered = [...entries];
    for (const positions of alike) {
      const having = positions.filter((position) => (entries[position] as [string, RouteDetails])[1][method]);
      const rest = positions.filter((position) => !having.includes(position));
      [...having, ...rest].forEach((from, index) => {
        ordered[positions[index] as number] = entries[from] as [string, RouteDetails];
      });
    }
    orders.set(method, Object.fromEntries(ordered));
  }
  return orders;
}

/** The OpenAPI route map with each alike route's methods those of its whole group: what a 405's Allow is read from. */
function unitedMethods(routes: Context, entries: ReadonlyArray<[string, RouteDetails]>, alike: number[][]): RouteMap {
  const united: RouteMap = { ...routes.openApiRouteMap };
  for (const positions of alike) {
    const members = positions.map((position) => (entries[position] as [string, RouteDetails])[1]);
    const methods = Object.fromEntries(
      members.flatMap((details) => Object.entries(details).filter(([key]) => isMethod(key))),
    );
    for (const details of members) united[details._openApiRoute] = { ...details, ...methods };
  }
  return united;
}

/** A route of a group that shares a method: where it stands, its literal segments and its parameters' kinds. */
type ToldRoute = {
  position: number;
  segments: readonly string[];
  parameters: ReadonlyArray<[position: number, fits: (text: string) => boolean]>;
  narrowness: number;
};

/** For each method, the groups of alike routes more than one of which has it, narrowest first. */
function toldApartGroups(
  context: Context,
  entries: ReadonlyArray<[string, RouteDetails]>,
  alike: number[][],
): Map<string, ToldRoute[][]> {
  const groups = new Map<string, ToldRoute[][]>();
  for (const positions of alike) {
    const methods = new Set(
      positions.flatMap((position) => Object.keys((entries[position] as [string, RouteDetails])[1]).filter(isMethod)),
    );
    for (const method of methods) {
      const having = positions.filter((position) => (entries[position] as [string, RouteDetails])[1][method]);
      if (having.length < 2) continue;
      const routes = having.map((position): ToldRoute => {
        const details = (entries[position] as [string, RouteDetails])[1];
        const path = details._openApiRoute.slice(String(details.basePath ?? '').length);
        const kinds = pathParameterPositions(path).map(
          ([at, name]) =>
            [
              at,
              valueKindOf(context.apiDoc, pathParameterSchema(context.apiDoc, path, method.toLowerCase(), name)),
            ] as const,
        );
        return {
          position,
          segments: path.split('/'),
          parameters: kinds.map(([at, kind]) => [at, (text: string) => fitsKind(kind, text)]),
          narrowness: kinds.reduce((sum, [, kind]) => sum + narrowness(kind), 0),
        };
      });
      groups.set(method, [
        ...(groups.get(method) ?? []),
        [...routes].sort((one, other) => other.narrowness - one.narrowness),
      ]);
    }
  }
  return groups;
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The route of `group` a request's path names, its values fitting its parameters; undefined where none does. */
function toldRoute(group: readonly ToldRoute[], segments: readonly string[]): ToldRoute | undefined {
  const [first] = group;
  if (first === undefined || first.segments.length !== segments.length) return undefined;
  const literal = (segment: string) => !/^\{[^}]*\}$/.test(segment);
  if (first.segments.some((segment, at) => literal(segment) && segment !== segments[at])) return undefined;
  return group.find((route) => route.parameters.every(([at, fits]) => fits(decoded(segments[at] ?? ''))));
}

/** `order` with `chosen` moved before the other routes of its group, in the places they hold. */
function chosenFirst(
  order: RouteMap,
  group: readonly ToldRoute[],
  chosen: ToldRoute,
  entries: ReadonlyArray<[string, RouteDetails]>,
): RouteMap {
  const ordered = Object.entries(order);
  const members = new Set(group.map((route) => (entries[route.position] as [string, RouteDetails])[0]));
  const places = ordered.flatMap(([route], at) => (members.has(route) ? [at] : []));
  const chosenRoute = (entries[chosen.position] as [string, RouteDetails])[0];
  const rest = places.map((at) => ordered[at] as [string, RouteDetails]).filter(([route]) => route !== chosenRoute);
  if (places.length === 0) return order;
  [entries[chosen.position] as [string, RouteDetails], ...rest].forEach((entry, index) => {
    ordered[places[index] as number] = entry;
  });
  return Object.fromEntries(ordered);
}

export function matchMethodAmongAlikeRoutes<Req extends { method: string }>(metadata: MetadataModule<Req>): void {
  const applyOpenApiMetadata = metadata.applyOpenApiMetadata;
  metadata.applyOpenApiMetadata = (context, responseApiDoc) => {
    const lookUp = applyOpenApiMetadata(context, responseApiDoc);
    const routes = context as Context;
    const entries = Object.entries(routes.expressRouteMap);
    const alike = alikeGroups(entries);
    if (alike.length === 0) return lookUp;
    const orders = ordersByMethod(entries, alike);
    const united = unitedMethods(routes, entries, alike);
    const told = toldApartGroups(routes, entries, alike);
    // One order per route chosen (each belongs to one method's group), made at its first request.
    const chosenOrders = new Map<ToldRoute, RouteMap>();
    /** The route map for a request: by its method, and among routes told apart, by its values. */
    const orderFor = (req: Req): RouteMap | undefined => {
      const method = req.method.toUpperCase();
      const order = orders.get(method);
      const groups = told.get(method);
      if (order === undefined || groups === undefined) return order;
      const segments =
        String((req as { url?: unknown }).url ?? '')
          .split('?')[0]
          ?.split('/') ?? [];
      for (const group of groups) {
        const chosen = toldRoute(group, segments);
        if (chosen === undefined) continue;
        let chosenOrder = chosenOrders.get(chosen);
        if (chosenOrder === undefined) {
          chosenOrder = chosenFirst(order, group, chosen, entries);
          chosenOrders.set(chosen, chosenOrder);
        }
        return chosenOrder;
      }
      return order;
    };
    return (req, res, next) => {
      const own = { express: routes.expressRouteMap, openApi: routes.openApiRouteMap };
      const putBack = () => {
        routes.expressRouteMap = own.express;
        routes.openApiRouteMap = own.openApi;
      };
      // The lookup reads the maps synchronously, before it calls next: put back before anything else runs.
      routes.expressRouteMap = orderFor(req) ?? own.express;
      routes.openApiRouteMap = united;
      try {
        return lookUp(req, res, (error) => {
          putBack();
          next(error);
        });
      } finally {
        putBack();
      }
    };
  };
}
