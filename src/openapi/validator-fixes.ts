// Fixes of express-openapi-validator 5.6.2, applied when it is loaded, so that a project that
// installs petstore-mock from the registry runs exactly what this repository tests (a patch of
// node_modules reaches only this repository's own install). Each one wraps a part of the
// validator and leaves its job to it: which schema applies, how it is compiled, what it finds.
// Drop each once a release of the validator does the same (see patches/README.md).
import { createRequire } from 'node:module';
import { matchMethodAmongAlikeRoutes } from './alike-routes.js';
import { withIdAsAnnotation } from './id-annotation.js';
import { withTolerantMultipleOf } from './multiple-of.js';
import { scanDocumentPartsOnce } from './ref-scan-views.js';
import { withLinearUniqueItems } from './unique-items.js';

type Operation = { requestBody?: { content?: Record<string, { schema?: unknown }> } };
type ValidatedRequest = {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  openapi?: { expressRoute: string; schema: Operation };
};
type Next = (error?: unknown) => void;
type Handler = (req: ValidatedRequest, res: unknown, next: Next) => unknown;
type RouteMatcher = { regexp: RegExp; keys: Array<{ name: string }> };
type ParsedType = { mediaType: string | null };
type DeepObjectHandler = (
  req: { query?: Record<string, unknown> },
  query: string,
  name: string,
  schema: unknown,
) => void;
type QueryParameter = { in?: string; name?: string; style?: string };
type MutatedRequest = { query?: Record<string, unknown>; openapi?: { schema?: { parameters?: unknown[] } } };
type PathToRegexp = (path: string, options?: { sensitive?: boolean; strict?: boolean }) => RouteMatcher;

type ValidatorModules = {
  requestValidator: {
    RequestValidator: {
      prototype: { validate: Handler; multipartNested(req: { body?: unknown }, schemaBody: unknown): unknown };
    };
  };
  responseValidator: {
    ResponseValidator: { prototype: { _getOrBuildValidator(req: ValidatedRequest, responses: unknown): unknown } };
  };
  metadata: { applyOpenApiMetadata: (context: unknown, responseApiDoc?: unknown) => Handler };
  pathToRegexp: { pathToRegexp: PathToRegexp };
  schemaValidator: { OpenAPISchemaValidator: new (options: object) => { validate(document: object): unknown } };
  bodyParser: { BodySchemaParser: new () => { parse(path: string, operation: Operation, type: unknown): unknown } };
  parameterMutator: {
    RequestParameterMutator: {
      prototype: {
        handleDeepObject: DeepObjectHandler;
        validateReservedCharacters(...args: unknown[]): void;
        csvToKeyValuePairs(text: string): Record<string, string> | undefined;
        modifyRequest(req: MutatedRequest): void;
        handleBracketNotationQueryFields(query: Record<string, unknown>): Record<string, unknown>;
      };
    };
  };
  contentType: { fromString(type: string): ParsedType };
  util: { zipObject: (keys: readonly string[], values: readonly unknown[]) => Record<string, unknown> };
  parameterUtil: {
    dereferenceParameter(document: unknown, parameter: unknown): QueryParameter;
    normalizeParameter(ajv: unknown, parameter: QueryParameter): { name: string; schema: { type?: unknown } };
  };
  ajvFactory: {
    factoryAjv: (
      version: string,
      options: object,
    ) => Parameters<typeof withTolerantMultipleOf>[0] & Parameters<typeof withIdAsAnnotation>[0];
  };
  specLoader: { OpenApiSpecLoader: { prototype: { toExpressParams(part: string): string } } };
  /** The modules that load the validator's Ajv classes (2020-12's, and ajv-draft-04 for 3.0). */
  ajvUsers: string[];
};

const FIXED = Symbol.for('petstore-mock.validator-fixes');

