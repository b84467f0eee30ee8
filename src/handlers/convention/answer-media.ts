// A success answer sent in a media type its operation declares, the one the request's Accept
// takes best (JSON when it takes anything): JSON as the mock built it, XML, CSV, an iCalendar
// feed, a Server-Sent Event or text written from that value, or a small file for a type of bytes. The value is what
// the convention or example made; the media type only changes how it is written.
import type { Request, Response } from 'express';
import { asObject, type JsonObject } from '../../openapi/json-pointer.js';
import { essence, jsonStreamOf, mediaFamily, negotiate, sentAsType } from '../../openapi/media-types.js';
import type { MediaInfo } from '../../openapi/operation-answers.js';
import { resolveSchema, schemaType } from '../../openapi/schema-shape.js';
import { bytesBody, calendarBody, csvBody, eventStreamBody, xmlBody } from './media-bodies.js';
import type { SuccessAnswer } from './success-answer.js';
import { writeOnlyStripper } from './write-only.js';

/** The declared media type a request's answer is sent in: one its Accept takes, else the preferred one. */
export function chosenMedia(media: readonly MediaInfo[], req: Request): MediaInfo | undefined {
  if (media.length === 0) return undefined;
  const types = media.map((entry) => entry.type);
  const type = negotiate(types, req.get('accept')) ?? negotiate(types, undefined);
  return media.find((entry) => entry.type === type) ?? media[0];
}

/** Whether a type of bytes is text by its schema: a string neither binary nor encoded, and no image, sound, film or octet-stream. */
function isText(media: MediaInfo): boolean {
  const schema = asObject(media.schema);
  const bytes = /^(image|audio|video)\/|^application\/(octet-stream|pdf|zip)$/.test(essence(media.type));
  return !bytes && schema.format !== 'binary' && schema.format !== 'byte' && schema.contentEncoding === undefined;
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
            : bare === 'text/event-stream'
              ? eventStreamBody(body)
              : typeof body === 'string'
                ? body
                : JSON.stringify(body));
      res.type(type).send(text);
      return;
    }
    default: {
      // A stream of JSON values (Lichess's NDJSON games) is answered as values of its schema, one
      // a line: a list's records each on its own, where the stream's schema is one record's.
      const stream = jsonStreamOf(type);
      if (stream !== undefined) {
        const itemwise = Array.isArray(body) && schemaType(resolveSchema(context.document, media.schema)) !== 'array';
        const values = itemwise ? (body as unknown[]) : [body ?? {}];
        const prefix = stream === 'sequence' ? '\u001e' : '';
        res.type(type).send(values.map((value) => `${prefix}${JSON.stringify(value)}\n`).join(''));
        return;
      }
      // A type of its own written as text (a chess game's PGN) is answered with its example; one
      // whose schema is an object or a list (Docker's errors as a raw stream), with that value as
      // JSON; a type of bytes, with a file of its kind.
      const declaredType = schemaType(resolveSchema(context.document, media.schema));
      const structured = declaredType === 'object' || declaredType === 'array';
      const value = body ?? (declaredType === 'array' ? [] : {});
      const text = isText(media) ? (ownExample(media) ?? (structured ? JSON.stringify(value) : undefined)) : undefined;
      res.type(type).send(text ?? bytesBody(type));
    }
  }
}
