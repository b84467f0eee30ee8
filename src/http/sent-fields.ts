// The fields a client sent in a JSON body, kept as the body is read: express-openapi-validator
// runs Ajv with useDefaults on requests, so by the time a handler runs, the schema's defaults are
// in the body as if sent. A PATCH changes only what it names (RFC 7396), defaults included.
import type { Request, RequestHandler } from 'express';

const sentFieldsOf = new WeakMap<Request, ReadonlySet<string>>();

/** `readBody`, then the names of the fields the JSON body holds, for sentFields(). */
export function keepSentFields(readBody: RequestHandler): RequestHandler {
  return (req, res, next) =>
    readBody(req, res, (error?: unknown) => {
      const body: unknown = req.body;
      if (!error && body && typeof body === 'object' && !Array.isArray(body))
        sentFieldsOf.set(req, new Set(Object.keys(body)));
      next(error);
    });
}

/** The fields the client sent (before any default was filled in), when the body was read by keepSentFields. */
export function sentFields(req: Request): ReadonlySet<string> | undefined {
  return sentFieldsOf.get(req);
}
