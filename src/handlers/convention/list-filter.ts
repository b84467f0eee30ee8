// A list's query parameters as a filter of its records, read from the contract: a parameter
// named as a property (or as its plural or singular: `tags` of `tag`, `tag` of `tagList`) keeps
// the records holding that value (any of them, for an array of values); a property holding an
// object, or objects, is matched by the field that names one (a Tag by its `name`, an author by
// its `username`); a parameter whose values cannot be the property's (text for a boolean) is not
// a filter. Its `x-filter` may say otherwise: { field, match: equals | contains | from | before }
// ("contains" compares text without case; "from" is inclusive and "before" exclusive, so that
// ranges tile). The page's own parameters (list-paging.ts) are not filters.
import type { Request } from 'express';
import { asObject, type JsonObject } from '../../openapi/json-pointer.js';
import type { Contract, OperationInfo, ParameterInfo } from '../../openapi/load-contract.js';
import { nounOf, pluralOf } from '../../openapi/resource-naming.js';
import { describeObjectSchema, resolveSchema, type SchemaShape, schemaType } from '../../openapi/schema-shape.js';
import type { StoredRecord } from '../../store/data-set.js';
import type { RecordFilter } from '../../store/data-store.js';
import { ownValue } from '../../store/own-keys.js';

export type Match = 'equals' | 'contains' | 'from' | 'before';

/** One query parameter read as a filter; `via`, the field of the object (or objects) the record's field holds that it matches. */
export type FilterRule = { parameter: string; field: string; match: Match; type: string | undefined; via?: string };

type Condition = (record: StoredRecord) => boolean;

const MATCHES: ReadonlySet<string> = new Set(['equals', 'contains', 'from', 'before']);

/** The query parameters of an operation (its path item's too). */
export function queryParameters(operation: OperationInfo): ParameterInfo[] {
  return operation.parameters.filter((parameter) => parameter.in === 'query');
}

/** Fields that name an object, in the order they are tried: a Tag by its name, a Profile by its username. */
const NAMING_FIELDS = ['name', 'username', 'login', 'slug', 'code', 'key', 'id', 'title', 'label'];

/** The record's field a parameter names: its own name, else its plural, its singular, or its name + List. */
function fieldNamed(record: SchemaShape, name: string): string | undefined {
  const singular = nounOf(undefined, name);
  return [name, pluralOf(name), singular, `${name}List`, `${singular}List`, `${name}_list`].find((candidate) =>
    record.properties.has(candidate),
  );
}

/** Whether values of a parameter's type can be those of a field's: text for a boolean cannot. */
const fits = (parameter: string | undefined, field: string | undefined) =>
  parameter === undefined ||
  field === undefined ||
  parameter === field ||
  ((parameter === 'integer' || parameter === 'number') && (field === 'integer' || field === 'number'));

/** The type of the values a field holds (its items', for an array), and the field of an object that names it. */
function heldValues(contract: Contract, property: JsonObject): { type: string | undefined; via?: string } {
  const { document } = contract;
  const item = schemaType(property) === 'array' ? resolveSchema(document, property.items) : property;
  if (schemaType(item) !== 'object') return { type: schemaType(item) };
  const shape = describeObjectSchema(document, item);
  const via = NAMING_FIELDS.find((name) => shape.properties.has(name));
  const named = via === undefined ? undefined : shape.properties.get(via);
  return via === undefined || named === undefined ? { type: 'object' } : { type: schemaType(named), via };
}

/** The filters of a list operation, and the parameters it cannot read as one. */
export function describeFilters(
  contract: Contract,
  operation: OperationInfo,
  record: SchemaShape,
  pageParameters: ReadonlySet<string>,
): { rules: FilterRule[]; ignored: string[] } {
  const rules: FilterRule[] = [];
  const ignored: string[] = [];
  for (const parameter of queryParameters(operation)) {
    const name = parameter.name;
    if (pageParameters.has(name)) continue;
    const declared = asObject(parameter.declared['x-filter']);
    const field = typeof declared.field === 'string' ? declared.field : fieldNamed(record, name);
    const match =
      typeof declared.match === 'string' && MATCHES.has(declared.match) ? (declared.match as Match) : 'equals';
    const property = field === undefined ? undefined : record.properties.get(field);
    const schema = resolveSchema(contract.document, parameter.schema);
    const type =
      schemaType(schema) === 'array' ? schemaType(resolveSchema(contract.document, schema.items)) : schemaType(schema);
    const held = property === undefined ? undefined : heldValues(contract, property);
    if (field === undefined || held === undefined || (match === 'equals' && !fits(type, held.type))) {
      ignored.push(name);
      continue;
    }
    rules.push({ parameter: name, field, match, type, ...(held.via === undefined ? {} : { via: held.via }) });
  }
  return { rules, ignored };
}

/** A query value as the parameter's type: the validator checked it, but leaves it text. */
function typed(value: unknown, type: string | undefined): unknown {
  if (type === 'integer' || type === 'number') return Number(value);
  if (type === 'boolean') return value === true || String(value) === 'true';
  return value;
}

/** Text or a date as a number to compare: a date-time by its instant. */
function ordinal(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

/** A value a record holds, as a filter compares it: an object by the field that names it. */
const comparedBy = (via: string | undefined) => (held: unknown) =>
  via !== undefined && typeof held === 'object' && held !== null ? (held as StoredRecord)[via] : held;

function conditionOf(rule: FilterRule, raw: unknown): Condition {
  const { field } = rule;
  const compared = comparedBy(rule.via);
  if (rule.match === 'contains') {
    const wanted = String(raw).toLowerCase();
    return (record) =>
      typeof ownValue(record, field) === 'string' && (ownValue(record, field) as string).toLowerCase().includes(wanted);
  }
  if (rule.match === 'from' || rule.match === 'before') {
    const bound = ordinal(typed(raw, rule.type));
    return rule.match === 'from'
      ? (record) => ordinal(ownValue(record, field)) >= bound
      : (record) => ordinal(ownValue(record, field)) < bound;
  }
  const values = (Array.isArray(raw) ? raw : [raw]).map((value) => typed(value, rule.type));
  const wanted = values.length === 1 ? values[0] : undefined;
  return wanted !== undefined
    ? (record) => {
        const held = ownValue(record, field);
        return Array.isArray(held) ? held.some((item) => compared(item) === wanted) : compared(held) === wanted;
      }
    : (record) => {
        const held = ownValue(record, field);
        return Array.isArray(held)
          ? held.some((item) => values.includes(compared(item)))
          : values.includes(compared(held));
      };
}

/** The filter of a request to a list: undefined when it gives none (the list is then sliced, not walked). */
export function requestFilter(rules: readonly FilterRule[], req: Request, extra?: Condition): RecordFilter | undefined {
  const conditions: Condition[] = extra ? [extra] : [];
  for (const rule of rules) {
    const raw = req.query[rule.parameter];
    if (raw !== undefined) conditions.push(conditionOf(rule, raw));
  }
  if (conditions.length === 0) return undefined;
  if (conditions.length === 1) return conditions[0];
  return (record) => conditions.every((condition) => condition(record));
}
