// The checks every answer gets: a declared status, the declared content type, a body that
// matches its schema, the declared headers present and well-formed, the contract's error on every
// error with a `status` equal to the HTTP status, and sound rate-limit headers of the contract's
// dialect.
import { SET_BY_HTTP } from '../../src/openapi/headers-set-by-http.js';
import { mediaFamily } from '../../src/openapi/media-types.js';
import {
  CHECKING_PET_STORE_DRAFT,
  checkBody,
  declaredHeaders,
  declaredMediaTypes,
  operationsDeclaringHeaders,
  type SpecOperation,
} from './contract-spec.js';
import { coveringStatus, errorShapeProblems } from './error-shapes.js';
import type { Exchange } from './exchange.js';
import { isLimitHeader, limitHeaderFormProblems, limitHeadersRequired } from './limit-window.js';
import { requireNoProblems } from './violation.js';

/**
 * The rate-limit headers of the contract's dialect (limit-window.ts): present where it declares
 * them required, integers, what remains at most the limit, the window ending within a day of the
 * answer's own Date. None where the contract declares none.
 */
export function rateLimitHeaderProblems(exchange: Exchange, operation?: SpecOperation): string[] {
  return limitHeaderFormProblems(exchange, limitHeadersRequired(operation, exchange.status));
}

/** The declared media type an answer's Content-Type is (or a wildcard that takes it), as the contract writes it. */
function declaredMediaOf(declared: readonly string[], contentType: string): string | undefined {
  const lower = contentType.toLowerCase();
  return (
    declared.find((type) => type.toLowerCase() === lower) ??
    declared.find(
      (type) => type === '*/*' || (type.endsWith('/*') && lower.startsWith(type.slice(0, -1).toLowerCase())),
    )
  );
}

/** The body of an answer against the schema of its declared status and media type. */
/** Statuses HTTP sends without content (RFC 9110, sections 15.3.5, 15.3.6 and 15.4.5). */
const NO_CONTENT = new Set([204, 205, 304]);

function bodyProblems(operation: SpecOperation, exchange: Exchange, declared: string): string[] {
  const status = String(exchange.status);
  const mediaTypes = declaredMediaTypes(operation, declared);
  const contentType = (exchange.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  if (mediaTypes.length === 0)
    return exchange.text.length > 0 ? [`a ${status} declares no body, but one came back`] : [];
  // HTTP gives a 204, 205 or 304 no body whatever the contract declares (swaggo writes a schema
  // on its 204s): an empty answer is the only one a server can send.
  if (NO_CONTENT.has(exchange.status) && exchange.text.length === 0) return [];
  const media = declaredMediaOf(mediaTypes, contentType);
  if (media === undefined) return [`content type is "${contentType || 'none'}", declared: ${mediaTypes.join(', ')}`];
  // Only JSON is read against a schema: an image, a text or a file is its declared type, and that is all.
  if (mediaFamily(contentType) !== 'json') return [];
  if (exchange.body === undefined) return ['the body is not valid JSON'];
  return checkBody(operation, declared, media, exchange.body).map((problem) => `body ${problem}`);
}

export type Expectation = {
  /** The statuses this request must get (default: any the operation declares). */
  statuses?: number[];
  description?: string;
};

export function conformanceProblems(
  operation: SpecOperation,
  exchange: Exchange,
  expectation: Expectation = {},
): string[] {
  const status = String(exchange.status);
  const problems: string[] = [];
  const declared = coveringStatus(operation, exchange.status);
  if (declared === undefined) {
    // A status HTTP asks for that the contract leaves out (a 401 of a secured operation without a
    // 401): the contract's gap, not the implementation's; its error is judged by the nearest one.
    if (!expectation.statuses?.includes(exchange.status))
      problems.push(
        `status ${status} is not declared for ${operation.operationId} (declared: ${operation.declaredStatuses.join(', ')})`,
      );
  } else {
    for (const problem of bodyProblems(operation, exchange, declared)) problems.push(problem);
    for (const header of declaredHeaders(operation, declared)) {
      // How an answer is framed is HTTP's to say (chunked or of a length), whatever the contract declares.
      if (SET_BY_HTTP.has(header.name.toLowerCase())) continue;
      const value = exchange.headers[header.name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`required header ${header.name} is missing`);
      } else {
        for (const problem of header.check(value)) problems.push(`header ${header.name}: ${problem}`);
      }
    }
  }
  const found = problems.concat(
    undeclaredHeaderProblems(operation, exchange),
    errorShapeProblems(operation, exchange),
    rateLimitHeaderProblems(exchange, operation),
  );
  if (expectation.statuses && !expectation.statuses.includes(exchange.status)) {
    found.unshift(`status ${exchange.status}, expected ${expectation.statuses.join(' or ')}`);
  }
  return [...new Set(found)];
}

/**
 * Headers the contract declares elsewhere only, answered here: for other operations, or for
 * other statuses of this one (a header of the 200 answered on a 404).
 */
export function undeclaredHeaderProblems(operation: SpecOperation, exchange: Exchange): string[] {
  // Another API's server may answer headers its document declares elsewhere (Swagger Petstore's
  // X-Rate-Limit, declared for loginUser): HTTP allows it, and only the Pet Store promises otherwise.
  if (!CHECKING_PET_STORE_DRAFT) return [];
  const problems: string[] = [];
  const status = String(exchange.status);
  const declared = coveringStatus(operation, exchange.status);
  const declaredHere =
    declared === undefined
      ? undefined
      : new Set(declaredHeaders(operation, declared).map((header) => header.name.toLowerCase()));
  for (const [lowerName, { name, operations }] of operationsDeclaringHeaders()) {
    // Every answer with a body has a Content-Type, whatever a document says of it (DigitalOcean),
    // and HTTP frames every answer (Content-Length, Connection, Date), whether declared or not.
    if (exchange.headers[lowerName] === undefined || SET_BY_HTTP.has(lowerName)) continue;
    // The API's limit headers may come with any counted answer, a draft's new operation's too
    // (the Pet Store answers them on every one): their form is checked by rateLimitHeaderProblems.
    if (isLimitHeader(lowerName)) continue;
    if (!operations.has(operation.operationId)) {
      problems.push(
        `header ${name} is answered, but the contract declares it for ${[...operations].join(', ')} only, not ${operation.operationId}`,
      );
    } else if (declaredHere && !declaredHere.has(lowerName)) {
      const statuses = operation.declaredStatuses.filter((declared) =>
        declaredHeaders(operation, declared).some((header) => header.name.toLowerCase() === lowerName),
      );
      problems.push(
        `header ${name} is answered with ${status}, but the contract declares it on ${operation.operationId}'s ${statuses.join(', ')} only`,
      );
    }
  }
  return problems;
}

export function expectConforms(operation: SpecOperation, exchange: Exchange, expectation: Expectation = {}): void {
  const expected = [
    expectation.description ?? `an answer ${operation.operationId} declares`,
    expectation.statuses ? `with status ${expectation.statuses.join(' or ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  requireNoProblems(
    exchange,
    `${expected}, matching the contract (status, content type, body schema, headers)`,
    conformanceProblems(operation, exchange, expectation),
  );
}
