// A write whose body holds a value its request takes and the record's answers refuse (a draft's
// pattern on Category.name that NewCategory lacks): stored as sent, every answer of the record
// would break the contract (a 500 to a valid request). Refused before anything is stored, with
// the contract's own 422 (else 400) naming the field; named once at the start as well. A null
// such answers cannot hold is read as no value instead.
import type { Request } from 'express';
import { HttpError } from '../../errors.js';
import { createAnswerFit } from '../../openapi/answer-fit.js';
import { narrowedWrite } from '../../openapi/answer-requirements.js';
import { asObject, type JsonObject } from '../../openapi/json-pointer.js';
import type { OperationInfo } from '../../openapi/load-contract.js';
import { ownValue, setOwn } from '../../store/own-keys.js';
import type { ContractContext, OperationHandler } from '../handler-types.js';

export type AnswerNarrowing = {
  /** What the start says of it: the operation, each field and what its answers add. */
  warning: string;
  /** `handler`, refusing first a body with a value the answers refuse. */
  guard(handler: OperationHandler): OperationHandler;
};

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/** The guard of a create, replacement or merge whose request takes values its answers refuse; undefined for any other. */
export function answerNarrowingOf(context: ContractContext, operation: OperationInfo): AnswerNarrowing | undefined {
  const narrowed = narrowedWrite(context.contract, context.resources, operation);
  const shape = context.resources.shapes.get(operation.operationId);
  if (narrowed === undefined || shape === undefined) return undefined;
  const { envelope, fields, required } = narrowed;
  const fits = createAnswerFit(context.contract, new Map([...fields].map(([name, { answers }]) => [name, answers])));
  const status = operation.responses.has('422') ? 422 : 400;
  const what = (name: string) => `${name} (${fields.get(name)?.keywords.join(', ')})`;
  const merges = shape.kind === 'merge';
  const bodyOf = (req: Request) =>
    envelope === undefined ? asObject(req.body) : asObject(asObject(req.body)[envelope]);
  const unfitIn = (body: JsonObject) =>
    [...fields.keys()].filter((name) => {
      const value = ownValue(body, name);
      return value !== undefined && !fits(name, value);
    });
  // A null the answers cannot hold is no value (Lago's signature_algo: null, "if no value is
  // passed"): a merge removes the field (mergePatch), a create or replacement stores none; unless
  // the request requires the field, which then has no value at all.
  const noValue = (body: JsonObject, name: string) => ownValue(body, name) === null && !required.has(name);
  const refusal = (body: JsonObject, refused: readonly string[]): HttpError => {
    const error = new HttpError(
      'INVALID_BODY',
      `Invalid body: ${refused.map((name) => `${name} ${shown(ownValue(body, name))}`).join(', ')} is taken by the request's schema but refused by the answers of ${shape.resource.name}: ${refused.map(what).join('; ')}. The contract contradicts itself; nothing was stored. Send a value both take.`,
      {},
      status,
    );
    const at = envelope === undefined ? '/body' : `/body/${envelope}`;
    error.issues = refused.map((name) => ({
      path: `${at}/${name}`,
      message: `is refused by the answers: ${what(name)}`,
    }));
    return error;
  };
  /** `req` seen with `left` out of its body; the request itself unchanged (a gap's curl line shows it as sent). */
  const without = (req: Request, body: JsonObject, left: readonly string[]): Request => {
    const kept: JsonObject = {};
    for (const [name, value] of Object.entries(body)) if (!left.includes(name)) setOwn(kept, name, value);
    const sent = envelope === undefined ? kept : { ...asObject(req.body) };
    if (envelope !== undefined) setOwn(sent, envelope, kept);
    return Object.create(req, { body: { value: sent, enumerable: true } }) as Request;
  };
  const nullsRead = [...fields.values()].some(({ keywords }) => keywords.includes('no null'))
    ? `, but a null of a field the request leaves optional is read as no value${merges ? ' (the merge removes it)' : ''}`
    : '';
  return {
    warning: `${operation.operationId}'s request takes values of ${[...fields.keys()].join(', ')} that the answers of ${shape.resource.name} refuse (they add ${[...fields.values()].map(({ keywords }) => keywords.join(', ')).join('; ')}): a body with one is refused with ${status}, nothing stored${nullsRead}.`,
    guard: (handler) => (req, res) => {
      const body = bodyOf(req);
      const unfit = unfitIn(body);
      const refused = unfit.filter((name) => !noValue(body, name));
      if (refused.length > 0) throw refusal(body, refused);
      const left = merges ? [] : unfit.filter((name) => noValue(body, name));
      return handler(left.length === 0 ? req : without(req, body, left), res);
    },
  };
}
