// The patterns of the contract as express-openapi-validator is given them: each `pattern` becomes
// a format of its own name, checked by the linear-time matcher. The validator builds its Ajv
// instances itself and forwards only a fixed set of options to them (not Ajv's `code.regExp`, nor
// `unicodeRegExp`), so its Ajv would compile every pattern with V8's backtracking engine and the u
// flag: one request could hold the event loop for minutes, and `^[a-z\:]+$` could not be served.
// Its `formats` option is public: this needs no patch, and an installed package has it too.
import type { JsonObject } from '../json-pointer.js';
import { matcherOf } from './pattern-matchers.js';
import { keywordObjects } from './pattern-places.js';

/** A format as the validator's `formats` option takes it. */
export type PatternFormat = { type: 'string'; validate: (text: string) => boolean };

const FORMAT_PREFIX = 'pattern ';

/**
 * A copy of `document` whose schemas say `format: "pattern <source>"` instead of `pattern`
 * (beside a format of their own, in an `allOf`), and the formats that check them.
 */
export function withPatternsAsFormats(document: JsonObject): {
  document: JsonObject;
  formats: Record<string, PatternFormat>;
} {
  const formats: Record<string, PatternFormat> = {};
  const hasPattern = (place: { node: JsonObject }) => typeof place.node.pattern === 'string';
  if (!keywordObjects(document).some(hasPattern)) return { document, formats };
  // A clone keeps the objects YAML anchors share shared: each is rewritten once, wherever it is used.
  const copy = structuredClone(document);
  for (const { node } of keywordObjects(copy).filter(hasPattern)) {
    const source = node.pattern as string;
    const name = `${FORMAT_PREFIX}${source}`;
    formats[name] = { type: 'string', validate: (text) => matcherOf(source).test(text) };
    delete node.pattern;
    if (node.format === undefined) node.format = name;
    else node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), { format: name }];
  }
  return { document: copy, formats };
}

/** The validator's words on a pattern format ("must match format \"pattern ^a$\"") as Ajv's on a pattern. */
export function describePatternFormat(message: string): string {
  const quoted = /^must match format "pattern ([\s\S]*)"$/.exec(message);
  return quoted ? `must match pattern "${quoted[1]}"` : message;
}
