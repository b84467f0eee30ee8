// Every error the mock gives, in the contract's own words: the answer the operation declares for
// the status (its own, else `4XX`, else `default`), in the media type it declares that the
// client's Accept takes, its body built for that schema (error-template.ts); no body where the
// status is declared without one. A truthful answer whose status the operation does not declare
// (a 404 of an operation that declares none) is given all the same, in the shape of its nearest
// declared error, marked with X-Mock-Contract-Gap and counted as a violation of the contract
// itself. The built-in contract's answers stay the mock's own Error object.
import type { Request, Response } from 'express';
import type { HttpError } from '../../errors.js';
import { loadSchemaFaker } from '../../fixtures/load-schema-faker.js';
import { xmlBody } from '../../handlers/convention/media-bodies.js';
import { requestOperation } from '../contract-pipeline.js';
import type { JsonObject } from '../json-pointer.js';
import { type Contract, isBuiltInContract, type OperationInfo } from '../load-contract.js';
import { essence, mediaFamily, sentAsType } from '../media-types.js';
import { answerCovering, type MediaInfo, type ResponseInfo } from '../operation-answers.js';
import { setGapHeader } from '../response-contract.js';
import { resolveSchema, schemaIdentity, schemaType } from '../schema-shape.js';
import { agreedStatus, declaredSameMeaning, pickMedia } from './agreed-status.js';
import type { ErrorFacts } from './error-facts.js';
import { reasonPhrase } from './error-facts.js';
import { type ErrorTemplate, templateOf } from './error-template.js';

/** An answer the operation does not declare, given all the same. */
export type ContractGap = { operationId: string; status: number; what: string };

/** The element of an XML error whose type declares no schema. */
const XML_ERROR = { type: 'object', xml: { name: 'error' } };

export type ErrorAnswerOptions = {
  /** Told of each answer given outside the contract (its violation log). */
  onGap: (req: Request, gap: ContractGap) => void;
  /** The data set's faker seed, for the fields of an error no fact fills. */
  seed: number;
  /** The instant of a request on its world's clock (a timestamp field tells it). */
  nowOf: (req: Request) => number;
};

/** Writes an error answer; false when it leaves it to the mock's own Error object. */
export type ErrorAnswerWriter = (req: Request, res: Response, error: HttpError) => Promise<boolean>;

const isError = (status: string) => status === 'default' || /^[45]/.test(status);
const statusNumber = (status: string) => (status === 'default' ? 500 : Number(status.replace(/X/g, '0')));

/** The declared error answer nearest `status`: of its class first, then the closest number. */
export function nearestError(responses: ReadonlyMap<string, ResponseInfo>, status: number): ResponseInfo | undefined {
  const distance = (response: ResponseInfo) => {
    const number = statusNumber(response.status);
    return (Math.floor(number / 100) === Math.floor(status / 100) ? 0 : 1000) + Math.abs(number - status);
  };
  return [...responses.values()]
    .filter((response) => isError(response.status))
    .sort((a, b) => distance(a) - distance(b))[0];
}

