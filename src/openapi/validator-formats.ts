// The formats the mock's validator checks, in one place: the pipeline gives them to
// express-openapi-validator, and the generator's test checks every drawn text against the same
// set, composed in the validator's order (its own formats, then ajv-formats, then these).
import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { DATE_TIME_FORMAT } from './date-time-format.js';

/** ajv-formats' mode: the validator's default ('fast') takes month 13 or hour 25 for a date-time. */
export const AJV_FORMATS_MODE = { mode: 'full' } as const;

/** The formats the mock adds over ajv-formats' own (patterns aside, which are the contract's). */
export const MOCK_FORMATS = { 'date-time': DATE_TIME_FORMAT };

type FormatDefinition = Parameters<Ajv2020['addFormat']>[1];

/** `ajv` given the formats the mock's validator checks, in the order express-openapi-validator adds them. */
export function withMockFormats(ajv: Ajv2020): Ajv2020 {
  const load = createRequire(import.meta.url);
  const own = load('express-openapi-validator/dist/framework/ajv/formats.js') as {
    formats: Record<string, FormatDefinition>;
  };
  for (const [name, definition] of Object.entries(own.formats)) ajv.addFormat(name, definition);
  (load('ajv-formats') as (ajv: Ajv2020, options: object) => Ajv2020)(ajv, AJV_FORMATS_MODE);
  for (const [name, definition] of Object.entries(MOCK_FORMATS)) ajv.addFormat(name, definition);
  return ajv;
}
