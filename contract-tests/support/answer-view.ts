// The contract as an answer is judged by it: a property marked writeOnly is one a client sends and
// an answer leaves out, so its `required` holds of requests only (OpenAPI 3.0 §4.7.25; the same
// reading of 3.1's writeOnly annotation by express-openapi-validator and most tools). The Train
// Travel API requires a card's cvc, writeOnly, and answers the card without it.
import { asObject, type JsonObject, resolveLocalRef } from '../../src/openapi/json-pointer.js';
import { objectsOf } from '../../src/openapi/read-only-required.js';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every object of the document that requires a property it declares writeOnly. */
const requiringWriteOnly = (document: JsonObject): JsonObject[] =>
  objectsOf(document).filter((node) => writeOnlyRequired(document, node).length > 0);

/** The names `node` requires whose own property schema (a $ref followed) says writeOnly. */
function writeOnlyRequired(document: JsonObject, node: JsonObject): string[] {
  if (!Array.isArray(node.required) || !isObject(node.properties)) return [];
  const properties = asObject(node.properties);
  return node.required.filter(
    (name): name is string =>
      typeof name === 'string' &&
      Object.hasOwn(properties, name) &&
      resolveLocalRef(document, properties[name]).writeOnly === true,
  );
}

/** The document with no writeOnly property required; the document itself when none is. */
export function answerView(document: JsonObject): JsonObject {
  if (requiringWriteOnly(document).length === 0) return document;
  const copy = structuredClone(document);
  for (const node of requiringWriteOnly(copy)) {
    const writeOnly = new Set(writeOnlyRequired(copy, node));
    const kept = (node.required as unknown[]).filter((name) => !writeOnly.has(String(name)));
    // OpenAPI 3.0's schema object takes no empty `required`.
    if (kept.length > 0) node.required = kept;
    else delete node.required;
  }
  return copy;
}
