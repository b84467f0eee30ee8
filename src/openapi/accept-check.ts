// A request whose Accept header takes none of the media types its operation answers in
// (RFC 9110 section 15.5.7): 406 where the contract declares such an answer (its own, 4XX or
// default), before anything is done. Where it declares none, the answer is sent in its preferred
// type, as most servers do, rather than a status the contract never promised.
import type { RequestHandler } from 'express';
import { HttpError } from '../errors.js';
import type { OperationInfo } from './load-contract.js';
import { negotiate } from './media-types.js';
import { answerCovering } from './operation-answers.js';

export function createAcceptCheck(operation: OperationInfo): RequestHandler | undefined {
  if (!answerCovering(operation.responses, 406)) return undefined;
  const success = [...operation.responses.entries()].find(([status]) => /^2/.test(status))?.[1];
  const types = success?.media.map((media) => media.type) ?? [];
  if (types.length === 0) return undefined;
  return (req, _res, next) => {
    const accept = req.get('accept');
    if (accept === undefined || negotiate(types, accept) !== undefined) {
      next();
      return;
    }
    throw new HttpError(
      'NOT_ACCEPTABLE',
      `${operation.operationId} answers in ${types.join(' or ')}, and Accept: ${accept.slice(0, 200)} takes none of them. Send Accept: ${types[0]}.`,
      {},
      406,
    );
  };
}
