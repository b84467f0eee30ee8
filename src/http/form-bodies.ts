// The bodies a contract may take besides JSON: a JSON body of any `+json` type
// (application/merge-patch+json, application/vnd.api+json), a form (application/x-www-form-urlencoded,
// nested fields as `a[b]=c`, lists as `a[]=1&a[]=2`), and multipart/form-data, read by multer,
// Express's own multipart parser. A file's bytes are counted and let go, never kept: the mock
// stores what a form's fields say, and its memory stays flat whatever a client uploads.
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { json, urlencoded } from 'express';
import multer, { type StorageEngine } from 'multer';
import { composeMiddleware } from './middleware-chain.js';

/** Files larger than this are refused (413), as a real API's upload limit would. */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;

/** Reads a file's stream to its end, keeping only its size. */
const countingStorage: StorageEngine = {
  _handleFile(_req, file, done) {
    let size = 0;
    file.stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    file.stream.on('error', done);
    file.stream.on('end', () => done(null, { size }));
  },
  _removeFile(_req, _file, done) {
    done(null);
  },
};

/** A media type without its parameters, in lower case. */
const essence = (type: string) => type.split(';', 1)[0]?.trim().toLowerCase() ?? '';
const sentType = (req: IncomingMessage) => essence(req.headers['content-type'] ?? '');

/**
 * Reads a request's body: JSON always (application/json), any other type only where the
 * operation declares it (`declared`), so that a body the operation does not take is left to the
 * validator's 415 as before. `anyJsonValue`: a JSON body may be any value (RFC 8259: `5`,
 * `"text"`, `true`), as another API's contract may declare one; else an object or array only.
 */
export function createBodyReader(
  limitBytes: number,
  declared: (req: IncomingMessage) => readonly string[],
  { anyJsonValue }: { anyJsonValue: boolean },
): RequestHandler {
  const takes = (req: IncomingMessage, family: (type: string) => boolean) => {
    const type = sentType(req);
    // By essence: a type declared with its parameters (application/vnd.pet+json; charset=utf-8) takes the type sent.
    return family(type) && declared(req).some((declaredType) => essence(declaredType) === type);
  };
  const files = multer({
    storage: countingStorage,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 200, fieldSize: limitBytes, parts: 220 },
  }).any();
  const multipart: RequestHandler = (req, res, next) => {
    if (!takes(req, (type) => type === 'multipart/form-data')) {
      next();
      return;
    }
    files(req, res, (error?: unknown) => {
      // Each file's field is in the body, as the validator reads a multipart body's fields.
      const uploaded = Array.isArray(req.files) ? req.files : [];
      for (const file of uploaded) (req.body as Record<string, unknown>)[file.fieldname] ??= '';
      next(error);
    });
  };
  return composeMiddleware([
    json({
      limit: limitBytes,
      strict: !anyJsonValue,
      type: (req) => sentType(req) === 'application/json' || takes(req, (type) => type.endsWith('+json')),
    }),
    urlencoded({
      limit: limitBytes,
      extended: true,
      parameterLimit: 1000,
      type: (req) => takes(req, (type) => type === 'application/x-www-form-urlencoded'),
    }),
    multipart,
  ]);
}
