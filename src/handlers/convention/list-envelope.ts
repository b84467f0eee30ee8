import type { JsonObject } from '../../openapi/json-pointer.js';
import { arrayMostLike, arrayPropertiesOf, singleKeyEnvelope } from '../../openapi/operation-schemas.js';
import {
  allowsNull,
  describeObjectSchema,
  resolveSchema,
  schemaIdentity,
  schemaType,
} from '../../openapi/schema-shape.js';
import { setOwn } from '../../store/own-keys.js';
import { type DrawnValues, drawnOncePerSeed } from './drawn-fields.js';
import { type Fill, fillOf, type PageView, pageNamedBy, recordsCountOf } from './envelope-fields.js';

/** How a field of the envelope is answered. */
type Field =
  | { kind: 'fill'; fill: Fill; nullable: boolean; required: boolean; text: boolean }
  | { kind: 'object'; page: PageName | undefined; fields: Array<[string, Field]>; nullable: boolean; required: boolean }
  | { kind: 'drawn'; schema: JsonObject; name: string };

type PageName = 'next' | 'previous' | 'first' | 'last';

/** How deep objects in an envelope are read (links.pages.next is two levels down). */
const DEEPEST = 3;

const RECORDS = /^(content|items|data|results|records|list|elements|entries|rows|values)$/;

export type ListEnvelope = {
  /** The array field the records go in: its path where the envelope is wrapped (data.results). */
  items: string;
  /** The fields it fills from the page, for the start's listing (nested ones as meta.total). */
  filled: readonly string[];
  /** The required fields no page fills, drawn from their schemas. */
  drawn: readonly string[];
  /** The values of the drawn fields, drawn once per data set's seed (faker is loaded for them only). */
  drawnValues(seed: number): Promise<DrawnValues>;
  body(items: unknown[], view: PageView, drawn: DrawnValues): JsonObject;
};

function readFields(
  document: JsonObject,
  schema: JsonObject,
  page: PageName | undefined,
  depth: number,
  skip?: string,
) {
  const shape = describeObjectSchema(document, schema);
  const fields: Array<[string, Field]> = [];
  for (const [name, property] of shape.properties) {
    if (name === skip) continue;
    const required = shape.required.has(name);
    const nullable = allowsNull(property);
    const type = schemaType(property);
    if (type === 'object' && depth < DEEPEST) {
      const named = pageNamedBy(name) ?? page;
      const inner = readFields(document, property, named, depth + 1);
      if (inner.length > 0 || required)
        fields.push([name, { kind: 'object', page: named, fields: inner, nullable, required }]);
      continue;
    }
    const fill = fillOf(name, property, page);
    if (fill) fields.push([name, { kind: 'fill', fill, nullable, required, text: type === 'string' }]);
    else if (required) fields.push([name, { kind: 'drawn', schema: property, name }]);
  }
  return fields;
}

/** The names of the fields of `fields` of one kind, nested ones with their path. */
function namesOf(fields: ReadonlyArray<[string, Field]>, kind: Field['kind'], prefix = ''): string[] {
  return fields.flatMap(([name, field]) =>
    field.kind === 'object'
      ? namesOf(field.fields, kind, `${prefix}${name}.`)
      : field.kind === kind
        ? [`${prefix}${name}`]
        : [],
  );
}

function drawnFields(fields: ReadonlyArray<[string, Field]>, prefix = ''): Array<[string, JsonObject, string]> {
  return fields.flatMap(
    ([name, field]): Array<[string, JsonObject, string]> =>
      field.kind === 'object'
        ? drawnFields(field.fields, `${prefix}${name}.`)
        : field.kind === 'drawn'
          ? [[`${prefix}${name}`, field.schema, name]]
          : [],
  );
}

/** The value of `fields` for a page; undefined for an object of a page there is none of. */
function fieldsValue(fields: ReadonlyArray<[string, Field]>, view: PageView, drawn: DrawnValues, prefix: string) {
  const body: JsonObject = {};
  for (const [name, field] of fields) {
    const value =
      field.kind === 'drawn'
        ? drawn.get(`${prefix}${name}`)
        : field.kind === 'fill'
          ? field.fill(view)
          : field.page !== undefined && !view.exists(field.page)
            ? undefined
            : fieldsValue(field.fields, view, drawn, `${prefix}${name}.`);
    if (value !== undefined) setOwn(body, name, value);
    // Where there is no such page: null if the schema allows it, an empty text where one is required, else nothing.
    else if (field.kind !== 'drawn' && field.nullable) setOwn(body, name, null);
    else if (field.kind === 'fill' && field.required && field.text) setOwn(body, name, '');
    else if (field.kind === 'object' && field.required)
      setOwn(body, name, fieldsValue(field.fields, view, drawn, `${prefix}${name}.`));
  }
  return body;
}

/**
 * Of an answer that is one of several objects and nothing beside (Slack's pins.list: `{ok, items}`
 * or `{ok, count}`, each closed), the one that holds an array: the envelope is that object alone,
 * not fields of all of them together, which would meet none.
 */
function envelopeBranch(document: JsonObject, schema: JsonObject): JsonObject {
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  const beside = Object.keys(schema).filter((key) => !['anyOf', 'oneOf', 'description', 'title'].includes(key));
  if (branches === undefined || beside.length > 0) return schema;
  const listing = branches
    .map((branch) => resolveSchema(document, branch))
    .filter((branch) => arrayPropertiesOf(document, branch).length > 0);
  return listing.length === 1 ? (listing[0] as JsonObject) : schema;
}

