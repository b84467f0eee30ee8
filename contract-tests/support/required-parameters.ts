// The query, header and cookie parameters an operation requires: every request the suite sends
// carries them, each as the check set it or else a valid value, since a request without one is
// not valid (Asana's GET /attachments requires ?parent=, Discourse's GET /latest.json the headers
// Api-Key and Api-Username). A value given with --header, or a key's header or cookie, is never replaced.
import { isIgnoredHeaderName } from '../../src/openapi/ignored-header-parameters.js';
import { schemaFactsOf } from '../../src/openapi/schema-analysis/schema-facts.js';
import { queryString, queryValueSchema } from '../generation/operation-requests.js';
import { resolve, SPEC, type SpecOperation } from './contract-spec.js';
import { validValue } from './requests.js';
import { CheckSkipped } from './scheduler.js';

type Parameter = { name: string; in: string; required?: boolean; example?: unknown; schema?: unknown };

const requiredIn = (operation: SpecOperation, where: string) =>
  (operation.parameters as Parameter[]).filter((parameter) => parameter.in === where && parameter.required === true);

const exampleOf = (parameter: Parameter) =>
  parameter.example ?? (parameter.schema as { example?: unknown } | undefined)?.example;

const asText = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value));

/** Its schema read as its values are sent, where a value fits it; no valid request can carry it otherwise. */
function sentSchema(parameter: Parameter): unknown {
  if (parameter.schema !== undefined && !schemaFactsOf(SPEC).fits(parameter.schema))
    throw new CheckSkipped(
      `no value fits the schema of its required ${parameter.in} parameter ${parameter.name} (its bounds or parts exclude each other), so no valid request can be sent`,
    );
  return queryValueSchema({ ...parameter, schema: parameter.schema ?? {} });
}

/** A value drawn from a parameter's schema. */
const drawnValue = (parameter: Parameter) => asText(validValue(sentSchema(parameter), parameter.name, {}));

/** A valid value of a parameter: its example where it gives one, else one drawn from its schema. */
function parameterValue(parameter: Parameter): string {
  const example = exampleOf(parameter);
  return example !== undefined && typeof example !== 'object' ? asText(example) : drawnValue(parameter);
}

/** What an HTTP header value may hold (as Node checks it): tabs and visible characters, no CR, LF or NUL. */
const HEADER_SAFE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * A valid value of a header parameter that a header can carry: an example holding a line break
 * cannot be sent, so one drawn from the schema is, and where none can be the check is skipped.
 */
function headerValue(parameter: Parameter): string {
  const value = parameterValue(parameter);
  if (HEADER_SAFE.test(value)) return value;
  const drawn = drawnValue(parameter);
  if (HEADER_SAFE.test(drawn)) return drawn;
  throw new CheckSkipped(
    `its required header ${parameter.name} has no valid value a header can carry (${JSON.stringify(value).slice(0, 60)} holds a CR, LF or other character no header value may hold)`,
  );
}

/**
 * A required query parameter's pairs: an object as its style writes it (Typesense's
 * searchParameters, form and exploded: `q=…&query_by=…`), never "[object Object]".
 */
function queryPairs(parameter: Parameter): string {
  const example = exampleOf(parameter);
  const value = example ?? validValue(sentSchema(parameter), parameter.name, {});
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return queryString({ [parameter.name]: value }, [parameter]).slice(1);
  return `${encodeURIComponent(parameter.name)}=${encodeURIComponent(parameterValue(parameter))}`;
}

/** Whether a query holds a parameter: by its name, as `name[key]` (deepObject), or an object's spread keys. */
function sentIn(query: URLSearchParams, parameter: Parameter): boolean {
  if (query.has(parameter.name)) return true;
  const keys = [...query.keys()];
  if (keys.some((key) => key.startsWith(`${parameter.name}[`))) return true;
  const schema: { properties?: object } | undefined = resolve(parameter.schema ?? {});
  return Object.keys(schema?.properties ?? {}).some((name) => query.has(name));
}

/** `path` (with its query) carrying each required query parameter it leaves out. */
export function withRequiredQuery(operation: SpecOperation | undefined, path: string): string {
  if (operation === undefined) return path;
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  const missing = requiredIn(operation, 'query').filter((parameter) => !sentIn(query, parameter));
  if (missing.length === 0) return path;
  const added = missing.map(queryPairs);
  return `${path}${path.includes('?') ? '&' : '?'}${added.join('&')}`;
}

/** The required header parameters that neither `headers` nor `given` (names the credentials send) carry. */
export function requiredHeaders(
  operation: SpecOperation | undefined,
  headers: Readonly<Record<string, string>>,
  given: readonly string[],
): Record<string, string> {
  if (operation === undefined) return {};
  const present = new Set([...Object.keys(headers), ...given].map((name) => name.toLowerCase()));
  return Object.fromEntries(
    requiredIn(operation, 'header')
      .filter((parameter) => !isIgnoredHeaderName(parameter.name))
      .filter((parameter) => !present.has(parameter.name.toLowerCase()))
      .map((parameter) => [parameter.name, headerValue(parameter)]),
  );
}

/** The names of the cookies of a Cookie header. */
const cookieNames = (header: string) =>
  header
    .split(';')
    .map((pair) => pair.slice(0, Math.max(0, pair.indexOf('='))).trim())
    .filter((name) => name !== '');

/**
 * `header` (a Cookie header, or none) with each required cookie parameter added that neither it
 * nor `given` (cookies the credentials send) carries, its value percent-encoded.
 */
export function withRequiredCookies(
  operation: SpecOperation | undefined,
  header: string | undefined,
  given: readonly string[],
): string | undefined {
  if (operation === undefined) return header;
  const present = new Set([...cookieNames(header ?? ''), ...given]);
  const added = requiredIn(operation, 'cookie')
    .filter((parameter) => !present.has(parameter.name))
    .map((parameter) => `${parameter.name}=${encodeURIComponent(parameterValue(parameter))}`);
  if (added.length === 0) return header;
  return [...(header ? [header] : []), ...added].join('; ');
}
