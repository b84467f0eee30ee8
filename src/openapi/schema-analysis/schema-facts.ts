// What the analysis knows of a contract's schemas, made once per document and shared by the
// check of a draft, the mock's generator and the contract suite's: whether a finite value fits a
// schema, and the choices that make its smallest one (which kind, which branch).
import type { JsonObject } from '../json-pointer.js';
import { indexSchemas, type SchemaIndex, type SchemaValue } from './schema-index.js';
import { isSchema } from './schema-summary.js';
import { createSmallestValues, type SchemaNode, type Smallest } from './smallest-values.js';

export type SchemaFacts = {
  index: SchemaIndex;
  openApi30: boolean;
  /** The node of a schema (or of several a value must fit at once). */
  nodeOf(schemas: readonly SchemaValue[]): SchemaNode;
  /** Whether some finite value fits `schema`; true for what is not one of the document's schemas (nothing known). */
  fits(schema: unknown): boolean;
  /** How the smallest value of one of the document's schemas is made, or undefined when none fits (or it is not one). */
  smallest(schema: unknown): Smallest | undefined;
};

const made = new WeakMap<JsonObject, SchemaFacts>();

export function schemaFactsOf(document: JsonObject): SchemaFacts {
  const known = made.get(document);
  if (known) return known;
  const index = indexSchemas(document);
  const openApi30 = typeof document.openapi === 'string' && document.openapi.startsWith('3.0');
  const values = createSmallestValues(index, openApi30);
  // Only the document's own schemas are asked of: one made on the fly (a merge of allOf parts)
  // would make a node of its own at each ask, and the nodes are kept.
  const isKnown = (schema: unknown): schema is SchemaValue =>
    typeof schema === 'boolean' || (isSchema(schema) && typeof schema === 'object' && index.pointers.has(schema));
  const facts: SchemaFacts = {
    index,
    openApi30,
    nodeOf: values.nodeOf,
    fits: (schema) => !isKnown(schema) || values.nodeOf([schema]).smallest !== undefined,
    smallest: (schema) => (isKnown(schema) ? values.nodeOf([schema]).smallest : undefined),
  };
  made.set(document, facts);
  return facts;
}