/** Applies the fixes to the validator that `load` resolves, once per process. */
export function applyValidatorFixes(load: NodeJS.Require): void {
  const modules = validatorModules(load);
  const marked = modules.requestValidator.RequestValidator.prototype as { [FIXED]?: true };
  if (marked[FIXED]) return;
  keyRequestValidatorsByDeclaredType(modules);
  keyResponseValidatorsByRoute(modules);
  compileRouteMatchersOnce(modules);
  matchMethodAmongAlikeRoutes(modules.metadata);
  buildSpecValidatorWhenUsed(modules);
  leaveAbsentDeepObjectsOut(modules);
  takeReservedCharactersInQueries(modules);
  readFormPairsHoldingBraces(modules);
  readDelimitedQueryObjects(modules);
  keepDeclaredBracketNames(modules);
  keepTypedMultipartFields(modules);
  judgeMultiplesAsTheMockDoes(modules);
  takeIdAsAnnotation(modules);
  judgeUniqueItemsInLinearTime(modules);
  takeTuplesAsWritten(modules);
  matchPathCharactersLiterally(modules);
  keepEveryPathParameterName(modules);
  scanDocumentPartsOnce(modules.ajvUsers);
  marked[FIXED] = true;
}

function validatorModules(load: NodeJS.Require): ValidatorModules {
  const fromValidator = createRequire(load.resolve('express-openapi-validator'));
  const part = (path: string, member: string) => {
    const exports = fromValidator(path) as Record<string, unknown>;
    if (exports[member] === undefined) {
      throw new Error(
        `express-openapi-validator has no ${member} in ${path}: this version is not one petstore-mock was built with. ` +
          'Reinstall petstore-mock so that its own version of the validator is used.',
      );
    }
    return exports;
  };
  const metadataPath = fromValidator.resolve('./middlewares/openapi.metadata.js');
  return {
    requestValidator: part('./middlewares/openapi.request.validator.js', 'RequestValidator'),
    responseValidator: part('./middlewares/openapi.response.validator.js', 'ResponseValidator'),
    metadata: part(metadataPath, 'applyOpenApiMetadata'),
    // The very module the validator's route lookup calls, resolved from where it is.
    pathToRegexp: createRequire(metadataPath)('path-to-regexp'),
    schemaValidator: part('./framework/openapi.schema.validator.js', 'OpenAPISchemaValidator'),
    bodyParser: part('./middlewares/parsers/body.parse.js', 'BodySchemaParser'),
    parameterMutator: part('./middlewares/parsers/req.parameter.mutator.js', 'RequestParameterMutator'),
    contentType: part('./middlewares/util.js', 'ContentType').ContentType,
    util: part('./middlewares/util.js', 'zipObject'),
    parameterUtil: part('./middlewares/parsers/util.js', 'normalizeParameter'),
    ajvFactory: part('./framework/ajv/factory.js', 'factoryAjv'),
    specLoader: part('./framework/openapi.spec.loader.js', 'OpenApiSpecLoader'),
    ajvUsers: [load.resolve('express-openapi-validator'), fromValidator.resolve('ajv-draft-04')],
  } as ValidatorModules;
}

/**
 * The request validators of a route are cached by the request's whole Content-Type, parameters
 * included: every new value a client sends (`application/json; x=1`, `; x=2`, …) compiles the
 * route's schemas again with Ajv and keeps them, without bound (~120 KB and ~55 ms of CPU per
 * request). What they depend on is the body schema that Content-Type selects, which the
 * validator's own parser picks: the request is checked under the declared media type it
 * selects, and its own header is back before anything after the check runs.
 */
