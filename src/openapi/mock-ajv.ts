// The mock's own Ajv instances, beside express-openapi-validator's: the answer headers', the data
// file's, the drawn records' and the answer fit's checks. One place makes them all alike: patterns
// matched in linear time (a value never holds the event loop), uniqueItems judged in linear time
// (unique-items.ts), multipleOf judged up to the rounding
// of doubles (multiple-of.ts), the contract's schemas not checked against the meta-schema again
// (they were when it was read), unknown keywords taken (OpenAPI's own), unknown formats taken
// without a console line per schema (the contract's reading names each once: unknown-formats.ts),
// ids and anchors found in the document's schemas only, never in its examples (ref-scan-views.ts),
// `id` an annotation (id-annotation.ts).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Options } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { withIdAsAnnotation } from './id-annotation.js';
import { withTolerantMultipleOf } from './multiple-of.js';
import { linearRegExp } from './patterns/pattern-matchers.js';
import { scanDocumentPartsOnce } from './ref-scan-views.js';
import { withLinearUniqueItems } from './unique-items.js';

const load = createRequire(import.meta.url);

const UNKNOWN_FORMAT = /^unknown format ".*" ignored in schema/;

/** Ajv's console, less its line per schema for a format it does not know. */
const quietOnUnknownFormats = {
  log: console.log,
  warn: (message: unknown) => {
    if (!(typeof message === 'string' && UNKNOWN_FORMAT.test(message))) console.warn(message);
  },
  error: console.error,
};

/** A JSON Schema 2020-12 Ajv with `options` beside the common ones, ajv-formats' formats added when asked. */
export function createMockAjv(options: Options, { formats }: { formats: boolean }): Ajv2020 {
  const { Ajv2020: Ajv } = load('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  scanDocumentPartsOnce([fileURLToPath(import.meta.url)]);
  const ajv = withLinearUniqueItems(
    withIdAsAnnotation(
      withTolerantMultipleOf(
        new Ajv({
          strict: false,
          validateSchema: false,
          logger: quietOnUnknownFormats,
          ...options,
          code: { regExp: linearRegExp },
        }),
      ),
    ),
  );
  if (!formats) return ajv;
  const addFormats = load('ajv-formats') as (instance: Ajv2020) => Ajv2020;
  return addFormats(ajv);
}
