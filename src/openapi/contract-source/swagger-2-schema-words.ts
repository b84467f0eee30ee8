// Words of JSON Schema draft 4 that Swagger 2.0's schemas lack, as published 2.0 documents write
// them (Slack's Web API), read before conversion as their authors mean them:
// - `items` given a list of schemas, with no `type`: "one of these" (`bot_id: {items: [{type:
//   string}, {type: "null"}]}`, whose answers hold a string or null). A value that is no array
//   meets it under any reading; swagger2openapi's (an array of any of them) breaks draft 4's
//   places. Read as an anyOf of them; beside a type that is not array, where no validator applies
//   them, left out.
// - `type: "null"`: null alone, which the converter's `nullable: true` with no type would widen
//   to any value.
import type { JsonObject } from '../json-pointer.js';
import { forEachOpenApiObject } from './openapi-objects.js';

const hasArrayType = (type: unknown) => type === 'array' || (Array.isArray(type) && type.includes('array'));

function readListOfItems(node: JsonObject): void {
  const { items, type } = node;
  if (!Array.isArray(items) || hasArrayType(type)) return;
  delete node.items;
  if (type !== undefined || items.length === 0) return;
  const oneOfThese = { anyOf: items };
  if (node.anyOf === undefined) Object.assign(node, oneOfThese);
  else node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), oneOfThese];
}

function readNullType(node: JsonObject): void {
  if (node.type !== 'null') return;
  delete node.type;
  if (node.enum === undefined) node.enum = [null];
}

/** Rewrites, in place, a 2.0 document's schemas that use these words. */
export function readDraft4SchemaWords(document: JsonObject): void {
  forEachOpenApiObject(document, (node) => {
    readListOfItems(node);
    readNullType(node);
    return undefined;
  });
}
