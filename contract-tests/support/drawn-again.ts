// A write whose body a draft's narrow pattern made the suite draw texts for (draft-bodies.ts): the
// text drawn may be one the server already holds (its own records, those of generated checks),
// so a 409 draws again, a few times, before it is taken as the answer.

import type { SpecOperation } from './contract-spec.js';
import { completedBody } from './draft-bodies.js';
import { type Exchange, send } from './exchange.js';

/** Draws of a body's texts before a 409 is the answer. */
const DRAWS_ON_CONFLICT = 5;

/**
 * Sends `json` (`written` completed for the draft) to `path`; while the answer is a 409 and the
 * body is not the one written, sends it completed again with fresh draws.
 */
export async function sendDrawingAgain(
  operation: SpecOperation,
  path: string,
  written: unknown,
  json: unknown,
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
    sent = completedBody(operation, written);
    exchange = await sendBody(sent);
  }
  return { exchange, json: sent };
}
