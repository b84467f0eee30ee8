// Sends one request to the target and keeps what came back, with everything a failure report
// needs: the request, a curl line to reproduce it, and the answer. Each key is paced as a good
// client paces it (key-pace.ts).
import type { CredentialScheme } from '../../src/openapi/operation-security.js';
import { currentCheck } from './check-context.js';
import { resolve, type SpecOperation } from './contract-spec.js';
import {
  curlSecretArgs,
  curlUrl,
  givenCredentials,
  type SecretPart,
  schemesToSend,
  secretParts,
  withSecrets,
} from './credentials.js';
import { keptForCleanUp, readDay, spendDay } from './day-room.js';
import { formBodyOf } from './form-bodies.js';
import { formTypeOf } from './form-types.js';
import { httpRequest } from './http-client.js';
import { isJsonType } from './json-types.js';
import { KeyWithoutRoom, MAX_POLITE_WAIT_SECONDS, sendPaced } from './key-pace.js';
import { keyId, type SentKey, targetKey } from './keys.js';
import { setField } from './own-fields.js';
import { operationOfRequest } from './request-operation.js';
import { requiredHeaders, withRequiredCookies, withRequiredQuery } from './required-parameters.js';
import { sharing, WRITES } from './run-locks.js';
import { CheckSkipped } from './scheduler.js';
import { answerTimeoutMs, contractTarget, SCOPE_HEADER } from './target.js';
import { retryAfterSeconds } from './target-clock.js';

export type Exchange = {
  operationId?: string;
  method: string;
  /** Full URL. */
  url: string;
  /** The headers sent, those that carry a secret left out (see secrets). */
  requestHeaders: Record<string, string>;
  /** The API key sent, if any, with the way a report shows it. */
  sentKey?: SentKey;
  /** What carried a secret (the key in its schemes, the --headers given), each as a report writes it. */
  secrets?: SecretPart[];
  /** The body as sent (text), if any. */
  requestBody?: string;
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined. */
  body: unknown;
  text: string;
};

export type Outgoing = {
  operationId?: string;
  method: string;
  /** Path after the base URL, with its query, e.g. /pets?limit=2. */
  path: string;
  /** A full URL in place of the base URL and path (a path outside the base path). */
  url?: string;
  /** The key to send; null sends none. Default: the target's key (--api-key). */
  key?: SentKey | null;
  /** The schemes the key goes in (default: those the operation declares, credentials.ts schemesToSend). */
  schemes?: readonly CredentialScheme[];
  /** A JSON value (sent as application/json) or raw text with its own content type. */
  json?: unknown;
  raw?: { contentType: string; text: string };
  headers?: Record<string, string>;
  /** Wait out a 429 as Retry-After says and send again (default true): a polite client. */
  retryWhenLimited?: boolean;
  /**
   * Wait for the key's turn: none while its window has no room, none before a 429's Retry-After
   * (default true). The checks that drive a key past its limit on purpose send without.
   */
  pace?: boolean;
};

/** 429s a polite request waits out before its answer is the 429 itself. */
const MAX_LIMITED_TRIES = 5;

/** The operation a request goes to (none outside the base URL: the document's credentials then). */
const operationOf = (outgoing: Outgoing) =>
  outgoing.url === undefined ? operationOfRequest(outgoing.method, outgoing.path, outgoing.operationId) : undefined;

const acceptOf = new Map<SpecOperation | undefined, string>();
/**
 * The Accept of a request: the media types the operation answers in (a server may refuse a type it
 * does not give with 406), JSON types first, since the suite reads what comes back (InfluxDB's
 * telegraf reads offer TOML first), each kind in the order of its statuses, successes first; JSON
 * where it declares none.
 */