function keyRequestValidatorsByDeclaredType({ requestValidator, bodyParser, contentType }: ValidatorModules): void {
  const prototype = requestValidator.RequestValidator.prototype;
  const validate = prototype.validate;
  const parser = new bodyParser.BodySchemaParser();
  const isMultipart = (type: { mediaType: string | null }) => type.mediaType === 'multipart/form-data';

  /** The declared media type whose schema `type` selects, or undefined to keep the header as it is. */
  function declaredTypeFor(operation: Operation, route: string, type: ParsedType): string | undefined {
    let selected: unknown;
    try {
      selected = parser.parse(route, operation, type);
    } catch {
      return undefined; // Refused (415) before anything is compiled or cached.
    }
    const content = Object.entries(operation.requestBody?.content ?? {});
    const declared = content.find(([, media]) => media.schema === selected)?.[0];
    return declared !== undefined && isMultipart(contentType.fromString(declared)) === isMultipart(type)
      ? declared
      : undefined;
  }

  prototype.validate = function (this: unknown, req, res, next) {
    const sent = req.headers['content-type'];
    if (typeof sent !== 'string' || req.openapi === undefined) return validate.call(this, req, res, next);
    const { schema: operation, expressRoute } = req.openapi;
    // Parsed once here: the validator's parser of parameters takes time in the header's length.
    const type = contentType.fromString(sent);
    let declared: string | undefined;
    if (operation.requestBody?.content !== undefined) {
      declared = declaredTypeFor(operation, expressRoute, type);
      if (declared === undefined || declared === sent) return validate.call(this, req, res, next);
    } else if (isMultipart(type)) {
      return validate.call(this, req, res, next);
    }
    // With no body to read, the Content-Type selects nothing: every value shares one validator.
    if (declared === undefined) delete req.headers['content-type'];
    else req.headers['content-type'] = declared;
    const restore = () => {
      req.headers['content-type'] = sent;
    };
    try {
      return validate.call(this, req, res, (error) => {
        restore();
        next(error);
      });
    } finally {
      restore();
    }
  };
}

/**
 * A request's path parameters are gathered by assignment (`acc[key] = value`): one named
 * `__proto__` sets the object's prototype, a string is dropped, and the parameter is missing (400
 * on every request). Each is defined as the object's own property, under any name.
 */
function keepEveryPathParameterName({ util }: ValidatorModules): void {
  util.zipObject = (keys, values) => {
    const zipped: Record<string, unknown> = {};
    keys.forEach((key, at) => {
      Object.defineProperty(zipped, key, { value: values[at], enumerable: true, writable: true, configurable: true });
    });
    return zipped;
  };
}

/**
 * The response validators of a route are cached by the *request's* Content-Type too, which they
 * do not depend on: the same growth as above, on every answer. They are looked up by method and
 * route alone.
 */
function keyResponseValidatorsByRoute({ responseValidator }: ValidatorModules): void {
  const prototype = responseValidator.ResponseValidator.prototype;
  const getOrBuild = prototype._getOrBuildValidator;
  prototype._getOrBuildValidator = function (this: unknown, req, responses) {
    return getOrBuild.call(this, { method: req.method, openapi: req.openapi, headers: {} }, responses);
  };
}

/**
 * The route lookup compiles every route's path-to-regexp matcher on every request (upstream pull
 * request cdimascio/express-openapi-validator#1217, "perf: cache route matchers", open). While a
 * lookup runs, it is given the matchers of its own context, each compiled once; path-to-regexp is
 * the same for every other caller.
 */
function compileRouteMatchersOnce({ metadata, pathToRegexp }: ValidatorModules): void {
  const applyOpenApiMetadata = metadata.applyOpenApiMetadata;
  metadata.applyOpenApiMetadata = (context, responseApiDoc) => {
    const lookUp = applyOpenApiMetadata(context, responseApiDoc);
    const compile = pathToRegexp.pathToRegexp;
    // Bounded by the contract's routes, each with the app's two routing settings.
    const matchers = new Map<string, RouteMatcher>();
    const cached: PathToRegexp = (path, options = {}) => {
      const key = `${options.sensitive ? 'c' : '-'}${options.strict ? 's' : '-'}${path}`;
      let matcher = matchers.get(key);
      if (!matcher) {
        matcher = compile(path, { sensitive: options.sensitive, strict: options.strict });
        matchers.set(key, matcher);
      }
      return matcher;
    };
    return (req, res, next) => {
      const outer = pathToRegexp.pathToRegexp;
      pathToRegexp.pathToRegexp = cached;
      try {
        return lookUp(req, res, (error) => {
          pathToRegexp.pathToRegexp = outer;
          next(error);
        });
      } finally {
        pathToRegexp.pathToRegexp = outer;
      }
    };
  };
}

