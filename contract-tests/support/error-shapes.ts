// The error answer the contract gives an operation for a status, and an implementation's error
// judged against it: the operation's own answer for the status (exact, its class's `4XX`, or
// `default`); for a status the operation does not declare but HTTP requires (a 401 of a secured
// operation, a 404 of an unknown path), the nearest error it declares, else the contract's most
// common one for the status. Its media type, its schema (RFC 9457 problem details, `{code,
// message}`, `{error: {...}}`, `errors: [...]`), a `status` field equal to the HTTP status, and no
// body where the contract declares none. The Pet Store's Error object keeps its own words.
import { asObject } from '../../src/openapi/json-pointer.js';
import { flatten } from '../generation/json-schema.js';
import { declaredMediaTypes, listOperations, resolve, type SpecOperation } from './contract-spec.js';

export type ExpectedError = {
  /** The operation whose answer gives the shape, and its status as declared ("404", "4XX", "default"). */
  operation: SpecOperation;
  status: string;
  /** Whether it is the operation's own answer for the status, rather than borrowed from another. */
  own: boolean;
};

const isError = (declared: string) => declared === 'default' || /^[45]/.test(declared);
const numberOf = (declared: string) => (declared === 'default' ? 500 : Number(declared.replace(/x/gi, '0')));

/** The status an answer of `status` is declared under for the operation: its own, its class's, or default. */
export function coveringStatus(operation: SpecOperation, status: number): string | undefined {
  const declared = operation.declaredStatuses;
  return (
    declared.find((key) => key === String(status)) ??
    declared.find((key) => key.toUpperCase() === `${String(status)[0]}XX`) ??
    declared.find((key) => key === 'default')
  );
}

/** The operation's declared error nearest `status`: of its class first, then the closest number. */
function nearestError(operation: SpecOperation, status: number): string | undefined {
  const distance = (declared: string) =>
    (Math.floor(numberOf(declared) / 100) === Math.floor(status / 100) ? 0 : 1000) +
    Math.abs(numberOf(declared) - status);
  return operation.declaredStatuses.filter(isError).sort((a, b) => distance(a) - distance(b))[0];
}

