// The values of an enum a value of its schema can take: those of the type it declares. ReadMe's
// examples list "" in an enum of `type: number`, which no value of that type is: drawn, it makes
// an invalid request or answer. Shared by the mock's drawn values and the suite's requests.
import { kindOf } from './schema-analysis/feasible-kinds.js';
import { TYPE_KINDS, type ValueKind } from './schema-analysis/schema-summary.js';

/** Per enum array, per reading of its schema's types: one array can serve schemas of several types (a YAML anchor). */
const kept = new WeakMap<readonly unknown[], Map<string, readonly unknown[]>>();

/**
 * The enum's values of the schema's declared type (or types; `nullable` adds null), in their
 * order; the whole enum where it declares no type, or where none is of it (the contract's own
 * fault, named at start: no value fits).
 */
export function enumValuesOf(schema: { enum?: unknown; type?: unknown; nullable?: unknown }): readonly unknown[] {
  if (!Array.isArray(schema.enum)) return [];
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type): type is string => typeof type === 'string' && Object.hasOwn(TYPE_KINDS, type),
  );
  if (types.length === 0) return schema.enum;
  const reading = `${types.join(' ')}${schema.nullable === true ? ' nullable' : ''}`;
  let readings = kept.get(schema.enum);
  if (!readings) {
    readings = new Map();
    kept.set(schema.enum, readings);
  }
  let values = readings.get(reading);
  if (!values) {
    const kinds = new Set<ValueKind>(types.flatMap((type) => TYPE_KINDS[type] ?? []));
    if (schema.nullable === true) kinds.add('null');
    const fitting = schema.enum.filter((value) => kinds.has(kindOf(value)));
    values = fitting.length === 0 || fitting.length === schema.enum.length ? schema.enum : fitting;
    readings.set(reading, values);
  }
  return values;
}