/**
 * With `validateApiSpec: false`, 5.6.2 still builds the OpenAPI meta-schema validator at every
 * load and never uses it (~100 ms of CPU per contract; upstream #541, fixed by #544, came back).
 * It is built when first asked to validate.
 */
function buildSpecValidatorWhenUsed({ schemaValidator }: ValidatorModules): void {
  const Eager = schemaValidator.OpenAPISchemaValidator;
  schemaValidator.OpenAPISchemaValidator = class OnFirstUse {
    #validator: InstanceType<typeof Eager> | undefined;
    constructor(private readonly options: object) {}
    validate(document: object): unknown {
      this.#validator ??= new Eager(this.options);
      return this.#validator.validate(document);
    }
  };
}

/**
 * A deepObject query parameter the request leaves out is set to its default, `undefined` when it
 * has none: the query then has a key of that name, and a form-exploded object whose property is
 * so named (Lob's `sort_by`, of `date_created` or `send_date`, beside the `date_created` filter)
 * is taken as sent, empty, and refused (400) though the request sent neither. The key is removed
 * when no value was set.
 */
function leaveAbsentDeepObjectsOut({ parameterMutator }: ValidatorModules): void {
  const prototype = parameterMutator.RequestParameterMutator.prototype;
  const handleDeepObject = prototype.handleDeepObject;
  prototype.handleDeepObject = function (this: unknown, req, query, name, schema) {
    handleDeepObject.call(this, req, query, name, schema);
    if (req.query !== undefined && Object.hasOwn(req.query, name) && req.query[name] === undefined)
      delete req.query[name];
  };
}

/**
 * A query value with a character RFC 3986 reserves, sent as it is, was refused with 400 ("must be
 * url encoded") unless its parameter says `allowReserved`: a space sent as `+` (URLSearchParams,
 * axios, Java's URLEncoder), a time's colons (`since=2026-12-01T10:00:00Z`, as axios sends it),
 * an address's `@`. `allowReserved` tells a client how to write a value, and servers read these
 * all the same (Express's own query parser does): the mock now reads them, as Prism does.
 * Upstream: cdimascio/express-openapi-validator#1038 (open), #241.
 */
function takeReservedCharactersInQueries({ parameterMutator }: ValidatorModules): void {
  parameterMutator.RequestParameterMutator.prototype.validateReservedCharacters = () => {};
}

/**
 * A form object not exploded (`filter=name,{x`) is read as pairs only where its text holds no
 * brace, else taken for JSON: a field's text with a brace in it was refused (400, "must be
 * object"), though a valid request. Where the text is no JSON, its braces are kept out of the
 * validator's sight while it reads the pairs, and put back in them.
 */
function readFormPairsHoldingBraces({ parameterMutator }: ValidatorModules): void {
  const prototype = parameterMutator.RequestParameterMutator.prototype;
  const toPairs = prototype.csvToKeyValuePairs;
  prototype.csvToKeyValuePairs = function (this: unknown, text: string) {
    if (!text.includes('{') || isJson(text)) return toPairs.call(this, text);
    const used = new Set(text);
    let stand = 0xe000;
    while (used.has(String.fromCharCode(stand))) stand += 1;
    const hidden = String.fromCharCode(stand);
    const pairs = toPairs.call(this, text.replaceAll('{', hidden));
    if (pairs === undefined) return undefined;
    const shown = (part: string) => part.replaceAll(hidden, '{');
    return Object.fromEntries(Object.entries(pairs).map(([key, value]) => [shown(key), shown(value)]));
  };
}

const DELIMITERS: Readonly<Record<string, string>> = { spaceDelimited: ' ', pipeDelimited: '|' };

