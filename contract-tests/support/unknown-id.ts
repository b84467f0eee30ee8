// An id no record has, drawn for a path parameter: the largest whole number the contract allows,
// or a text of its own (a fresh UUID where it is one). Checks of unknown ids and of credentials
// without a record of the suite's own send it.
import { flatten, validValue } from './requests.js';

// An id no implementation has handed out: the largest the contract allows.
const UNKNOWN_ID = '9007199254740991';

/** An id no record has, of the parameter's type. */
export function unknownIdOf(parameter: { name?: unknown; schema?: unknown }): string {
  const schema = flatten(parameter.schema ?? {});
  return schema.type === 'string' ? String(validValue(schema, String(parameter.name), {})) : UNKNOWN_ID;
}
