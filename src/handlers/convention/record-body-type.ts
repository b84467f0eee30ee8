// A write whose body comes under a media type of its own schema (`*/*` of any value, a multipart
// of one file) beside the type the record is written by (its JSON one): the validator holds the
// body to the type it was sent under, yet the mock stores it as a record, so a body of any value
// was stored as sent and every answer of it broke the contract (a 500 after the write). Such a
// body is held to the record's schema too, and refused with 400 before anything is stored.
import type { Request } from 'express';
import { HttpError } from '../../errors.js';
import { compiledInContract } from '../../openapi/answer-fit.js';
import type { OperationInfo } from '../../openapi/load-contract.js';
import { essence, mediaFamily } from '../../openapi/media-types.js';
import type { MediaInfo } from '../../openapi/operation-answers.js';
import { requestSchema } from '../../openapi/resource-model.js';
import type { ContractContext, OperationHandler } from '../handler-types.js';

const WRITES = new Set(['create', 'replace', 'merge']);
/** The families of the bodies the mock reads as a record's fields (http/form-bodies.ts). */
const READ_AS_FIELDS = new Set(['json', 'form', 'multipart']);

/**
 * The declared media type a request's Content-Type is taken under, as the validator finds it:
 * the type itself (by its essence), else its `type/*` range, else `*\/*`.
 */
export function mediaTakenUnder(media: readonly MediaInfo[], contentType: string): MediaInfo | undefined {
  const sent = essence(contentType);
  const range = `${sent.split('/', 1)[0]}/*`;
  return (
    media.find((entry) => essence(entry.type) === sent) ??
    media.find((entry) => essence(entry.type) === range) ??
    media.find((entry) => essence(entry.type) === '*/*')
  );
}

/** The guard of a write whose request declares a type of another schema than its record's; undefined for any other. */
export function recordBodyTypeGuardOf(
  context: ContractContext,
  operation: OperationInfo,
): ((handler: OperationHandler) => OperationHandler) | undefined {
  const shape = context.resources.shapes.get(operation.operationId);
  const media = operation.request?.media ?? [];
  const recordSchema = requestSchema(operation);
  if (!shape || !WRITES.has(shape.kind) || recordSchema === undefined) return undefined;
  const written = JSON.stringify(recordSchema);
  const recordType = media.find((entry) => entry.schema === recordSchema)?.type ?? 'application/json';
  const others = new Set(media.filter((entry) => JSON.stringify(entry.schema ?? {}) !== written));
  if (others.size === 0) return undefined;
  const validate = compiledInContract(context.contract, recordSchema);
  // A record's schema Ajv cannot compile is left to the answer's own check.
  if (!validate) return undefined;
  const refusal = (req: Request): HttpError | undefined => {
    const sent = req.headers['content-type'] ?? '';
    if (!READ_AS_FIELDS.has(mediaFamily(sent))) return undefined;
    const under = mediaTakenUnder(media, sent);
    if (under === undefined || !others.has(under) || validate(req.body)) return undefined;
    const issues = (validate.errors ?? []).map((error) => ({
      path: `/body${error.instancePath}`,
      message: error.message ?? 'is refused',
    }));
    const error = new HttpError(
      'INVALID_BODY',
      `Invalid body: ${operation.operationId} takes a body sent as ${essence(sent)} under ${under.type}, by a schema of its own, but a record of ${shape.resource.name} is written by the schema of ${recordType}, which refuses it (${issues
        .slice(0, 3)
        .map((issue) => `${issue.path} ${issue.message}`)
        .join('; ')}). Nothing was stored. Send a body that schema takes.`,
      {},
      400,
    );
    error.issues = issues;
    return error;
  };
  return (handler) => (req, res) => {
    const error = refusal(req);
    if (error) throw error;
    return handler(req, res);
  };
}