/**
 * An object query parameter space- or pipe-delimited (OpenAPI 3.1: `color=R 100 G 200`), which
 * 5.6.2 reads as JSON only, refusing every such request (400, "must be object"): its text is read
 * as key and value in turn before the validator's own reading, which leaves an object as it is.
 * A text whose parts do not pair up is left to the validator, and refused as before.
 */
function readDelimitedQueryObjects({ parameterMutator, parameterUtil }: ValidatorModules): void {
  const prototype = parameterMutator.RequestParameterMutator.prototype;
  const modifyRequest = prototype.modifyRequest;
  prototype.modifyRequest = function (this: { _apiDocs: unknown; ajv: unknown }, req) {
    for (const declared of req.openapi?.schema?.parameters ?? []) {
      const parameter = parameterUtil.dereferenceParameter(this._apiDocs, declared);
      const delimiter = DELIMITERS[parameter.style ?? ''];
      // Its explode is left unread: 5.6.2 writes `explode: true` into every parameter it has read.
      if (parameter.in !== 'query' || delimiter === undefined) continue;
      const { name, schema } = parameterUtil.normalizeParameter(this.ajv, { ...parameter });
      const text = req.query !== undefined && Object.hasOwn(req.query, name) ? req.query[name] : undefined;
      if (schema.type !== 'object' || typeof text !== 'string') continue;
      const parts = text.split(delimiter);
      if (parts.length % 2 !== 0) continue;
      const object: Record<string, string> = {};
      for (let at = 0; at < parts.length; at += 2)
        Object.defineProperty(object, parts[at] as string, { value: parts[at + 1], enumerable: true, writable: true });
      Object.defineProperty(req.query, name, { value: object, enumerable: true, writable: true, configurable: true });
    }
    return modifyRequest.call(this, req);
  };
}

/**
 * A query parameter named with brackets, as PHP and Rails clients write them (PagerDuty's
 * `include[]`, `filter[status]`): 5.6.2 reads `include[]=a` as `include: ['a']` unless the
 * operation declares the name, which it looks for where it is never set, so every such request
 * was refused ("Unknown query parameter 'include'"; its issue #1115). The names the operation
 * declares are kept out of that reading, which goes on for the others.
 */
function keepDeclaredBracketNames({ parameterMutator, parameterUtil }: ValidatorModules): void {
  const prototype = parameterMutator.RequestParameterMutator.prototype;
  const declaredNames = new WeakMap<object, ReadonlySet<string>>();
  // Read once per operation's parameters, not on every request.
  const namesOf = new WeakMap<object, ReadonlySet<string>>();
  const NONE: ReadonlySet<string> = new Set();
  const modifyRequest = prototype.modifyRequest;
  prototype.modifyRequest = function (this: { _apiDocs: unknown }, req) {
    const parameters = req.openapi?.schema?.parameters;
    let names = parameters === undefined ? NONE : namesOf.get(parameters);
    if (names === undefined && parameters !== undefined) {
      names = new Set(
        parameters
          .map((declared) => parameterUtil.dereferenceParameter(this._apiDocs, declared))
          .filter((parameter) => parameter.in === 'query' && parameter.name?.includes('[') === true)
          .map((parameter) => parameter.name as string),
      );
      namesOf.set(parameters, names);
    }
    declaredNames.set(this, names ?? NONE);
    return modifyRequest.call(this, req);
  };
  const readBrackets = prototype.handleBracketNotationQueryFields;
  prototype.handleBracketNotationQueryFields = function (this: object, query) {
    const names = declaredNames.get(this);
    const kept = Object.entries(query).filter(([name]) => names?.has(name) === true);
    for (const [name] of kept) delete query[name];
    const read = readBrackets.call(this, query);
    for (const [name, value] of kept)
      Object.defineProperty(read, name, { value, enumerable: true, writable: true, configurable: true });
    return read;
  };
}

