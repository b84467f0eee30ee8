// The date-time format (RFC 3339 §5.6, ajv-formats' full check), narrowed to the instants the mock
// can hold: a leap second (23:59:60) is valid RFC 3339 but no JavaScript Date, so a stored order
// with one read back by id but fell out of every list, and a clock set to one answered 500s. It
// is refused with 400 in both APIs alike, as the contract's description of date-time says.
import { fullFormats } from 'ajv-formats/dist/formats.js';

type FormatCheck = { validate: (text: string) => boolean };

const rfc3339 = fullFormats['date-time'] as FormatCheck;

export const DATE_TIME_FORMAT = {
  type: 'string' as const,
  validate: (text: string) => rfc3339.validate(text) && !Number.isNaN(Date.parse(text)),
};