const commonErrors = new Map<number, ExpectedError | undefined>();
/** The error the contract declares most often for `status` (by its media types and schema), else for any error status. */
function contractWideError(status: number): ExpectedError | undefined {
  if (commonErrors.has(status)) return commonErrors.get(status);
  const mostCommon = (candidates: ExpectedError[]) => {
    const counts = new Map<string, { error: ExpectedError; count: number }>();
    for (const error of candidates) {
      // By media types and schemas, not examples: swaggo gives each `{code, message}` answer its own.
      const content = Object.entries(resolve(error.operation.raw.responses[error.status])?.content ?? {});
      const key = JSON.stringify(content.map(([type, media]) => [type, asObject(media).schema]));
      const entry = counts.get(key) ?? { error, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
    return [...counts.values()].sort((a, b) => b.count - a.count)[0]?.error;
  };
  const operations = listOperations();
  const covering = operations.flatMap((operation) => {
    const declared = coveringStatus(operation, status);
    return declared && isError(declared) ? [{ operation, status: declared, own: false }] : [];
  });
  const anyError = operations.flatMap((operation) =>
    operation.declaredStatuses
      .filter((declared) => isError(declared) && declaredMediaTypes(operation, declared).length > 0)
      .map((declared) => ({ operation, status: declared, own: false })),
  );
  const found = mostCommon(covering) ?? mostCommon(anyError);
  commonErrors.set(status, found);
  return found;
}

/** The error answer an answer of `status` is judged against (undefined: the contract declares no error at all). */
export function expectedError(operation: SpecOperation | undefined, status: number): ExpectedError | undefined {
  if (operation) {
    const own = coveringStatus(operation, status);
    if (own !== undefined) return { operation, status: own, own: true };
    const near = nearestError(operation, status);
    if (near !== undefined) return { operation, status: near, own: false };
  }
  return contractWideError(status);
}

/** The schema of the expected error in `mediaType` (or its first), flattened; undefined where it has none. */
function schemaOfError(expected: ExpectedError, mediaType?: string) {
  const media = resolve(expected.operation.raw.responses[expected.status])?.content ?? {};
  const declared = Object.keys(media).find((type) => type.toLowerCase() === mediaType) ?? Object.keys(media)[0];
  const schema = declared === undefined ? undefined : media[declared]?.schema;
  return schema === undefined ? undefined : flatten(schema);
}

/**
 * A borrowed error's body: an object with the fields its schema requires. Not its whole schema: the
 * values it pins to its own status (a `status` const, the codes of its enum) belong to that status.
 */
function requiredFieldProblems(schema: { required?: unknown; type?: unknown } | undefined, body: unknown): string[] {
  if (schema === undefined) return [];
  // An error that is a text, a number or a list (the USPTO API's 404 is a string): of its type.
  if (typeof schema.type === 'string' && schema.type !== 'object') {
    const type = schema.type === 'integer' ? 'number' : schema.type;
    const found = Array.isArray(body) ? 'array' : body === null ? 'null' : typeof body;
    return found === type ? [] : [`the error body is not a JSON ${schema.type}`];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['the error body is not a JSON object'];
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return required.filter((name) => !(name in body)).map((name) => `the error body has no ${name}`);
}

/** Whether the contract's error for `status` is the Pet Store's Error object (judged in its own words). */
export function errorIsErrorObject(status: number): boolean {
  const expected = expectedError(undefined, status);
  return expected !== undefined && isErrorObject(schemaOfError(expected));
}

/** Whether an error schema is the Pet Store's Error object: a code, a message and the status. */
function isErrorObject(schema: { properties?: Record<string, unknown> } | undefined): boolean {
  const properties = schema?.properties ?? {};
  return 'code' in properties && 'message' in properties && 'status' in properties;
}

/** A JSON media type: application/json, or a structured +json one (application/problem+json). */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json$/;

export type ErrorAnswer = { status: number; headers: Record<string, string>; body: unknown; text: string };

/** The Pet Store's Error object: code, message, and a status equal to the HTTP status. */
export function errorObjectProblems(exchange: ErrorAnswer): string[] {
  if (exchange.status < 400) return [];
  const body = exchange.body as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null) return ['the error body is not a JSON object (the Error object)'];
  const problems: string[] = [];
  if (typeof body.code !== 'string' || body.code === '') problems.push('Error.code is not a non-empty string');
  if (typeof body.message !== 'string') problems.push('Error.message is not a string');
  if (body.status !== exchange.status)
    problems.push(`Error.status is ${JSON.stringify(body.status)}, not the HTTP status ${exchange.status}`);
  return problems;
}

/**
 * An error answer against the contract's error for its operation and status. Where the status is
 * the operation's own, its media type and schema are judged with the rest of the answer
 * (conformance.ts); here, what a schema cannot say: a `status` field that is the HTTP status. Where
 * it is borrowed, the media type and schema of the error it borrows too.
 */
export function errorShapeProblems(operation: SpecOperation | undefined, exchange: ErrorAnswer): string[] {
  if (exchange.status < 400) return [];
  const expected = expectedError(operation, exchange.status);
  if (!expected) return [];
  const contentType = (exchange.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const media = declaredMediaTypes(expected.operation, expected.status).map((type) => type.toLowerCase());
  const schema = schemaOfError(expected, contentType);
  // The built-in contract's Error, kept in its own words wherever a contract answers with it.
  if (isErrorObject(schema)) return errorObjectProblems(exchange);
  const problems: string[] = [];
  const shape = `the shape of ${expected.operation.operationId}'s ${expected.status}`;
  if (!expected.own) {
    if (media.length === 0) {
      if (exchange.text.length > 0)
        problems.push(`a ${exchange.status} in ${shape}, which has no body, but one came back`);
    } else if (!media.includes(contentType)) {
      problems.push(
        `the ${exchange.status} is "${contentType || 'no content type'}", where the contract's errors (${shape}) are ${media.join(', ')}`,
      );
    } else if (!JSON_TYPE.test(contentType)) {
      // Borrowed in XML or text (ReadMe's parameter examples answer 400 in XML): its type is what is held.
    } else if (exchange.body === undefined) {
      problems.push(`the ${exchange.status}'s body is not valid JSON (${shape})`);
    } else {
      for (const problem of requiredFieldProblems(schema, exchange.body)) problems.push(`${problem} (${shape})`);
    }
  }
  const body = exchange.body as Record<string, unknown> | undefined;
  const declaresStatus = schema?.properties !== undefined && 'status' in (schema.properties as object);
  if (
    declaresStatus &&
    typeof body === 'object' &&
    body !== null &&
    typeof body.status === 'number' &&
    body.status !== exchange.status
  )
    problems.push(`the error's status is ${body.status}, not the HTTP status ${exchange.status}`);
  return problems;
}

/**
 * The error code an answer carries, where the contract's error for it has a place for `code`
 * (a text field `code` that admits it); `judged` false where it has none (problem details, a
 * numeric code, an enum in the contract's own words): then the status alone tells the rule.
 */
export function errorCodeOf(
  operation: SpecOperation | undefined,
  exchange: ErrorAnswer,
  code: string,
): { judged: boolean; code: unknown } {
  const contentType = (exchange.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const expected = expectedError(operation, exchange.status);
  const schema = expected ? schemaOfError(expected, contentType) : undefined;
  const field = schema?.properties?.code === undefined ? undefined : flatten(schema.properties.code);
  const judged =
    field !== undefined &&
    (field.type === 'string' || field.type === undefined) &&
    (!Array.isArray(field.enum) || field.enum.includes(code));
  return { judged, code: (exchange.body as { code?: unknown } | undefined)?.code };
}

/**
 * Whether an answer is the refusal of `status` with `code`: its code, where the contract's error
 * has a place for it; its status alone where it has none.
 */
export function isRefusal(
  exchange: ErrorAnswer & { operationId?: string },
  status: number,
  code: string,
  operation?: SpecOperation,
): boolean {
  if (exchange.status !== status) return false;
  const named = operation ?? listOperations().find((candidate) => candidate.operationId === exchange.operationId);
  const said = errorCodeOf(named, exchange, code);
  return !said.judged || said.code === code;
}