/**
 * 5.6.2 reads a multipart field its schema calls an array or object as JSON, whatever the field
 * already is: a list of one numeric text, typed as the schema says before it (form-fields.ts),
 * became a number (`filename=0` of an array: ['0'], then 0, refused with 400 "must be array").
 * What is no longer a text is kept as it was; texts are left to its reading.
 */
function keepTypedMultipartFields({ requestValidator }: ValidatorModules): void {
  const prototype = requestValidator.RequestValidator.prototype;
  const multipartNested = prototype.multipartNested;
  prototype.multipartNested = function (this: unknown, req, schemaBody) {
    const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : undefined;
    const typed = body ? Object.entries(body).filter(([, value]) => typeof value !== 'string') : [];
    const result = multipartNested.call(this, req, schemaBody);
    for (const [name, value] of typed)
      Object.defineProperty(body, name, { value, enumerable: true, writable: true, configurable: true });
    return result;
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The validator's own wildcard syntax in a path (`/{path}*`, `/{path}(*)`), which it turns into a route itself. */
const WILDCARD_PARAMETER = /\/\{[^}]+\}\(?\*\)?/;

/**
 * A path's text is turned into a path-to-regexp 8 route with only its colons escaped: a `(`, `)`,
 * `[`, `]`, `+`, `?` or `!` in it (OData's `/users('{id}')`, `/items({id})`, a `+` in a segment)
 * is that syntax's, and the route's compile threw on every request's lookup: every request of the
 * API answered 500. Each is escaped to stand for itself, and so is a `*`, but in the wildcard syntax.
 */
function matchPathCharactersLiterally({ specLoader }: ValidatorModules): void {
  const prototype = specLoader.OpenApiSpecLoader.prototype;
  const toExpressParams = prototype.toExpressParams;
  prototype.toExpressParams = function (this: unknown, part: string) {
    const route = toExpressParams.call(this, part);
    return WILDCARD_PARAMETER.test(part) ? route : route.replace(/[()[\]+?!*]/g, '\\$&');
  };
}

/**
 * The validator asks its Ajv for strict tuples, under which a 3.1 tuple as JSON Schema allows it
 * (`prefixItems` closed by `items: false`, with no `minItems`) throws when compiled: every request
 * of its operation was a 500. Tuples are taken as written, as the mock's own Ajv instances take them.
 */
function takeTuplesAsWritten({ ajvFactory }: ValidatorModules): void {
  const factoryAjv = ajvFactory.factoryAjv;
  ajvFactory.factoryAjv = (version, options) => factoryAjv(version, { ...options, strictTuples: false });
}

/**
 * Ajv judges `multipleOf` by asking for a whole quotient, which doubles seldom give: 0.1 was no
 * multiple of 1e-7 (a quotient of 999999.9999999999), a 400 for a body the contract allows. Every
 * Ajv the validator makes judges it as the rest of the mock does (multiple-of.ts). Kept as long
 * as Ajv divides.
 */
function judgeMultiplesAsTheMockDoes({ ajvFactory }: ValidatorModules): void {
  const factoryAjv = ajvFactory.factoryAjv;
  ajvFactory.factoryAjv = (version, options) => withTolerantMultipleOf(factoryAjv(version, options));
}

/** A 3.1 schema's `id` is an annotation, as every Ajv of the mock takes it (id-annotation.ts). */
function takeIdAsAnnotation({ ajvFactory }: ValidatorModules): void {
  const factoryAjv = ajvFactory.factoryAjv;
  ajvFactory.factoryAjv = (version, options) => withIdAsAnnotation(factoryAjv(version, options));
}

/**
 * Ajv compares every pair of items of a `uniqueItems` array whose items may be objects or
 * arrays: one request body of 20,000 such items held the event loop for 115 s. Every Ajv the
 * validator makes judges it in linear time, as the rest of the mock does (unique-items.ts).
 */
function judgeUniqueItemsInLinearTime({ ajvFactory }: ValidatorModules): void {
  const factoryAjv = ajvFactory.factoryAjv;
  ajvFactory.factoryAjv = (version, options) => withLinearUniqueItems(factoryAjv(version, options));
}
