// Two paths alike but for their parameters' names, each with its own methods (Xero's
// `/Files/{FileId}` with GET, PUT, DELETE and `/Files/{FolderId}` with POST): the validator's route
// lookup takes the first whose path matches and answers 405 when that one lacks the method
// (upstream cdimascio/express-openapi-validator#943, open; #296). A lookup is shown, among alike
// routes, first the one that has the request's method; every other order stays the validator's.
// The start refuses alike paths that share a method, so at most one of them has it.
type RouteDetails = Record<string, unknown> & { _expressRoute: string };
type Context = { expressRouteMap: Record<string, RouteDetails> };
type Handler<Req> = (req: Req, res: unknown, next: (error?: unknown) => void) => unknown;
type MetadataModule<Req> = { applyOpenApiMetadata: (context: unknown, responseApiDoc?: unknown) => Handler<Req> };

/** The route with its parameters' names left out: alike routes have the same. */
const shapeOf = (expressRoute: string) => expressRoute.replace(/(?<!\\):[A-Za-z0-9_$]+/g, ':');

/** For each method, the route map in the order its lookup should meet them; none where no alike routes differ. */
function ordersByMethod(map: Record<string, RouteDetails>): Map<string, Record<string, RouteDetails>> {
  const entries = Object.entries(map);
  const groups = new Map<string, number[]>();
  entries.forEach(([route], position) => {
    const shape = shapeOf(route);
    groups.set(shape, [...(groups.get(shape) ?? []), position]);
  });
  const alike = [...groups.values()].filter((positions) => positions.length > 1);
  const orders = new Map<string, Record<string, RouteDetails>>();
  if (alike.length === 0) return orders;
  const methods = new Set(entries.flatMap(([, details]) => Object.keys(details).filter((key) => /^[A-Z]+$/.test(key))));
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

export function matchMethodAmongAlikeRoutes<Req extends { method: string }>(metadata: MetadataModule<Req>): void {
  const applyOpenApiMetadata = metadata.applyOpenApiMetadata;
  metadata.applyOpenApiMetadata = (context, responseApiDoc) => {
    const lookUp = applyOpenApiMetadata(context, responseApiDoc);
    const routes = context as Context;
    const orders = ordersByMethod(routes.expressRouteMap);
    if (orders.size === 0) return lookUp;
    return (req, res, next) => {
      const ordered = orders.get(req.method.toUpperCase());
      if (!ordered) return lookUp(req, res, next);
      const own = routes.expressRouteMap;
      // The lookup reads the map synchronously, before it calls next: put back before anything else runs.
      routes.expressRouteMap = ordered;
      try {
        return lookUp(req, res, (error) => {
          routes.expressRouteMap = own;
          next(error);
        });
      } finally {
        routes.expressRouteMap = own;
      }
    };
  };
}
