// The parts of JSON Schema the generators read, typed, with allOf merged and $refs followed.
import { flatten } from '../support/requests.js';

export type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
};

/** The shape a value must have: allOf parts merged, $refs followed. */
export function schemaOf(raw: unknown): JsonSchema {
  return flatten(raw) as JsonSchema;
}

/** The properties of an object schema, each flattened. */
export function propertiesOf(schema: JsonSchema): Array<[string, JsonSchema]> {
  return Object.entries(schema.properties ?? {}).map(([name, property]) => [name, schemaOf(property)]);
}

/** The largest integer the contract's ids (and JSON numbers read by JavaScript) take exactly. */
export const MAX_SAFE = Number.MAX_SAFE_INTEGER;
