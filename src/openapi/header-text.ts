// A response header's text read as its schema's type says (OpenAPI's simple style): the mock's
// check of its own answers and the contract suite's check of any server read it alike.
import type { JsonObject } from './json-pointer.js';

/**
 * How a header's text is read for its schema: header values are text (the simple style), a number
 * or a boolean only where its schema's type says so and the text is written as one (Discord's
 * `X-RateLimit-Reset: {type: number}`, a Unix time with its fraction).
 */
export type HeaderReading = 'integer' | 'number' | 'boolean' | 'text';

const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

export function readingOf(schema: JsonObject): HeaderReading {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer') && !types.includes('number')) return 'integer';
  if (types.includes('number')) return 'number';
  return types.includes('boolean') ? 'boolean' : 'text';
}

/** The header's text as its schema reads it; undefined where it is not written as one. */
export function headerValue(reading: HeaderReading, text: string): unknown {
  if (reading === 'integer') return /^-?\d+$/.test(text) ? Number(text) : undefined;
  if (reading === 'number') return NUMBER_TEXT.test(text) ? Number(text) : undefined;
  if (reading === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  return text;
}
