// The answers an operation declares, read once when the contract is: per status (exact, `4XX`,
// `default`), each media type with its schema and examples, and the headers it declares. What
// answers a request (the conventions, the errors, Prefer, the limits' headers) reads this model
// instead of walking the document.
import { asObject, escapePointerSegment, type JsonObject, locate, resolveLocalRef } from './json-pointer.js';
import { mediaFamily } from './media-types.js';

export type MediaInfo = {
  /** As declared: "application/problem+json". */
  type: string;
  /** The schema as written ($refs kept, for the validator's and the faker's own resolution). */
  schema: unknown;
  /** Named examples (their values), then the one `example`, if any. */
  examples: Record<string, unknown>;
  example?: unknown;
};

export type HeaderInfo = {
  name: string;
  required: boolean;
  schema: JsonObject;
  description: string;
  /** The header's own example (or its first named one's value), if it gives one. */
  example?: unknown;
};

/** A header's own example: `example`, else the value of the first of its `examples`. */
function headerExample(document: JsonObject, header: JsonObject): { example?: unknown } {
  if (header.example !== undefined) return { example: header.example };
  const first = Object.values(asObject(header.examples))[0];
  const value = first === undefined ? undefined : resolveLocalRef(document, first).value;
  return value === undefined ? {} : { example: value };
}

export type ResponseInfo = {
  /** As declared: "404", "4XX" or "default". */
  status: string;
  /** Named examples of the JSON body, if any. */
  examples: Record<string, unknown>;
  /** Error codes the response lists (code.enum), for error statuses. */
  errorCodes: string[];
  /** Its media types, in the contract's order (none: an answer without a body). */
  media: MediaInfo[];
  headers: HeaderInfo[];
};

function listErrorCodes(document: JsonObject, schema: unknown): string[] {
  const resolved = resolveLocalRef(document, schema);
  const parts = [
    resolved,
    ...(Array.isArray(resolved.allOf) ? resolved.allOf : []).map((part) => resolveLocalRef(document, part)),
  ];
  return parts.flatMap((part) => {
    const code = asObject(asObject(part.properties).code);
    return Array.isArray(code.enum) ? code.enum.filter((value) => typeof value === 'string') : [];
  });
}

/** A media type object of a body or an answer, its examples resolved. */
export function describeMedia(document: JsonObject, type: string, raw: unknown): MediaInfo {
  const media = resolveLocalRef(document, raw);
  const examples = Object.fromEntries(
    Object.entries(asObject(media.examples)).map(([name, example]) => [name, resolveLocalRef(document, example).value]),
  );
  return { type, schema: media.schema, examples, ...(media.example !== undefined ? { example: media.example } : {}) };
}

function describeHeaders(document: JsonObject, raw: unknown): HeaderInfo[] {
  return Object.entries(asObject(raw)).map(([name, value]) => {
    const header = resolveLocalRef(document, value);
    return {
      name,
      required: header.required === true,
      schema: resolveLocalRef(document, header.schema),
      description: typeof header.description === 'string' ? header.description : '',
      ...headerExample(document, header),
    };
  });
}

/** The answers of an operation's `responses`, by status as declared. */
export function describeResponses(document: JsonObject, responses: unknown): Map<string, ResponseInfo> {
  const result = new Map<string, ResponseInfo>();
  for (const [status, raw] of Object.entries(asObject(responses))) {
    const response = resolveLocalRef(document, raw);
    const content = asObject(response.content);
    const media = Object.entries(content).map(([type, value]) => describeMedia(document, type, value));
    const json =
      media.find((entry) => entry.type === 'application/json') ??
      media.find((entry) => mediaFamily(entry.type) === 'json');
    const key = /^[1-5]xx$/i.test(status) ? status.toUpperCase() : status;
    result.set(key, {
      status: key,
      examples: json?.examples ?? {},
      errorCodes: listErrorCodes(document, json?.schema),
      media,
      headers: describeHeaders(document, response.headers),
    });
  }
  return result;
}

/** The declared answer that covers `status`: its own, else its class's (`4XX`), else `default`. */
export function answerCovering(responses: ReadonlyMap<string, ResponseInfo>, status: number): ResponseInfo | undefined {
  return responses.get(String(status)) ?? responses.get(`${String(status)[0]}XX`) ?? responses.get('default');
}

/** Where a response of an operation stands, $refs followed: for compiling its schemas where they are written. */
export function responsePointer(document: JsonObject, operationPointer: string, status: string): string {
  const responses = asObject(locate(document, `${operationPointer}/responses`)[1]);
  const declared = Object.keys(responses).find((key) => key.toUpperCase() === status.toUpperCase()) ?? status;
  return locate(document, `${operationPointer}/responses/${escapePointerSegment(declared)}`)[0];
}
