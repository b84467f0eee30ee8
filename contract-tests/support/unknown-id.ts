// An id no record has, drawn for a path parameter: the largest whole number the contract allows,
// or a text of its own (a fresh UUID where it is one). Checks of unknown ids and of credentials
// without a record of the suite's own send it.
import { flatten, validValue } from './requests.js';

/** The largest whole number of a format: an int32 id stops at 2^31 - 1. */
const LARGEST: Record<string, number> = { int32: 2 ** 31 - 1 };

/**
 * An id no record has, of the parameter's type: the largest its schema and format allow, or,
 * at a later `attempt` (that one named a record), the one below it.
 */
export function unknownIdOf(parameter: { name?: unknown; schema?: unknown }, attempt = 0): string {
  const schema = flatten(parameter.schema ?? {});
  if (schema.type === 'string') return String(validValue(schema, String(parameter.name), {}));
  const bounds = [Number.MAX_SAFE_INTEGER, LARGEST[String(schema.format)], schema.maximum].filter(
    (bound): bound is number => typeof bound === 'number',
  );
  const largest = Math.floor(bounds.reduce((least, bound) => Math.min(least, bound)));
  const least = typeof schema.minimum === 'number' ? schema.minimum : Number.NEGATIVE_INFINITY;
  return String(Math.max(largest - attempt, least));
}

/** Bounds this close leave room for few ids, which the records may have taken (1 to 10). */
const FEW_IDS = 10_000;

/**
 * Whether a record may hold the id unknownIdOf draws: a text of a pattern, or a number of a
 * narrow range (Swagger's orders, 1 to 10); never the largest of a wide one (2^31 - 1), where a
 * server that answers 200 to every id must fail the check, not have it skipped.
 */
export function unknownIdMayBeTaken(parameter: { schema?: unknown }): boolean {
  const schema = flatten(parameter.schema ?? {});
  if (schema.type === 'string') return true;
  const least = typeof schema.minimum === 'number' ? schema.minimum : 0;
  return typeof schema.maximum === 'number' && schema.maximum - least <= FEW_IDS;
}
