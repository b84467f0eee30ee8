// Two paths alike but for their parameters' names, each with its own methods (Xero's
// `/Files/{FileId}` with GET, PUT, DELETE and `/Files/{FolderId}` with POST): the validator's route
// lookup takes the first whose path matches and answers 405 when that one lacks the method
// (upstream cdimascio/express-openapi-validator#943, open; #296). A lookup is shown, among alike
// routes, first the one that has the request's method; every other order stays the validator's.
// The start refuses alike paths that share a method, so at most one of them has it. A method none
// of them has is 405 with an Allow that names the methods of them all.
type RouteDetails = Record<string, unknown> & { _expressRoute: string; _openApiRoute: string };
type RouteMap = Record<string, RouteDetails>;
type Context = { expressRouteMap: RouteMap; openApiRouteMap: RouteMap };
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
    return (req, res, next) => {
      const own = { express: routes.expressRouteMap, openApi: routes.openApiRouteMap };
      const putBack = () => {
        routes.expressRouteMap = own.express;
        routes.openApiRouteMap = own.openApi;
      };
      // The lookup reads the maps synchronously, before it calls next: put back before anything else runs.
      routes.expressRouteMap = orders.get(req.method.toUpperCase()) ?? own.express;
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
