// Requests built from the contract's schemas: a valid one for any operation, and invalid
// variants (wrong type, missing field, out of bounds, bad enum) for its body and parameters.
import { resolve, type SpecOperation } from './contract-spec.js';

// biome-ignore lint/suspicious/noExplicitAny: schemas are arbitrary JSON
type Schema = any;

/** Ids of existing resources, by the name of the field or parameter that refers to them. */
export type References = Record<string, number>;

let counter = 0;
/** A unique text for names, so that runs and repeated creates never collide. */
export function uniqueText(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
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

export type Invalid = { description: string; value: unknown };

/** Ways to break a value of `raw` at its top level: each yields a whole body that is invalid. */
export function invalidBodies(raw: Schema, references: References): Invalid[] {
  const schema = flatten(raw);
  const valid = validValue(schema, 'body', references) as Record<string, unknown>;
  const variants: Invalid[] = [{ description: 'a JSON array instead of an object', value: [valid] }];
  for (const [field, fieldRaw] of Object.entries<Schema>(schema.properties ?? {})) {
    const fieldSchema = flatten(fieldRaw);
    const base = { ...valid, [field]: validValue(fieldSchema, field, references) };
    const wrongType = fieldSchema.type === 'string' ? 12345 : 'not-a-number';
    variants.push({ description: `${field} of the wrong type`, value: { ...base, [field]: wrongType } });
    if (Array.isArray(fieldSchema.enum))
      variants.push({ description: `${field} outside its enum`, value: { ...base, [field]: 'no-such-value' } });
    if (fieldSchema.maxLength !== undefined) {
      variants.push({
        description: `${field} longer than ${fieldSchema.maxLength}`,
        value: { ...base, [field]: 'x'.repeat(fieldSchema.maxLength + 1) },
      });
    }
    if (fieldSchema.minLength !== undefined && fieldSchema.minLength > 0) {
      variants.push({ description: `${field} shorter than ${fieldSchema.minLength}`, value: { ...base, [field]: '' } });
    }
    if (fieldSchema.minimum !== undefined)
      variants.push({
        description: `${field} below ${fieldSchema.minimum}`,
        value: { ...base, [field]: fieldSchema.minimum - 1 },
      });
    if (fieldSchema.maximum !== undefined && fieldSchema.maximum < Number.MAX_SAFE_INTEGER) {
      variants.push({
        description: `${field} above ${fieldSchema.maximum}`,
        value: { ...base, [field]: fieldSchema.maximum + 1 },
      });
    }
    if (fieldSchema.format === 'date-time')
      variants.push({ description: `${field} not a date-time`, value: { ...base, [field]: 'tomorrow' } });
  }
  for (const field of schema.required ?? []) {
    const { [field]: _omitted, ...rest } = valid;
    variants.push({ description: `without the required ${field}`, value: rest });
  }
  if (schema.minProperties) variants.push({ description: 'an empty object', value: {} });
  return variants;
}

/** Invalid query strings for the operation's query parameters. */
export function invalidQueries(operation: SpecOperation): Invalid[] {
  const variants: Invalid[] = [];
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'query')) {
    const schema = flatten(parameter.schema);
    const name = parameter.name as string;
    if (schema.type === 'integer' || schema.type === 'number')
      variants.push({ description: `${name} not a number`, value: `${name}=abc` });
    if (schema.type === 'boolean') variants.push({ description: `${name} not a boolean`, value: `${name}=perhaps` });
    if (schema.minimum !== undefined)
      variants.push({ description: `${name} below ${schema.minimum}`, value: `${name}=${schema.minimum - 1}` });
    if (schema.maximum !== undefined && schema.maximum < 1e9)
      variants.push({ description: `${name} above ${schema.maximum}`, value: `${name}=${schema.maximum + 1}` });
    if (Array.isArray(schema.enum))
      variants.push({ description: `${name} outside its enum`, value: `${name}=no-such-value` });
    if (schema.format === 'date-time')
      variants.push({ description: `${name} not a date-time`, value: `${name}=yesterday` });
  }
  return variants;
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
