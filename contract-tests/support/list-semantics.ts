// What the contract says its list parameters mean, read from the contract itself: a filter's
// description ("contains this text, compared without case", "at or after", "before", or a field
// of the items named like it), the page parameters' defaults, and the order of the items.
import { type JsonSchema, propertiesOf, schemaOf } from '../generation/json-schema.js';
import { resolve, type SpecOperation } from './contract-spec.js';
import { ownField } from './own-fields.js';
import { shapeOf } from './resources.js';

export type Item = Record<string, unknown>;

export type FilterRule = {
  parameter: string;
  /** The semantics, as a person reads them: "name contains it, compared without case". */
  meaning: string;
  matches(item: Item, value: string): boolean;
};

type Parameter = { name: string; in: string; description?: string; schema: unknown };

export const PAGE_PARAMETERS = ['limit', 'offset'] as const;

/** The query parameter of `operation` that pages it under one of `names` (PAGE_SIZE, PAGE_NUMBER): a number, never a text `size` filter. */
export function pageParameter(
  operation: SpecOperation,
  names: RegExp,
): (Parameter & { schema: JsonSchema }) | undefined {
  for (const parameter of operation.parameters as Parameter[]) {
    if (parameter.in !== 'query' || !names.test(parameter.name)) continue;
    const schema = schemaOf(parameter.schema ?? {});
    if (schema.type === 'integer' || schema.type === 'number') return { ...parameter, schema };
  }
  return undefined;
}

export function isList(operation: SpecOperation): boolean {
  return operation.method === 'get' && itemSchema(operation) !== undefined;
}

/** Item types that are no record: an array of them (Spotify's [true, false] of saved tracks) lists nothing. */
const PLAIN_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The schema of a list's items (its 200 body is an array of records), if the operation is a list. */
export function itemSchema(operation: SpecOperation): JsonSchema | undefined {
  const body = resolve(operation.raw.responses?.['200'])?.content?.['application/json']?.schema;
  const schema = body ? schemaOf(body) : undefined;
  const items = schema?.type === 'array' && schema.items ? schemaOf(schema.items) : undefined;
  return items === undefined || PLAIN_TYPES.has(String(items.type)) ? undefined : items;
}

/** The field lists are ordered by: `id`, or the id the items are keyed by (inventory: petId). */
export function identityField(operation: SpecOperation): string {
  // The key the list's records are named by (a breed's code), where the contract's paths say it.
  const shape = shapeOf(operation.operationId);
  if (shape?.kind === 'list') return shape.resource.collection.keyField;
  const schema = itemSchema(operation);
  if (schema?.properties?.id) return 'id';
  return (schema?.required ?? []).find((name) => name.endsWith('Id')) ?? 'id';
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The type of the values a schema holds: its items', for an array. */
function heldType(raw: unknown): unknown {
  const schema = schemaOf(raw ?? {});
  return schema.type === 'array' ? schemaOf(schema.items ?? {}).type : schema.type;
}

/** Whether values of a parameter's type can be a field's: either undeclared, the same, or both numbers. */
const canHold = (parameter: unknown, field: unknown) =>
  parameter === undefined ||
  field === undefined ||
  parameter === field ||
  ((parameter === 'integer' || parameter === 'number') && (field === 'integer' || field === 'number'));

export function filterRules(operation: SpecOperation): FilterRule[] {
  const fields = new Map(propertiesOf(itemSchema(operation) ?? {}));
  const rules: FilterRule[] = [];
  for (const parameter of operation.parameters as Parameter[]) {
    if (parameter.in !== 'query' || (PAGE_PARAMETERS as readonly string[]).includes(parameter.name)) continue;
    const description = (parameter.description ?? '').toLowerCase();
    const range = /^(.+)(From|To)$/.exec(parameter.name);
    if (range?.[1] && fields.has(range[1])) {
      const field = range[1];
      if (range[2] === 'From' && description.includes('at or after')) {
        rules.push({
          parameter: parameter.name,
          meaning: `${field} at or after it (inclusive)`,
          matches: (item, value) => Date.parse(text(ownField(item, field))) >= Date.parse(value),
        });
        continue;
      }
      if (range[2] === 'To' && description.includes('before')) {
        rules.push({
          parameter: parameter.name,
          meaning: `${field} before it (exclusive)`,
          matches: (item, value) => Date.parse(text(ownField(item, field))) < Date.parse(value),
        });
        continue;
      }
    }
    if (!fields.has(parameter.name)) continue;
    if (description.includes('contains') && description.includes('without case')) {
      rules.push({
        parameter: parameter.name,
        meaning: `${parameter.name} contains it, compared without case`,
        matches: (item, value) => text(ownField(item, parameter.name)).toLowerCase().includes(value.toLowerCase()),
      });
      continue;
    }
    // A parameter whose values cannot be the field's (text for a list of numbers) is no filter, as the mock reads it.
    if (!canHold(heldType(parameter.schema), heldType(fields.get(parameter.name)))) continue;
    rules.push({
      parameter: parameter.name,
      meaning: `${parameter.name} equal to it`,
      matches: (item, value) => {
        const held = ownField(item, parameter.name);
        // A list of values holds the one asked for among them.
        return Array.isArray(held) ? held.some((one) => text(one) === value) : text(held) === value;
      },
    });
  }
  return rules;
}

/** A page parameter's default, from its schema (limit 20, offset 0): where it declares none, offset 0 and no limit. */
export function pageDefault(operation: SpecOperation, name: (typeof PAGE_PARAMETERS)[number]): number {
  return declaredPageDefault(operation, name) ?? (name === 'offset' ? 0 : Number.POSITIVE_INFINITY);
}

/** The default a page parameter's schema declares, if it declares one. */
export function declaredPageDefault(operation: SpecOperation, name: string): number | undefined {
  const parameter = (operation.parameters as Parameter[]).find(
    (candidate) => candidate.in === 'query' && candidate.name === name,
  );
  const value = parameter ? schemaOf(parameter.schema).default : undefined;
  return typeof value === 'number' ? value : undefined;
}
