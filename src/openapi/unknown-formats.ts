// Formats a contract names that no validator of the mock knows (Twilio's `date-time-rfc-2822`,
// `currency`): Ajv takes any text for them and says so on the console once per schema and per
// validator (168 lines before the banner of a 22-operation Twilio slice). They are given to the
// validator as formats that hold any text, and named once each as a warning at their first place.
import { createRequire } from 'node:module';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { JsonObject } from './json-pointer.js';
import { keywordObjects } from './patterns/pattern-places.js';
import { MOCK_FORMATS } from './validator-formats.js';

function knownFormats(): ReadonlySet<string> {
  const load = createRequire(import.meta.url);
  const own = load('express-openapi-validator/dist/framework/ajv/formats.js') as { formats: object };
  return new Set([...Object.keys(own.formats), ...Object.keys(fullFormats), ...Object.keys(MOCK_FORMATS)]);
}

let known: ReadonlySet<string> | undefined;

export type UnknownFormat = { name: string; pointer: string[] };

/** Each format `document`'s schemas name, at its first place. */
export function formatsNamedIn(document: unknown): UnknownFormat[] {
  const found = new Map<string, string[]>();
  for (const { node, pointer } of keywordObjects(document)) {
    const name = (node as JsonObject).format;
    if (typeof name === 'string' && !found.has(name)) found.set(name, [...pointer, 'format']);
  }
  return [...found].map(([name, pointer]) => ({ name, pointer }));
}

/** Each format `document`'s schemas name that the mock's validator does not know, at its first place. */
export function unknownFormatsOf(document: unknown): UnknownFormat[] {
  known ??= knownFormats();
  const knownNow = known;
  return formatsNamedIn(document).filter(({ name }) => !knownNow.has(name));
}

/** The validator's `formats` entries for them: Ajv's "ignore this format", said without a console line. */
export function unknownFormatsIgnored(document: unknown): Record<string, true> {
  return Object.fromEntries(unknownFormatsOf(document).map(({ name }) => [name, true]));
}
