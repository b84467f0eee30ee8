// Headers a contract marks required on an answer (X-Request-Id, ETag, Last-Modified, a count) that
// the mock's own answer does not set are given, so that no declared answer lacks one: the guard
// refused each such answer as a 500. A value is drawn once, at start, from the header's example
// or schema; a few that mean something are made per answer when their schema is plain text: a
// request id a fresh UUID, ETag the body's hash, Last-Modified and Expires the answer's Date,
// Location the request's own URL. A header carries visible ASCII only (RFC 9110 §5.5): a value
// holding anything else (a CR or LF, `café ☃`) is sent percent-encoded as UTF-8, and said once.
import { createHash, randomUUID } from 'node:crypto';
import { validateHeaderName } from 'node:http';
import type { Express, Response } from 'express';
import { loadSchemaFaker } from '../fixtures/load-schema-faker.js';
import { SET_BY_HTTP } from './headers-set-by-http.js';
import type { JsonObject } from './json-pointer.js';
import type { Contract, OperationInfo } from './load-contract.js';
import { answerCovering, type HeaderInfo, type ResponseInfo } from './operation-answers.js';
import { markEncodedHeader } from './response-contract.js';
import { declaredValue } from './schema-shape.js';

/** A header's value for one answer, from the answer and its body. */
type HeaderValue = (res: Response, body: unknown) => string;
type HeaderFill = { name: string; value: HeaderValue; encoded: boolean };

/** What a header may carry: visible ASCII, spaces and tabs (RFC 9110 §5.5, less obs-text). */
const UNSENDABLE = /[^\t\x20-\x7e]/gu;

/** The text with each character a header cannot carry percent-encoded as UTF-8. */
const sendableHeaderText = (text: string): string =>
  text.replace(UNSENDABLE, (character) => {
    try {
      return encodeURIComponent(character);
    } catch {
      // A lone surrogate is no character of UTF-8: sent as the replacement character.
      return '%EF%BF%BD';
    }
  });

/** Whether Node takes the name for a header (an RFC 9110 token): a contract's reading refuses others. */
function isHeaderName(name: string): boolean {
  try {
    validateHeaderName(name);
    return true;
  } catch {
    return false;
  }
}

const isPlainText = (schema: JsonObject) =>
  (schema.type === undefined || schema.type === 'string') &&
  schema.pattern === undefined &&
  schema.enum === undefined &&
  schema.const === undefined &&
  schema.format === undefined;

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 27);

/** The value a header means, made per answer; undefined where its name or schema says nothing of it. */
function meantValue(header: HeaderInfo): HeaderValue | undefined {
  if (header.schema.format === 'uuid') return () => randomUUID();
  if (!isPlainText(header.schema)) return undefined;
  const name = header.name.toLowerCase();
  if (/(^|-)(request|correlation|trace)-?id$/.test(name)) return () => randomUUID();
  if (name === 'etag')
    return (res, body) =>
      `"${hashOf(typeof body === 'string' ? body : (JSON.stringify(body) ?? res.req.originalUrl))}"`;
  if (name === 'last-modified' || name === 'expires')
    return (res) => String(res.getHeader('date') ?? new Date().toUTCString());
  if (name === 'location' || name === 'content-location') return (res) => res.req.originalUrl;
  return undefined;
}

/** The value the header's own example gives, else its schema (declaredValue), if any. */
const ownValue = (header: HeaderInfo): { value: unknown } | undefined =>
  header.example !== undefined ? { value: header.example } : declaredValue(header.schema);

/** A value as a header's text: an array as its simple style writes it, an object as key,value pairs. */
function headerText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  if (value !== null && typeof value === 'object') return Object.entries(value).flat().map(String).join(',');
  return String(value);
}

export type RequiredHeaders = {
  /** Resolves once every value drawn at start is there. */
  ready: Promise<void>;
  /** Sets the required headers an answer of a matched operation lacks, before it is checked and sent. */
  install(app: Express, matchOf: (req: Response['req']) => { operation: OperationInfo } | undefined): void;
};

/** `warn` is told once of each value sent otherwise than the contract writes it. */
export function createRequiredHeaders(contract: Contract, seed: number, warn: (text: string) => void): RequiredHeaders {
  const fills = new Map<ResponseInfo, HeaderFill[]>();
  const warned = new Set<string>();
  /** The fill of a value the contract gives (or the faker draws), encoded where a header cannot carry it. */
  const fixedFill = (operation: OperationInfo, response: ResponseInfo, header: HeaderInfo, text: string) => {
    const sent = sendableHeaderText(text);
    const encoded = sent !== text;
    if (encoded && !warned.has(`${header.name}\n${text}`)) {
      warned.add(`${header.name}\n${text}`);
      warn(
        `The header ${header.name} that ${operation.operationId}'s ${response.status} answer requires has the value ${JSON.stringify(text)}, which holds characters no header can carry (visible ASCII only, RFC 9110): it is answered percent-encoded as UTF-8, "${sent}". Give it a value of visible ASCII in the contract.`,
      );
    }
    fills.set(response, [...(fills.get(response) ?? []), { name: header.name, value: () => sent, encoded }]);
  };
  const ready = (async () => {
    const drawn: Array<[OperationInfo, ResponseInfo, HeaderInfo]> = [];
    for (const operation of contract.operations) {
      for (const response of operation.responses.values()) {
        for (const header of response.headers) {
          // A name no header may have is refused when a draft is read; none is ever set.
          if (!header.required || SET_BY_HTTP.has(header.name.toLowerCase()) || !isHeaderName(header.name)) continue;
          const meant = meantValue(header);
          if (meant) {
            fills.set(response, [...(fills.get(response) ?? []), { name: header.name, value: meant, encoded: false }]);
            continue;
          }
          const own = ownValue(header);
          if (own) fixedFill(operation, response, header, headerText(own.value));
          else drawn.push([operation, response, header]);
        }
      }
    }
    if (drawn.length === 0) return;
    const fake = await loadSchemaFaker(contract.document, seed, 'required headers');
    for (const [operation, response, header] of drawn)
      fixedFill(operation, response, header, headerText(fake(header.schema, header.name)));
  })();

  const complete = (res: Response, matchOf: Parameters<RequiredHeaders['install']>[1], body: unknown) => {
    if (fills.size === 0 || res.headersSent) return;
    const operation = matchOf(res.req)?.operation;
    const response = operation ? answerCovering(operation.responses, res.statusCode) : undefined;
    for (const fill of (response && fills.get(response)) ?? []) {
      if (res.getHeader(fill.name) !== undefined) continue;
      res.setHeader(fill.name, fill.value(res, body));
      if (fill.encoded) markEncodedHeader(res, fill.name);
    }
  };

  return {
    ready,
    install(app, matchOf) {
      const sendJson = app.response.json;
      const end = app.response.end as (this: Response, ...args: unknown[]) => Response;
      app.response.json = function withRequiredHeaders(this: Response, body?: unknown) {
        complete(this, matchOf, body);
        return sendJson.call(this, body);
      };
      app.response.end = function endWithRequiredHeaders(this: Response, ...args: unknown[]) {
        complete(this, matchOf, typeof args[0] === 'string' ? args[0] : undefined);
        return end.apply(this, args);
      } as typeof app.response.end;
    },
  };
}
