// A list's query parameters as a filter of its records, read from the contract: a parameter
// named as a property keeps the records holding that value (any of them, for an array of
// values); its `x-filter` may say otherwise: { field, match: equals | contains | from | before }
// ("contains" compares text without case; "from" is inclusive and "before" exclusive, so that
// ranges tile). The page's own parameters (list-paging.ts) are not filters.
import type { Request } from 'express';
import { asObject } from '../../openapi/json-pointer.js';
import type { Contract, OperationInfo, ParameterInfo } from '../../openapi/load-contract.js';
import { resolveSchema, type SchemaShape, schemaType } from '../../openapi/schema-shape.js';
import type { StoredRecord } from '../../store/data-set.js';
import type { RecordFilter } from '../../store/data-store.js';
import { ownValue } from '../../store/own-keys.js';

export type Match = 'equals' | 'contains' | 'from' | 'before';

/** One query parameter read as a filter. */
export type FilterRule = { parameter: string; field: string; match: Match; type: string | undefined };

type Condition = (record: StoredRecord) => boolean;

const MATCHES: ReadonlySet<string> = new Set(['equals', 'contains', 'from', 'before']);

/** The query parameters of an operation (its path item's too). */
export function queryParameters(operation: OperationInfo): ParameterInfo[] {
  return operation.parameters.filter((parameter) => parameter.in === 'query');
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
    const field = typeof declared.field === 'string' ? declared.field : name;
    const match =
      typeof declared.match === 'string' && MATCHES.has(declared.match) ? (declared.match as Match) : 'equals';
    if (!record.properties.has(field)) {
      ignored.push(name);
      continue;
    }
    const schema = resolveSchema(contract.document, parameter.schema);
    const type =
      schemaType(schema) === 'array' ? schemaType(resolveSchema(contract.document, schema.items)) : schemaType(schema);
    rules.push({ parameter: name, field, match, type });
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

function conditionOf(rule: FilterRule, raw: unknown): Condition {
  const { field } = rule;
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
        return Array.isArray(held) ? held.includes(wanted) : held === wanted;
      }
    : (record) => {
        const held = ownValue(record, field);
        return Array.isArray(held) ? held.some((item) => values.includes(item)) : values.includes(held);
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
