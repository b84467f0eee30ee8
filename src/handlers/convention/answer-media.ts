// A success answer sent in a media type its operation declares, the one the request's Accept
// takes best (JSON when it takes anything): JSON as the mock built it, XML, CSV, an iCalendar
// feed or text written from that value, or a small file for a type of bytes. The value is what
// the convention or example made; the media type only changes how it is written.
import type { Request, Response } from 'express';
import type { JsonObject } from '../../openapi/json-pointer.js';
import { essence, jsonStreamOf, mediaFamily, negotiate, sentAsType } from '../../openapi/media-types.js';
import type { MediaInfo } from '../../openapi/operation-answers.js';
import { bytesBody, calendarBody, csvBody, xmlBody } from './media-bodies.js';
import type { SuccessAnswer } from './success-answer.js';
import { writeOnlyStripper } from './write-only.js';

/** The declared media type a request's answer is sent in: one its Accept takes, else the preferred one. */
export function chosenMedia(media: readonly MediaInfo[], req: Request): MediaInfo | undefined {
  if (media.length === 0) return undefined;
  const types = media.map((entry) => entry.type);
  const type = negotiate(types, req.get('accept')) ?? negotiate(types, undefined);
  return media.find((entry) => entry.type === type) ?? media[0];
}

/** The text or example a media type's own example gives, when it has one written as text. */
function ownExample(media: MediaInfo): string | undefined {
  const named = Object.values(media.examples)[0];
  const example = named ?? media.example;
  return typeof example === 'string' ? example : undefined;
}

export type AnswerContext = { document: JsonObject; nowMs: number };

/** Each answer's writeOnly stripper, found once (null: its schema marks none). */
const strippers = new WeakMap<SuccessAnswer, ((value: unknown) => unknown) | null>();

function withoutWriteOnly(answer: SuccessAnswer, document: JsonObject, body: unknown): unknown {
  let stripper = strippers.get(answer);
  if (stripper === undefined) {
    stripper = writeOnlyStripper(document, answer.schema) ?? null;
    strippers.set(answer, stripper);
  }
  return stripper && body !== undefined ? stripper(body) : body;
}

/** Sends `given` (the JSON value of the answer, its writeOnly fields left out) with the answer's status, in the chosen media type. */
export function sendAnswer(
  req: Request,
  res: Response,
  answer: SuccessAnswer,
  given: unknown,
  context: AnswerContext,
): void {
  const body = withoutWriteOnly(answer, context.document, given);
  res.status(answer.status);
  const media = chosenMedia(answer.media, req);
  if (!media) {
    res.end();
    return;
  }
  if (body === undefined && mediaFamily(media.type) === 'json') {
    // A JSON type declared without a schema takes any JSON: an empty object, not an empty body
    // under no type (Dropbox Sign's `content: {application/json: {}}` of each cancel and delete).
    if (media.schema === undefined && answer.schema === undefined) res.type(sentAsType(media.type)).json({});
    else res.end();
    return;
  }
  const type = sentAsType(media.type);
  switch (mediaFamily(type)) {
    case 'json':
      res.type(type).json(body);
      return;
    case 'xml':
      res.type(type).send(ownExample(media) ?? xmlBody(context.document, media.schema ?? answer.schema, body));
      return;
    case 'text': {
      const bare = essence(type);
      const text =
        ownExample(media) ??
        (bare === 'text/csv'
          ? csvBody(body)
          : bare === 'text/calendar'
            ? calendarBody(body, context.nowMs)
            : typeof body === 'string'
              ? body
              : JSON.stringify(body));
      res.type(type).send(text);
      return;
    }
    default: {
      // A stream of JSON values (Lichess's NDJSON games) is answered as one value of its schema.
      const stream = jsonStreamOf(type);
      if (stream !== undefined) {
        res.type(type).send(`${stream === 'sequence' ? '\u001e' : ''}${JSON.stringify(body ?? {})}\n`);
        return;
      }
      // A type of its own written as text (a chess game's PGN) is answered with its example.
      res.type(type).send(ownExample(media) ?? bytesBody(type));
    }
  }
}
