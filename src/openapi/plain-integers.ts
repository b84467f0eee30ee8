// Integers in paths and queries in plain decimal form only: the validator reads a parameter as
// JavaScript's Number does, so /pets/by-id/0x10 was pet 16 and +1, 01, 1.0 or " 1" pet 1. A
// client that sends such a form has a bug a strict server would show; the mock shows it too.
import type { Request } from 'express';
import { HttpError } from '../errors.js';
import type { ParameterPlace } from './load-contract.js';

const PLAIN_INTEGER = /^(0|-?[1-9][0-9]*)$/;

type PathParams = { openapi?: { pathParams?: Record<string, string> } };

function checkValue(place: ParameterPlace, value: unknown): void {
  // What Number() would not read is the validator's to refuse, in its own words.
  if (typeof value !== 'string' || PLAIN_INTEGER.test(value) || Number.isNaN(Number(value))) return;
  throw new HttpError(
    'INVALID_PARAMETER',
    `Invalid request: ${place.in} ${place.name}: must be integer, in plain decimal digits (e.g. 16), not ${JSON.stringify(value.slice(0, 40))}.`,
  );
}

/** Refuses any integer parameter of `places` whose text is not plain decimal digits. */
export function checkPlainIntegers(req: Request, places: readonly ParameterPlace[]): void {
  // Express parses the query string at each read of req.query: read once (two parses were ~4% of a page's read).
  let query: Request['query'] | undefined;
  for (const place of places) {
    if (place.in !== 'path') query ??= req.query;
    const value =
      place.in === 'path' ? (req as Request & PathParams).openapi?.pathParams?.[place.name] : query?.[place.name];
    if (Array.isArray(value)) for (const each of value) checkValue(place, each);
    else checkValue(place, value);
  }
}
