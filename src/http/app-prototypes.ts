// Requests and answers born with an Express app's prototypes. Express gives each request and
// answer its app's prototypes as it takes them (Object.setPrototypeOf in app.handle); on objects
// V8 has already shaped, that makes every later use slow and keeps their garbage alive past young
// collections (expressjs/express#5998, nodejs/node#37457). Node makes a server's requests and
// answers from the classes it is given (createServer's IncomingMessage and ServerResponse): when
// their prototypes are the app's, Express's step changes nothing.
import { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express } from 'express';

/** What createServer takes as its IncomingMessage and ServerResponse options. */
export type ServerClasses = {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse<IncomingMessage>;
};

/**
 * Classes whose instances are born with `app`'s prototypes: app.request and app.response become
 * their prototypes, so that what is set on those later (by the app's own setup) is theirs too.
 * Call it before anything is set on them.
 */
export function bornWithPrototypes(app: Express): ServerClasses {
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  // As Express makes app.request and app.response (express/lib/express.js): its methods, and the app.
  Object.setPrototypeOf(AppRequest.prototype, express.request);
  Object.setPrototypeOf(AppResponse.prototype, express.response);
  for (const prototype of [AppRequest.prototype, AppResponse.prototype])
    Object.defineProperty(prototype, 'app', { configurable: true, enumerable: true, writable: true, value: app });
  app.request = AppRequest.prototype as Express['request'];
  app.response = AppResponse.prototype as Express['response'];
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse };
}

/**
 * A server's classes that make each request and answer with the classes of the app serving at
 * that moment (`serving`): an app replaced while serving (a contract edited) serves the requests
 * that come after with its own, while those under way keep theirs.
 */
export function classesOfServing(serving: () => ServerClasses): ServerClasses {
  // Constructors that return another object: `new` gives that object, made by the serving app's class.
  function ServedRequest(socket: ConstructorParameters<typeof IncomingMessage>[0]) {
    return new (serving().IncomingMessage)(socket);
  }
  // Node passes options beside the request (its highWaterMark), which @types/node leaves out.
  function ServedResponse(req: IncomingMessage, options?: object) {
    return new (serving().ServerResponse as new (req: IncomingMessage, options?: object) => ServerResponse)(
      req,
      options,
    );
  }
  // So that what they make is an instance of them, as of the classes they stand for.
  ServedRequest.prototype = IncomingMessage.prototype;
  ServedResponse.prototype = ServerResponse.prototype;
  return {
    IncomingMessage: ServedRequest as unknown as typeof IncomingMessage,
    ServerResponse: ServedResponse as unknown as typeof ServerResponse<IncomingMessage>,
  };
}