/**
 * The envelope an answer's schema describes; undefined when it answers a bare array. `records`,
 * the record's schema, tells its array among others (Xero's `{Warnings: [...], Contacts: [...]}`).
 */
export function listEnvelope(document: JsonObject, schema: unknown, records?: unknown): ListEnvelope | undefined {
  const resolved = envelopeBranch(document, resolveSchema(document, schema));
  const arrays = arrayPropertiesOf(document, resolved);
  const recordsIdentity = records === undefined ? undefined : schemaIdentity(document, records);
  const ofRecords = arrays.find(([, property]) => schemaIdentity(document, property.items) === recordsIdentity);
  // Else the records' array by its name where it has a usual one (an envelope may hold `links` too),
  // else the one of objects most like the records.
  const items = (ofRecords ??
    arrays.find(([name]) => RECORDS.test(name)) ??
    (records === undefined
      ? undefined
      : arrayMostLike(document, resolved, describeObjectSchema(document, records).properties)) ??
    arrays[0])?.[0];
  if (items === undefined) return wrappedEnvelope(document, resolved, records);
  const fields = readFields(document, resolved, undefined, 0, items);
  // Conduit's articlesCount: the total, named after the records.
  const counted = recordsCountOf(items);
  const ordered = fields.map(([name, field]): [string, Field] =>
    field.kind === 'drawn' && counted.test(name) && schemaType(field.schema) === 'integer'
      ? [name, { kind: 'fill', fill: (view) => view.facts.total, nullable: false, required: true, text: false }]
      : [name, field],
  );
  return {
    items,
    filled: namesOf(ordered, 'fill'),
    drawn: namesOf(ordered, 'drawn'),
    drawnValues: drawnOncePerSeed(document, drawnFields(ordered)),
    body(records, view, drawn) {
      return { [items]: records, ...fieldsValue(ordered, view, drawn, '') };
    },
  };
}

/**
 * An envelope wrapped once more in an object of one field (Listmonk's `{data: {results: [...],
 * total, page}}`): the inner one, answered inside that field.
 */
function wrappedEnvelope(document: JsonObject, schema: JsonObject, records: unknown): ListEnvelope | undefined {
  const wrapper = singleKeyEnvelope(document, schema);
  const inner = wrapper === undefined ? undefined : listEnvelope(document, wrapper.schema, records);
  if (wrapper === undefined || inner === undefined || inner.items.includes('.')) return undefined;
  const within = (name: string) => `${wrapper.property}.${name}`;
  return {
    items: within(inner.items),
    filled: inner.filled.map(within),
    drawn: inner.drawn.map(within),
    drawnValues: inner.drawnValues,
    body(records, view, drawn) {
      const body: JsonObject = {};
      setOwn(body, wrapper.property, inner.body(records, view, drawn));
      return body;
    },
  };
}

/** The most records a page of the answer holds: the maxItems of its records' array, else no bound. */
export function mostRecordsOf(document: JsonObject, schema: unknown, envelope: ListEnvelope | undefined): number {
  const most = recordsArrayOf(document, schema, envelope)?.maxItems;
  return typeof most === 'number' && Number.isInteger(most) && most >= 0 ? most : Number.POSITIVE_INFINITY;
}

/**
 * A page's records made up to the fewest its array takes (minItems: PagerDuty's router holds a
 * start set at least) with records drawn from the items' schema, the same for the same data set:
 * a parent with none of its own yet answers the least its list may be. Undefined where it takes none.
 */
export function fewestRecordsFiller(
  document: JsonObject,
  schema: unknown,
  envelope: ListEnvelope | undefined,
  noun: string,
): ((records: readonly unknown[], seed: number) => Promise<unknown[]>) | undefined {
  const array = recordsArrayOf(document, schema, envelope);
  const fewest = array?.minItems;
  if (typeof fewest !== 'number' || !Number.isInteger(fewest) || fewest < 1 || array?.items === undefined)
    return undefined;
  const items = resolveSchema(document, array.items);
  const drawn = drawnOncePerSeed(
    document,
    Array.from({ length: Math.min(fewest, 100) }, (_, at) => [`record ${at}`, items, noun] as const),
  );
  return async (records, seed) =>
    records.length >= fewest ? [...records] : [...records, ...[...(await drawn(seed)).values()].slice(records.length)];
}

/** The schema of the array an answer holds its records in: itself, or its envelope's. */
function recordsArrayOf(
  document: JsonObject,
  schema: unknown,
  envelope: ListEnvelope | undefined,
): JsonObject | undefined {
  let array: unknown = resolveSchema(document, schema);
  for (const name of envelope?.items.split('.') ?? [])
    array = array === undefined ? undefined : describeObjectSchema(document, array).properties.get(name);
  return array === undefined ? undefined : resolveSchema(document, array);
}

/** What a list's envelope holds, for the start's listing of how an operation is answered. */
export function describeEnvelope(envelope: ListEnvelope): string {
  const filled = envelope.filled.length > 0 ? ` with ${envelope.filled.join(', ')}` : '';
  const drawn =
    envelope.drawn.length > 0
      ? `; ${envelope.drawn.join(', ')} drawn from ${envelope.drawn.length === 1 ? 'its schema' : 'their schemas'}`
      : '';
  return `an object: the records in ${envelope.items}${filled}${drawn}`;
}
