// OpenAPI's default style of a header parameter (simple) and a cookie parameter (form, exploded),
// said outright for the validator: express-openapi-validator 5.6.2 reads none for them, and refused
// every request of an operation with an array header or cookie ("Parameter 'style' has incorrect
// value 'undefined'"), whether it was sent or not.
import type { JsonObject } from './json-pointer.js';

const DEFAULT_STYLE: Readonly<Record<string, string>> = { header: 'simple', cookie: 'form' };

/** The parameter with its default style written in; the parameter itself where it says one or has content. */
export function withDefaultStyle(parameter: JsonObject): JsonObject {
  const style = typeof parameter.in === 'string' ? DEFAULT_STYLE[parameter.in] : undefined;
  if (style === undefined || parameter.style !== undefined || parameter.content !== undefined) return parameter;
  return { ...parameter, style, ...(parameter.explode === undefined ? { explode: style === 'form' } : {}) };
}
