// The status an error is answered with under a contract: the mock's own (400 for an invalid
// request), unless the operation's answer for it, declared for a range or `default`, lists in its
// error object the statuses it is sent with and one of the same meaning stands there instead (Lob
// answers an invalid request 422 and lists no 400). The mock answers by it, and the contract
// suite expects what it says.
import type { Contract, OperationInfo } from '../load-contract.js';
import { negotiate } from '../media-types.js';
import { answerCovering, type MediaInfo, type ResponseInfo } from '../operation-answers.js';
import { statusChoices } from './error-template.js';

/** Statuses said of the same fault: a request the API refuses as invalid is a 400 to some, a 422 to others. */
const SAME_MEANING: Readonly<Record<number, readonly number[]>> = { 400: [422], 422: [400] };

/**
 * The status to answer: the mock's, unless the answer is declared for a range or `default` whose
 * error object lists the statuses it is sent with (Lob's `status_code` lists 422 and no 400) and
 * one of the same meaning is listed in its place: the answer's status and its body then agree.
 */
export function agreedStatus(
  contract: Contract,
  responses: ReadonlyMap<string, ResponseInfo>,
  declared: ResponseInfo,
  media: MediaInfo,
  status: number,
): number {
  if (/^\d+$/.test(declared.status) || media.schema === undefined) return status;
  const listed = statusChoices(contract.document, media.schema);
  if (!listed || listed.includes(status)) return status;
  const same = (SAME_MEANING[status] ?? []).find(
    (other) => listed.includes(other) && answerCovering(responses, other) === declared,
  );
  return same ?? status;
}

/**
 * The status an error is answered with where the operation declares no answer for it (not its
 * status, its range nor `default`) but declares one of the same meaning (Clerk refuses an invalid
 * body with 422 and declares no 400): that one, as the API itself would; else `status`.
 */
export function declaredSameMeaning(responses: ReadonlyMap<string, ResponseInfo>, status: number): number {
  if (answerCovering(responses, status)) return status;
  return (SAME_MEANING[status] ?? []).find((other) => responses.has(String(other))) ?? status;
}

/** The declared type to answer an error in: one Accept takes, else the first JSON one, else the first. */
export function pickMedia(media: readonly MediaInfo[], accept: string | undefined): MediaInfo | undefined {
  if (media.length === 0) return undefined;
  const types = media.map((entry) => entry.type);
  const chosen = negotiate(types, accept) ?? negotiate(types, undefined);
  return media.find((entry) => entry.type === chosen) ?? media[0];
}

/** The status an error of `status` on `operation` is answered with (`accept`: the request's Accept). */
export function answeredErrorStatus(
  contract: Contract,
  operation: OperationInfo,
  status: number,
  accept?: string,
): number {
  status = declaredSameMeaning(operation.responses, status);
  const declared = answerCovering(operation.responses, status);
  const media = declared ? pickMedia(declared.media, accept) : undefined;
  return declared && media ? agreedStatus(contract, operation.responses, declared, media, status) : status;
}