/** A finding's place as a field: "/body/owner/name" is "owner.name", "/query/limit" is "limit". */
const fieldOf = (path: string | undefined) =>
  (path ?? '')
    .replace(/^\/(body|query|params|path|headers|cookies)\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .join('.');

function factsOf(req: Request, error: HttpError, status: number, nowMs: number, borrowed: boolean): ErrorFacts {
  const instance = req.originalUrl;
  const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  const retryAfter = Number(error.headers['Retry-After']);
  return {
    status,
    code: error.code,
    message: error.message,
    title: reasonPhrase(status),
    issues: error.issues.map((issue) => ({ path: fieldOf(issue.path), message: issue.message ?? 'is invalid' })),
    instance,
    url: `${origin}${instance}`,
    nowMs,
    ...(Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
    docsUrl: `${origin}/docs`,
    borrowed,
  };
}

const structuredSchema = (document: JsonObject, schema: unknown) =>
  schema !== undefined && ['object', 'array'].includes(schemaType(resolveSchema(document, schema)) ?? '');

export function createErrorAnswers(contract: Contract, options: ErrorAnswerOptions): ErrorAnswerWriter {
  if (isBuiltInContract(contract.file)) return async () => false;
  const templates = new Map<string, Promise<ErrorTemplate>>();
  const templateFor = (media: MediaInfo): Promise<ErrorTemplate> => {
    const key = schemaIdentity(contract.document, media.schema);
    let template = templates.get(key);
    if (!template) {
      template = loadSchemaFaker(contract.document, options.seed, `error ${key}`).then((fake) =>
        templateOf({ document: contract.document, draw: (schema, name) => fake(schema, name) }, media.schema, '', true),
      );
      templates.set(key, template);
    }
    return template;
  };
  const commonErrors = contractWideErrors(contract);

  return async (req, res, error) => {
    const operation = requestOperation(req);
    const meant = operation ? declaredSameMeaning(operation.responses, error.status) : error.status;
    const declared = operation ? answerCovering(operation.responses, meant) : undefined;
    const shape = declared ?? (operation ? nearestError(operation.responses, meant) : undefined) ?? commonErrors(meant);
    if (operation && !declared) {
      const what = `${operation.operationId} declares no ${meant} answer`;
      setGapHeader(res, what);
      res.locals.contractGap = what;
      options.onGap(req, { operationId: operation.operationId, status: meant, what });
    }
    if (!shape) return false;
    const media = pickMedia(shape.media, req.get('accept'));
    const status =
      operation && declared && media ? agreedStatus(contract, operation.responses, declared, media, meant) : meant;
    res.status(status);
    if (!media) {
      // The contract's answer has no body to say why: the server log says it (request-log.ts).
      res.locals.errorUnsaid = error.message;
      res.end();
      return true;
    }
    const facts = factsOf(req, error, status, options.nowOf(req), !declared);
    const family = mediaFamily(media.type);
    if (family === 'json') {
      const body =
        media.schema === undefined
          ? { code: error.code, message: error.message, status }
          : (await templateFor(media))(facts);
      // Built for the contract's own schema: where no body meets it, the guard says so (response-contract.ts).
      if (media.schema !== undefined) res.locals.builtForErrorSchema = true;
      res.type(sentAsType(media.type)).json(body);
    } else if (family === 'xml') {
      // An XML document, as the type says: the schema's fields (its XML Objects' names), else the error's own.
      const value =
        media.schema === undefined
          ? { code: error.code, message: error.message, status }
          : (await templateFor(media))(facts);
      res.type(media.type).send(xmlBody(contract.document, media.schema ?? XML_ERROR, value));
    } else if (structuredSchema(contract.document, media.schema)) {
      // An object declared under another type (Docker's errors as a raw stream, Harbor's under
      // text/plain): its fields, written as JSON.
      res.locals.builtForErrorSchema = true;
      res.type(media.type).send(JSON.stringify((await templateFor(media))(facts)));
    } else if (family === 'text') {
      res.type(media.type).send(error.message);
    } else {
      res.end();
    }
    return true;
  };
}

/**
 * For a request that names no operation (a path the contract lacks) or an operation that declares
 * no error at all: the error answer the contract gives most often for the status, else for any
 * error status.
 */
function contractWideErrors(contract: Contract): (status: number) => ResponseInfo | undefined {
  const cache = new Map<number, ResponseInfo | undefined>();
  const mostCommon = (answers: ResponseInfo[]) => {
    const counts = new Map<string, { answer: ResponseInfo; count: number }>();
    for (const answer of answers) {
      const key = answer.media.map((media) => `${essence(media.type)} ${JSON.stringify(media.schema)}`).join('|');
      const entry = counts.get(key) ?? { answer, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
    return [...counts.values()].sort((a, b) => b.count - a.count)[0]?.answer;
  };
  return (status) => {
    if (!cache.has(status)) {
      const covering = contract.operations
        .map((operation: OperationInfo) => answerCovering(operation.responses, status))
        .filter((answer): answer is ResponseInfo => answer !== undefined && isError(answer.status));
      const anyError = contract.operations.flatMap((operation) =>
        [...operation.responses.values()].filter((answer) => isError(answer.status) && answer.media.length > 0),
      );
      cache.set(status, mostCommon(covering) ?? mostCommon(anyError));
    }
    return cache.get(status);
  };
}
