// Integers in paths and queries in plain decimal form only: the validator reads a parameter as
// JavaScript's Number does, so /pets/by-id/0x10 was pet 16 and +1, 01, 1.0 or " 1" pet 1. A
// client that sends such a form has a bug a strict server would show; the mock shows it too.
import type { Request } from 'express';
import { HttpError } from '../errors.js';
import type { ParameterPlace } from './load-contract.js';

const PLAIN_INTEGER = /^(0|-?[1-9][0-9]*)$/;

type PathParams = { openapi?: { pathParams?: Record<string, string> } };

function rawValues(req: Request, place: ParameterPlace): unknown[] {
  const value =
    place.in === 'path' ? (req as Request & PathParams).openapi?.pathParams?.[place.name] : req.query[place.name];
  return value === undefined ? [] : [value].flat();
}

/** Refuses any integer parameter of `places` whose text is not plain decimal digits. */
export function checkPlainIntegers(req: Request, places: readonly ParameterPlace[]): void {
  for (const place of places) {
    for (const value of rawValues(req, place)) {
      // What Number() would not read is the validator's to refuse, in its own words.
      if (typeof value !== 'string' || PLAIN_INTEGER.test(value) || Number.isNaN(Number(value))) continue;
      throw new HttpError(
        'INVALID_PARAMETER',
        `Invalid request: ${place.in} ${place.name}: must be integer, in plain decimal digits (e.g. 16), not ${JSON.stringify(value.slice(0, 40))}.`,
      );
    }
  }
}