function acceptFor(operation: SpecOperation | undefined): string {
  let accept = acceptOf.get(operation);
  if (accept === undefined) {
    const statuses = operation?.declaredStatuses ?? [];
    const ordered = [...statuses.filter((status) => status.startsWith('2')), ...statuses];
    const types = ordered.flatMap((status) => Object.keys(resolve(operation?.raw.responses[status])?.content ?? {}));
    const distinct = [...new Set(types)];
    accept = [...distinct.filter(isJsonType), ...distinct.filter((type) => !isJsonType(type))].join(', ');
    accept ||= 'application/json';
    acceptOf.set(operation, accept);
  }
  return accept;
}

let givenHeaders: SecretPart[] | undefined;

async function sendOnce(outgoing: Outgoing, key: SentKey | null): Promise<Exchange> {
  const target = contractTarget();
  const operation = operationOf(outgoing);
  const url = outgoing.url ?? `${target.baseUrl}${withRequiredQuery(operation, outgoing.path)}`;
  const scope = key?.scope ?? target.scope;
  const headers: Record<string, string> = {
    Accept: acceptFor(operation),
    ...(scope === undefined ? {} : { [SCOPE_HEADER]: scope }),
    ...outgoing.headers,
  };
  let body: string | undefined;
  if (outgoing.json !== undefined) {
    body = JSON.stringify(outgoing.json);
    // As the operation declares its JSON (application/vnd.pet+json): another type may be read by another schema.
    headers['Content-Type'] = operation?.requestJsonType ?? 'application/json';
  } else if (outgoing.raw) {
    body = outgoing.raw.text;
    headers['Content-Type'] = outgoing.raw.contentType;
  }
  const check = currentCheck();
  if (check) check.requests += 1;
  const main = key !== null && keyId(key) === keyId(targetKey());
  if (main) spendDay();
  givenHeaders ??= givenCredentials(target).headers;
  const secrets = [...givenHeaders, ...(key ? secretParts(key, outgoing.schemes ?? schemesToSend(operation)) : [])];
  const required = requiredHeaders(
    operation,
    headers,
    secrets.filter((part) => part.in === 'header').map((part) => part.name),
  );
  // Each set as an own field: a header named __proto__ assigned would set the object's prototype.
  for (const [name, value] of Object.entries(required)) setField(headers, name, value);
  const cookieHeader = Object.keys(headers).find((name) => name.toLowerCase() === 'cookie') ?? 'Cookie';
  const cookies = withRequiredCookies(
    operation,
    headers[cookieHeader],
    secrets.filter((part) => part.in === 'cookie').map((part) => part.name),
  );
  if (cookies !== undefined) setField(headers, cookieHeader, cookies);
  const sent = withSecrets(url, headers, secrets);
  const answer = await httpRequest({
    method: outgoing.method,
    url: sent.url,
    headers: sent.headers,
    ...(body === undefined ? {} : { body }),
    timeoutMs: answerTimeoutMs(),
    ...(target.caFile ? { caFile: target.caFile } : {}),
  });
  if (main) readDay(answer);
  let json: unknown;
  try {
    json = answer.text ? JSON.parse(answer.text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    ...(outgoing.operationId ? { operationId: outgoing.operationId } : {}),
    method: outgoing.method.toUpperCase(),
    url,
    requestHeaders: headers,
    ...(key ? { sentKey: key } : {}),
    secrets,
    ...(body === undefined ? {} : { requestBody: body }),
    status: answer.status,
    headers: answer.headers,
    body: json,
    text: answer.text,
  };
}

/**
 * The request as the operation takes its body: JSON where it takes JSON (or no body), else the
 * JSON value written as the form it takes (Twilio's creates, a multipart upload) where a form
 * carries it whole. A body the operation cannot be sent so, or a body it requires and the
 * request leaves out, is no fault of the server's when it answers 415 or 400: the check is
 * skipped, saying so.
 */
function writtenAsDeclared(outgoing: Outgoing): Outgoing {
  const operation = operationOfRequest(outgoing.method, outgoing.path.split('?')[0] ?? '', outgoing.operationId);
  const types = operation?.requestMediaTypes ?? [];
  if (types.length === 0 || operation?.requestJsonType !== undefined) return outgoing;
  // No body, where none is required, is a request the suite can make of it.
  if (outgoing.json === undefined && outgoing.raw === undefined && operation?.requestBodyRequired !== true)
    return outgoing;
  const formType = formTypeOf(types);
  const form =
    formType === undefined || outgoing.json === undefined
      ? undefined
      : formBodyOf(formType, outgoing.json, operation?.requestSchema);
  if (form) {
    const { json: _json, ...rest } = outgoing;
    return { ...rest, raw: form };
  }
  throw new CheckSkipped(
    formType === undefined || outgoing.json === undefined
      ? `${operation?.operationId} takes its body as ${types.join(' or ')}, which the suite does not write`
      : `${operation?.operationId} takes its body as ${formType}, which cannot carry this one as it is (a form's fields are text, numbers and booleans of their declared types)`,
  );
}

/**
 * Sends a request with its key's pacing; a 429 is waited out as its Retry-After says and the
 * request sent again (unless `retryWhenLimited` is false). A key whose room is further off than
 * the run waits ends the check as skipped, with why (KeyWithoutRoom).
 */
export async function send(given: Outgoing): Promise<Exchange> {
  // A path parameter no record of the suite's fills (a parent no operation makes) is never sent as "{companyId}".
  const unfilled = /\{([^/{}]+)\}/.exec(given.path.split('?', 1)[0] ?? '')?.[1];
  if (unfilled !== undefined)
    throw new CheckSkipped(
      `the suite has no {${unfilled}} of its own for ${given.method.toUpperCase()} ${given.path}: the contract has no operation that makes one (give one with --set-path ${unfilled}=VALUE)`,
    );
  const outgoing = writtenAsDeclared(given);
  const key = outgoing.key === undefined ? targetKey() : outgoing.key;
  const main = key !== null && keyId(key) === keyId(targetKey());
  // Removals always go; anything else leaves the main key's last requests of the day to them.
  const kept = main && outgoing.method.toUpperCase() !== 'DELETE' ? keptForCleanUp(key.shownAs) : undefined;
  if (kept) throw new KeyWithoutRoom(kept);
  const paced = () =>
    key
      ? sendPaced({ id: keyId(key), shownAs: key.shownAs }, outgoing.pace !== false, () => sendOnce(outgoing, key))
      : sendOnce(outgoing, key);
  // A write waits while a check holds the run's writes still (run-locks.ts); locks in their order: writes, then the key.
  const once = () => (outgoing.method.toUpperCase() === 'GET' ? paced() : sharing(WRITES, paced));
  let exchange = await once();
  for (let tries = 1; exchange.status === 429 && outgoing.retryWhenLimited !== false && key; tries += 1) {
    const wait = retryAfterSeconds(exchange);
    if (wait !== undefined && wait > MAX_POLITE_WAIT_SECONDS)
      throw new KeyWithoutRoom(
        `the key ${key.shownAs} was answered 429 with a Retry-After of ${wait} s, longer than the run waits (${MAX_POLITE_WAIT_SECONDS} s): give a key with room for the run (a higher plan), or run again once its window has ended`,
      );
    if (tries >= MAX_LIMITED_TRIES) break;
    exchange = await once();
  }
  return exchange;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl line that sends the same request, each secret as the variable it came from. */
export function curlLine(exchange: Exchange): string {
  const secrets = exchange.secrets ?? [];
  const parts = ['curl -i', '-X', exchange.method, ...curlSecretArgs(secrets)];
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (name === 'Accept' && value === 'application/json') continue;
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (exchange.requestBody !== undefined) parts.push('--data-raw', shellQuote(exchange.requestBody));
  parts.push(curlUrl(exchange.url, secrets));
  return parts.join(' ');
}

/** Whether an answer holds a record: a 204 (a draft's replacement may answer one) says nothing of it. */
export const holdsRecord = (exchange: Exchange): boolean =>
  exchange.status !== 204 && typeof exchange.body === 'object' && exchange.body !== null;
