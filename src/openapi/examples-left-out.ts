// JSON Schema draft 4, which OpenAPI 3.0's schemas are read by, takes any object's text `id` as a
// schema's id, and Ajv looks for them everywhere, examples included: two examples of one id
// (`{"id": "abc"}` twice, as Lob's document has) made it refuse the whole document. Examples are
// no schema: a draft-4 Ajv is given the document without them (every pointer to a schema kept).
import type { JsonObject } from './json-pointer.js';

const EXAMPLE_KEYS = new Set(['example', 'examples']);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;

/** Whether an example anywhere in `document` holds an object with a text `id`. */
function hasIdInExamples(document: unknown): boolean {
  const stack: Array<{ value: unknown; inExample: boolean; under: string | undefined }> = [
    { value: document, inExample: false, under: undefined },
  ];
  while (stack.length > 0) {
    const { value, inExample, under } = stack.pop() as {
      value: unknown;
      inExample: boolean;
      under: string | undefined;
    };
    if (!isObject(value)) continue;
    if (inExample && !Array.isArray(value) && typeof value.id === 'string') return true;
    for (const [key, child] of Object.entries(value))
      stack.push({
        value: child,
        inExample: inExample || (EXAMPLE_KEYS.has(key) && under !== 'properties'),
        under: key,
      });
  }
  return false;
}

/** `document` without its examples where one of them would be read as an id; else itself. */
export function examplesLeftOut<Document>(document: Document): Document {
  if (!hasIdInExamples(document)) return document;
  const copy = (value: unknown, under: string | undefined): unknown => {
    if (Array.isArray(value)) return value.map((item) => copy(item, undefined));
    if (!isObject(value)) return value;
    const result: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      if (EXAMPLE_KEYS.has(key) && under !== 'properties') continue;
      Object.defineProperty(result, key, {
        value: copy(child, key),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  };
  return copy(document, undefined) as Document;
}
