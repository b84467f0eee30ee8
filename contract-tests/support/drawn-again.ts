// A write whose body a draft's narrow pattern made the suite draw texts for (draft-bodies.ts): the
// text drawn may be one the server already holds (its own records, those of generated checks),
// so a 409 draws again, a few times, before it is taken as the answer.

import type { SpecOperation } from './contract-spec.js';
import { answerFitted, completedBody } from './draft-bodies.js';
import { type Exchange, send } from './exchange.js';
import { CheckSkipped } from './scheduler.js';

/** Draws of a body's texts before a 409 is the answer. */
export const DRAWS_ON_CONFLICT = 5;

/**
 * Sends `json` (`written` completed for the draft, or made to fit by `redraw`) to `path`; while
 * the answer is a 409 and the body is not the one written, sends it made again with fresh draws.
 */
export async function sendDrawingAgain(
  operation: SpecOperation,
  path: string,
  written: unknown,
  json: unknown,
  redraw: (written: unknown) => unknown = (body) => completedBody(operation, body),
): Promise<{ exchange: Exchange; json: unknown }> {
  const sendBody = (body: unknown) =>
    send({
      operationId: operation.operationId,
      method: operation.method,
      path,
      ...(body === undefined ? {} : { json: body }),
    });
  let sent = json;
  let exchange = await sendBody(sent);
  for (let draws = 1; exchange.status === 409 && sent !== written && draws < DRAWS_ON_CONFLICT; draws += 1) {
    sent = redraw(written);
    exchange = await sendBody(sent);
  }
  return { exchange, json: sent };
}

/**
 * Sends `written` with its texts made to fit the operation's answers (answerFitted), then `made`
 * into the body sent; drawn again on a 409 only where a text was drawn: else the 409 is the answer.
 * A 409 met by every draw skips the check (tooFewTexts).
 */
export async function sendAnswerFitted(
  operation: SpecOperation,
  path: string,
  written: unknown,
  made: (body: unknown) => unknown = (body) => body,
): Promise<{ exchange: Exchange; json: unknown }> {
  const fitted = answerFitted(operation, written);
  const json = made(fitted);
  if (fitted === written) return sendDrawingAgain(operation, path, json, json);
  const sent = await sendDrawingAgain(operation, path, written, json, (body) => made(answerFitted(operation, body)));
  if (sent.exchange.status === 409) throw tooFewTexts(`${operation.operationId}'s body`);
  return sent;
}

/**
 * A 409 met by every draw: the contract's schemas leave too few texts (^(x+x+)+y$ up to 50 long
 * has 48) for the run's writes, which is no fault of the server's.
 */
export function tooFewTexts(what: string): CheckSkipped {
  return new CheckSkipped(
    `the contract's schemas leave too few names for ${what}: the suite's unique one was refused, and the one drawn from them is taken`,
  );
}
