// A fixed valid request built from the contract's schemas, for the checks that need one
// request per operation (generated ones are in generation/).
import { resolve, type SpecOperation } from './contract-spec.js';

// biome-ignore lint/suspicious/noExplicitAny: schemas are arbitrary JSON
type Schema = any;

/** Ids of existing resources, by the name of the field or parameter that refers to them. */
export type References = Record<string, number>;

let counter = 0;
/** This run's own mark: two runs started in the same millisecond still name things apart. */
const RUN_MARK = Math.floor(Math.random() * 36 ** 3)
  .toString(36)
  .padStart(3, '0');
/** A unique text for names, so that runs (even at once) and repeated creates never collide. */
export function uniqueText(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${RUN_MARK}-${counter}`;
}

/** Merges allOf parts and follows $refs: the shape a value must have. */
export function flatten(raw: Schema): Schema {
  const schema = resolve(raw) ?? {};
  if (!Array.isArray(schema.allOf)) return schema;
  const merged: Schema = {
    ...schema,
    properties: { ...(schema.properties ?? {}) },
    required: [...(schema.required ?? [])],
  };
  delete merged.allOf;
  for (const part of schema.allOf.map(flatten)) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') Object.assign(merged.properties, value);
      else if (key === 'required') merged.required.push(...(value as string[]));
      else merged[key] ??= value;
    }
  }
  return merged;
}

function sampleString(schema: Schema, name: string): string {
  if (schema.format === 'date-time') return new Date(Date.now() + 7 * 86_400_000).toISOString();
  const text = uniqueText(`contract-${name}`);
  const max = schema.maxLength ?? 100;
  return text.length > max ? text.slice(text.length - max) : text.padEnd(schema.minLength ?? 0, 'x');
}

/** A valid value for a schema; fields that refer to resources take their ids from `references`. */
export function validValue(raw: Schema, name: string, references: References): unknown {
  const schema = flatten(raw);
  if (name in references) return references[name];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  switch (schema.type) {
    case 'string':
      return sampleString(schema, name);
    case 'integer':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 5, 5));
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [validValue(schema.items ?? {}, name, references)];
    default: {
      const properties = Object.entries<Schema>(schema.properties ?? {});
      const required = new Set<string>(schema.required ?? []);
      // Required fields, or the first few when none is required but some are needed.
      const chosen =
        required.size > 0
          ? properties.filter(([field]) => required.has(field))
          : properties.slice(0, schema.minProperties ?? 0);
      return Object.fromEntries(
        chosen.map(([field, fieldSchema]) => [field, validValue(fieldSchema, field, references)]),
      );
    }
  }
}

/** The operation's path with its parameters filled from `references`. */
export function pathOf(
  operation: SpecOperation,
  references: References,
  override: Record<string, string> = {},
): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(override[name] ?? String(references[name] ?? 1)),
  );
}

export function pathParameters(operation: SpecOperation): Schema[] {
  return operation.parameters.filter((parameter) => parameter.in === 'path');
}
