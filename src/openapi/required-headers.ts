// Headers a contract marks required on an answer (X-Request-Id, ETag, Last-Modified, a count) that
// the mock's own answer does not set are given, so that no declared answer lacks one: the guard
// refused each such answer as a 500. A value is drawn once, at start, from the header's example
// or schema; a few that mean something are made per answer when their schema is plain text: a
// request id a fresh UUID, ETag the body's hash, Last-Modified and Expires the answer's Date,
// Location the request's own URL.
import { createHash, randomUUID } from 'node:crypto';
import type { Express, Response } from 'express';
import { loadSchemaFaker } from '../fixtures/load-schema-faker.js';
import type { JsonObject } from './json-pointer.js';
import type { Contract, OperationInfo } from './load-contract.js';
import { answerCovering, type HeaderInfo, type ResponseInfo } from './operation-answers.js';
import { declaredValue } from './schema-shape.js';

/** A header's value for one answer, from the answer and its body. */
type HeaderValue = (res: Response, body: unknown) => string;
type HeaderFill = { name: string; value: HeaderValue };

/** Set by Express or Node on every answer: never the mock's to make up. */
const SET_ON_EVERY_ANSWER: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'date',
]);

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

export function createRequiredHeaders(contract: Contract, seed: number): RequiredHeaders {
  const fills = new Map<ResponseInfo, HeaderFill[]>();
  const ready = (async () => {
    const drawn: Array<[ResponseInfo, HeaderInfo]> = [];
    for (const operation of contract.operations) {
      for (const response of operation.responses.values()) {
        for (const header of response.headers) {
          if (!header.required || SET_ON_EVERY_ANSWER.has(header.name.toLowerCase())) continue;
          const meant = meantValue(header);
          const own = meant ? undefined : ownValue(header);
          if (!meant && !own) {
            drawn.push([response, header]);
            continue;
          }
          const text = own ? headerText(own.value) : '';
          const value: HeaderValue = meant ?? (() => text);
          fills.set(response, [...(fills.get(response) ?? []), { name: header.name, value }]);
        }
      }
    }
    if (drawn.length === 0) return;
    const fake = await loadSchemaFaker(contract.document, seed, 'required headers');
    for (const [response, header] of drawn) {
      const text = headerText(fake(header.schema, header.name));
      fills.set(response, [...(fills.get(response) ?? []), { name: header.name, value: () => text }]);
    }
  })();

  const complete = (res: Response, matchOf: Parameters<RequiredHeaders['install']>[1], body: unknown) => {
    if (fills.size === 0 || res.headersSent) return;
    const operation = matchOf(res.req)?.operation;
    const response = operation ? answerCovering(operation.responses, res.statusCode) : undefined;
    for (const fill of (response && fills.get(response)) ?? []) {
      if (res.getHeader(fill.name) === undefined) res.setHeader(fill.name, fill.value(res, body));
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
