// Loads the contract once at start and lists its operations. A spec that is missing or broken
// stops the server here with a clear message, instead of failing the first request with a 500.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { CONTROL_SPEC_FILE, PETSTORE_SPEC_FILE, readBuildOutput } from '../package-root.js';
import { asObject, escapePointerSegment, type JsonObject, resolveLocalRef } from './json-pointer.js';
import { withNullableTyped } from './nullable-without-type.js';
import { describeMedia, describeResponses, type MediaInfo, type ResponseInfo } from './operation-answers.js';
import { describeSecurity, type OperationSecurity, readSecuritySchemes } from './operation-security.js';

export type { ResponseInfo } from './operation-answers.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** What x-deprecation says of a deprecated operation: each part only where it says it (a valid date, a name). */
export type DeprecationNotice = { deprecatedAt?: Date; sunset?: Date; successor?: string };

export type OperationInfo = {
  /** Its operationId, or where it has none, its method and path: "GET /calendar". */
  operationId: string;
  /** Whether the contract gives it an operationId of its own. */
  named: boolean;
  method: HttpMethod;
  /** The spec's path template, e.g. /pets/{petId}. */
  path: string;
  stability: 'stable' | 'beta' | 'experimental';
  /** Whether the operation takes a body; other operations ignore any body sent. */
  hasRequestBody: boolean;
  /** Its body: whether one is required, and its media types with their schemas. */
  request: RequestInfo | undefined;
  /** Its parameters, its path item's included (an operation's own wins over one of the same name and place). */
  parameters: ParameterInfo[];
  /** The media types its body may have, for the 415's message. */
  requestMediaTypes: string[];
  /** The names of its query parameters (its path item's included), for an unknown one's message. */
  queryParameters: string[];
  /** Its integer path and query parameters, which take plain decimal digits only (plain-integers.ts). */
  integerParameters: ParameterPlace[];
  deprecation?: DeprecationNotice;
  /** Its answers by status as declared ("200", "4XX", "default"): media types, schemas, examples, headers. */
  responses: Map<string, ResponseInfo>;
  /** The credentials it takes. */
  security: OperationSecurity;
};

export type ParameterPlace = { in: 'path' | 'query'; name: string };

export type ParameterInfo = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** Its schema, $refs followed (allOf kept). */
  schema: JsonObject;
  /** The parameter object as written (its x- fields, style, explode). */
  declared: JsonObject;
};

export type RequestInfo = { required: boolean; media: MediaInfo[] };

export type Contract = {
  /** Where it was read from, for messages. */
  file: string;
  document: JsonObject;
  /** The spec's own text, served at /openapi.yaml. */
  text: string;
  /** The path of the first servers entry: the API's base path, e.g. /v1. */
  basePath: string;
  operations: OperationInfo[];
  /** The document's own `security`: what a request that names no operation is asked for. */
  security: OperationSecurity;
  /** The contract's error catalogue (x-error-codes): each code's status and meaning. */
  errorCodes: ReadonlyMap<string, ErrorCodeInfo>;
  /**
   * Examples that break their own schema, as JSON texts (read by value: a misplaced $ref read as
   * its target is a copy): an answer made of one would break the contract, so none is made.
   */
  brokenExamples?: ReadonlySet<string>;
};

export type ErrorCodeInfo = { status: number; description: string };

/** Whether a status is one an error may be answered with: 4xx or 5xx (a draft's others are refused when read). */
export const isErrorStatus = (status: unknown): status is number =>
  Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599;

function readErrorCodes(document: JsonObject): Map<string, ErrorCodeInfo> {
  const codes = new Map<string, ErrorCodeInfo>();
  for (const [code, raw] of Object.entries(asObject(document['x-error-codes']))) {
    const entry = asObject(raw);
    if (isErrorStatus(entry.status))
      codes.set(code, { status: entry.status as number, description: String(entry.description ?? '') });
  }
  return codes;
}

/** The contract's title and version, and where it comes from: built-in, or the file's name (never its folder). */
export function describeContractSource(contract: Contract): { title: string; version: string; source: string } {
  const info = asObject(contract.document.info);
  return {
    title: String(info.title ?? ''),
    version: String(info.version ?? ''),
    source: isBuiltInContract(contract.file) ? 'built-in' : basename(contract.file),
  };
}

/**
 * The name of an operation wherever the mock names one (its answer, its limits, storms, records,
 * reports): its operationId, or for one without, its method and path ("GET /calendar").
 */
export function operationName(method: string, path: string, operationId: unknown): string {
  return typeof operationId === 'string' && operationId.trim() !== '' ? operationId : `${method.toUpperCase()} ${path}`;
}

/** Where a path stands in the contract: "/pets/{petId}" is at "/paths/~1pets~1{petId}". */
export const pathItemPointer = (path: string) => `/paths/${escapePointerSegment(path)}`;

/** Where an operation stands in the contract, e.g. "/paths/~1pets/get". */
export const operationPointer = (operation: Pick<OperationInfo, 'path' | 'method'>) =>
  `${pathItemPointer(operation.path)}/${operation.method}`;

/** Whether a contract's file is one of the package's own (spec/petstore.yaml, spec/control.yaml). */
export const isBuiltInContract = (file: string) => file === PETSTORE_SPEC_FILE || file === CONTROL_SPEC_FILE;

export class ContractError extends Error {
  constructor(file: string, problem: string) {
    super(`The contract ${file} cannot be used: ${problem}. Restore it from the package (reinstall petstore-mock).`);
    this.name = 'ContractError';
  }
}

const PLACES: ReadonlySet<string> = new Set(['path', 'query', 'header', 'cookie']);

function describeParameters(document: JsonObject, pathItem: JsonObject, operation: JsonObject): ParameterInfo[] {
  const byPlace = new Map<string, ParameterInfo>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const declared = resolveLocalRef(document, raw);
      if (typeof declared.name !== 'string' || !PLACES.has(String(declared.in))) continue;
      byPlace.set(`${declared.in} ${declared.name}`, {
        name: declared.name,
        in: declared.in as ParameterInfo['in'],
        required: declared.required === true || declared.in === 'path',
        schema: resolveLocalRef(document, declared.schema),
        declared,
      });
    }
  }
  return [...byPlace.values()];
}

function describeRequest(document: JsonObject, raw: unknown): RequestInfo | undefined {
  if (raw === undefined) return undefined;
  const body = resolveLocalRef(document, raw);
  return {
    required: body.required === true,
    media: Object.entries(asObject(body.content)).map(([type, media]) => describeMedia(document, type, media)),
  };
}

function integerParameterPlaces(parameters: readonly ParameterInfo[]): ParameterPlace[] {
  return parameters
    .filter((parameter) => {
      const type = parameter.schema.type;
      return (
        (parameter.in === 'path' || parameter.in === 'query') &&
        (Array.isArray(type) ? type : [type]).includes('integer')
      );
    })
    .map((parameter) => ({ in: parameter.in as ParameterPlace['in'], name: parameter.name }));
}

/** A date x-deprecation gives, if it gives one that is valid. */
function noticeDate(value: unknown): Date | undefined {
  if (typeof value !== 'string' && !(value instanceof Date)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A deprecated operation's notice: a document that only says `deprecated: true` (Spotify's) gives
 * no date and no successor, and none is made up (no `Deprecation: @NaN`).
 */
function describeDeprecation(operation: JsonObject): DeprecationNotice | undefined {
  if (operation.deprecated !== true) return undefined;
  const notice = asObject(operation['x-deprecation']);
  const deprecatedAt = noticeDate(notice.deprecatedAt);
  const sunset = noticeDate(notice.sunset);
  return {
    ...(deprecatedAt ? { deprecatedAt } : {}),
    ...(sunset ? { sunset } : {}),
    ...(typeof notice.successor === 'string' ? { successor: notice.successor } : {}),
  };
}

/**
 * The path of a server's URL, the API's base path: its variables at their defaults (or first
 * enum value), as percent-encoded as a request writes it ("/rest/Train+Travel+API/1.0.0",
 * "/My%20API/v1"); "" at the root, or for a URL that is none.
 */
export function serverBasePath(server: unknown): string {
  const { url, variables } = asObject(server);
  if (typeof url !== 'string') return '';
  const filled = url.replace(/\{([^}]*)\}/g, (_whole, name: string) => {
    const variable = asObject(asObject(variables)[name]);
    const value = variable.default ?? (Array.isArray(variable.enum) ? variable.enum[0] : undefined);
    return value === undefined ? name : String(value);
  });
  try {
    return new URL(filled, 'http://placeholder').pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

export function parseContract(text: string, file: string): Contract {
  let parsed: unknown;
  try {
    // Loaded only here: a start from the compiled JSON does without the YAML parser.
    const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
    parsed = parse(text);
  } catch (error) {
    throw new ContractError(file, `it is not valid YAML (${(error as Error).message})`);
  }
  return describeContract(parsed, text, file);
}

/** The contract of a parsed document: its operations and base path (`text` is what /openapi.yaml serves). */
export function describeContract(parsed: unknown, text: string, file: string): Contract {
  const document = withNullableTyped(asObject(parsed));
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
    throw new ContractError(file, 'it is not an OpenAPI 3 document');
  }
  const basePath = serverBasePath((Array.isArray(document.servers) ? document.servers : [])[0]);

  const schemes = readSecuritySchemes(document);
  const operations: OperationInfo[] = [];
  for (const [path, item] of Object.entries(asObject(document.paths))) {
    for (const method of HTTP_METHODS) {
      const operation = asObject(asObject(item)[method]);
      if (Object.keys(operation).length === 0) continue;
      const stability = operation['x-stability'];
      const parameters = describeParameters(document, asObject(item), operation);
      const request = describeRequest(document, operation.requestBody);
      const operationId = operationName(method, path, operation.operationId);
      operations.push({
        operationId,
        named: operationId === operation.operationId,
        method,
        path,
        stability: stability === 'beta' || stability === 'experimental' ? stability : 'stable',
        hasRequestBody: request !== undefined,
        request,
        parameters,
        requestMediaTypes: request?.media.map((media) => media.type) ?? [],
        queryParameters: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        integerParameters: integerParameterPlaces(parameters),
        deprecation: describeDeprecation(operation),
        responses: describeResponses(document, operation.responses),
        security: describeSecurity(schemes, operation.security, document.security),
      });
    }
  }
  return {
    file,
    document,
    text,
    basePath,
    operations,
    security: describeSecurity(schemes, undefined, document.security),
    errorCodes: readErrorCodes(document),
  };
}

/**
 * Loads a contract from its YAML file. `compiledFile`, the same contract as JSON written by the
 * build, is used instead of parsing the YAML when it is at least as new (JSON.parse is ~100x faster).
 */
export function loadContract(file: string, compiledFile?: string): Contract {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ContractError(file, (error as Error).message);
  }
  const compiled = compiledFile === undefined ? undefined : readBuildOutput(compiledFile, file);
  if (compiled !== undefined) {
    try {
      return describeContract(JSON.parse(compiled) as unknown, text, file);
    } catch {
      // A damaged build output: the YAML is the source, so read that instead.
    }
  }
  return parseContract(text, file);
}
