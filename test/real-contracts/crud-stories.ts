// The collections of a document, found by their shape (a path that creates with POST and an
// item path under it that reads with GET), and the story told of each: create → read → list →
// update → read → delete → read. A step is kept when its answer shows the state it should: the
// read holds what was created, the list holds it, the update is read back, the read after the
// delete is a 404 (or 410). A singleton's story (read → update → read) is singleton-stories.ts's.
import { type Schema, shapeOf, writableProperties } from './draw-value.js';
import { type Body, bodyOf, type Operation, type PlannedRequest, planRequest } from './operations.js';
import type { Answer } from './send.js';

export type Collection = {
  path: string;
  itemPath: string;
  /** The item path's own parameter, the record's key. */
  keyParameter: string;
  create: Operation;
  read: Operation;
  list?: Operation;
  update?: Operation;
  remove?: Operation;
};

export type Step = { step: string; kept: boolean; why?: string };
export type Sender = (request: PlannedRequest) => Promise<Answer>;

const itemPathsOf = (path: string) => {
  const extension = /(\.[a-z]+)$/i.exec(path)?.[1] ?? '';
  const bare = extension ? path.slice(0, -extension.length) : path;
  return (template: string) =>
    template.startsWith(`${bare}/{`) &&
    template.endsWith(`}${extension}`) &&
    !template.slice(bare.length + 2, template.length - extension.length - 1).includes('/');
};

/** The schema of an operation's first 2xx JSON answer: the same object for every operation that answers the same component, once dereferenced. */
export function answerSchema(entry: Operation): Schema | undefined {
  const responses = Object.entries((entry.operation.responses ?? {}) as Record<string, Schema>);
  const success = responses.find(([status]) => /^2/.test(status))?.[1];
  const content = (success?.content ?? {}) as Record<string, Schema>;
  return Object.entries(content).find(([type]) => /json/.test(type))?.[1]?.schema;
}

export function collectionsOf(operations: Operation[]): Collection[] {
  const at = (method: string, path: string) =>
    operations.find((entry) => entry.method === method && entry.path === path);
  const creates = operations.filter((entry) => entry.method === 'POST' && !entry.path.endsWith('}'));
  const under = (create: Operation) => {
    const isItem = itemPathsOf(create.path);
    const reads = operations.filter((entry) => entry.method === 'GET' && isItem(entry.path));
    // Of alike item paths (Xero's /Contacts/{ContactNumber} and /Contacts/{ContactID}), the one by an id.
    return reads.find((entry) => /id\}[^/]*$/i.test(entry.path)) ?? reads[0];
  };
  const claimed = new Set(creates.map(under).flatMap((read) => (read ? [read.path] : [])));
  // Else an item elsewhere that answers the same schema (Spotify creates at /me/playlists and
  // reads at /playlists/{playlist_id}), unless a collection of its own has it, or the create is an
  // action on that item (/profiles/{username}/follow).
  const elsewhere = (create: Operation) => {
    const created = answerSchema(create);
    return created
      ? operations.find(
          (entry) =>
            entry.method === 'GET' &&
            /\}[^/]*$/.test(entry.path) &&
            answerSchema(entry) === created &&
            !claimed.has(entry.path) &&
            !create.path.startsWith(`${entry.path}/`),
        )
      : undefined;
  };
  const collections: Collection[] = [];
  for (const create of creates) {
    const read = under(create) ?? elsewhere(create);
    if (!read) continue;
    const itemPath = read.path;
    const keyParameter = /\{([^}]+)\}[^/]*$/.exec(itemPath)?.[1] ?? 'id';
    const list =
      at('GET', create.path) ??
      operations.find((entry) => entry.method === 'GET' && entry.path.startsWith(`${create.path}/findBy`));
    const update = at('PUT', itemPath) ?? at('PATCH', itemPath) ?? at('PUT', create.path) ?? at('POST', itemPath);
    collections.push({
      path: create.path,
      itemPath,
      keyParameter,
      create,
      read,
      list,
      update,
      remove: at('DELETE', itemPath),
    });
  }
  return collections;
}

/** The object an answer or a request body is about: itself, or the one object a single-key envelope wraps. */
export function recordIn(value: unknown): Record<string, unknown> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const only = keys.length === 1 ? record[keys[0] ?? ''] : undefined;
  if (only !== null && typeof only === 'object' && !Array.isArray(only)) return only as Record<string, unknown>;
  return record;
}

/** Names the key may go by in an answer: the parameter's own, its last word (petId → id, project_gid → gid), id. */
function keyNames(parameter: string): string[] {
  const lastWord = /(?:_|(?<=[a-z])(?=[A-Z]))([A-Za-z]+)$/.exec(parameter)?.[1];
  return [parameter, ...(lastWord ? [lastWord] : []), 'id', 'uuid', 'gid', 'sid', 'slug', 'name'];
}

/** `others`: where the key came from the Location header, the fields that may hold it in a record. */
export type Key = { field: string; value: string; raw: unknown; others?: string[] };

export function keyOf(answer: Answer, parameter: string): Key | undefined {
  // The record, or one beside others in its envelope (DigitalOcean's {"droplet": {...}, "links": {...}}).
  const beside = Object.values(recordIn(answer.body) ?? {}).map((value) => recordIn(value));
  const records = [recordIn(answer.body), ...beside];
  for (const name of keyNames(parameter)) {
    for (const record of records) {
      const field = record && Object.keys(record).find((key) => key.toLowerCase() === name.toLowerCase());
      const value = field ? record[field] : undefined;
      if (field && (typeof value === 'string' || typeof value === 'number'))
        return { field, value: String(value), raw: value };
    }
  }
  const fromLocation = answer.location?.split('/').filter(Boolean).pop();
  const value = fromLocation ? decodeURIComponent(fromLocation) : undefined;
  return value ? { field: parameter, value, raw: value, others: keyNames(parameter) } : undefined;
}

/**
 * The query filters of a list, given the created record's values for them: a list by
 * status (the Swagger Petstore's /pet/findByStatus) is asked for the status the record has.
 */
export function filtersOf(list: Operation, created: Answer): Record<string, unknown> {
  const record = recordIn(created.body) ?? {};
  const values: Record<string, unknown> = {};
  for (const parameter of list.parameters) {
    const value = parameter.in === 'query' ? record[parameter.name] : undefined;
    // A parameter of an object (a date range such as `date_created[gt]`) filters otherwise
    // than by the record's own value: only a plain value is written as the plain parameter.
    const type = shapeOf(parameter.schema).type;
    const plain = type === 'string' || type === 'number' || type === 'integer' || type === 'boolean';
    if (plain && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
      values[parameter.name] = value;
  }
  return values;
}

/**
 * Whether an answer gives back a text anywhere in its body (an answer's kept text is only its
 * start: DigitalOcean's droplet names itself after its region, size and image).
 */
export function shows(answer: Answer, text: string): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: answer.body, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value === 'string' && value.includes(text)) return true;
    if (value === null || typeof value !== 'object' || depth > 8) continue;
    for (const item of Object.values(value)) stack.push({ value: item, depth: depth + 1 });
  }
  return false;
}

/**
 * Whether a record in `body` holds the key: in its field, anywhere; or, a key from a Location
 * header, in a field that may name it, of the answer's record (or its envelope's) or a list's item.
 */
const holdsKey = (body: unknown, key: Key | undefined) =>
  key !== undefined &&
  (holds(body, key.field, key.value) || (key.others ?? []).some((field) => holds(body, field, key.value, 5)));

/** Whether an answer holds an object whose `field` is `value`, from `depth` down to the sixth level. */
function holds(body: unknown, field: string, value: string, depth = 0): boolean {
  if (depth > 6 || body === null || typeof body !== 'object') return false;
  if (Array.isArray(body)) return body.some((item) => holds(item, field, value, depth + 1));
  const record = body as Record<string, unknown>;
  if (String(record[field]) === value) return true;
  return Object.values(record).some((item) => holds(item, field, value, depth + 1));
}

/** Whether the markers a story writes (`mock3-created`) match a field's pattern (DigitalOcean's droplet name). */
function markersFit(pattern: string): boolean {
  for (const flags of ['u', '']) {
    try {
      const expression = new RegExp(pattern, flags);
      return expression.test('mock0-created') && expression.test('mock0-updated');
    } catch {}
  }
  return false;
}

/** The names of the fields an operation's answer holds, its envelope's included. */
export function answeredFields(entry: Operation): Set<string> {
  const names = new Set<string>();
  const stack: Array<{ schema: Schema | undefined; depth: number }> = [{ schema: answerSchema(entry), depth: 0 }];
  while (stack.length > 0) {
    const { schema, depth } = stack.pop() as { schema: Schema | undefined; depth: number };
    if (schema === undefined || depth > 2) continue;
    for (const [name, property] of Object.entries((shapeOf(schema).properties ?? {}) as Record<string, Schema>)) {
      names.add(name);
      stack.push({ schema: property, depth: depth + 1 });
    }
  }
  return names;
}

/** A plain string field of the create body that can carry a marker the reads must give back. */
export function markerField(
  operation: Schema,
  keyField?: string,
  answered: ReadonlySet<string> = new Set(),
): { envelope?: string; field: string } | undefined {
  const media = Object.values((operation.requestBody?.content ?? {}) as Record<string, Schema>)[0];
  let schema = shapeOf(media?.schema);
  let envelope: string | undefined;
  const properties = writableProperties(schema);
  if (properties.length === 1 && shapeOf(properties[0]?.[1]).type === 'object') {
    envelope = properties[0]?.[0];
    schema = shapeOf(properties[0]?.[1]);
  }
  // The key names the record: a marker there would rename it (the Swagger Petstore's username).
  const plain = writableProperties(schema).filter(([name, property]) => {
    if (name === keyField) return false;
    const shape = shapeOf(property);
    const type = Array.isArray(shape.type) ? shape.type.find((entry: string) => entry !== 'null') : shape.type;
    return (
      type === 'string' &&
      !shape.format &&
      !shape.enum &&
      (!shape.pattern || markersFit(shape.pattern)) &&
      shape.const === undefined &&
      (shape.maxLength ?? 64) >= 16
    );
  });
  const preferred = ['name', 'title', 'description', 'body', 'friendlyname', 'notes', 'bio'];
  // A field the read answers, where there is one: DigitalOcean's droplet never gives back user_data.
  // None answered: a marker could never be read back.
  const pool = answered.size > 0 ? plain.filter(([name]) => answered.has(name)) : plain;
  const chosen = pool.find(([name]) => preferred.includes(name.toLowerCase())) ?? pool[0];
  return chosen ? { ...(envelope ? { envelope } : {}), field: chosen[0] } : undefined;
}

export function withMarker(
  body: Body | undefined,
  marker: { envelope?: string; field: string } | undefined,
  text: string,
  key?: Key,
): Body | undefined {
  if (!body || body.value === null || typeof body.value !== 'object') return body;
  const value = structuredClone(body.value) as Record<string, unknown>;
  if (marker?.envelope && (value[marker.envelope] === null || typeof value[marker.envelope] !== 'object'))
    value[marker.envelope] = {};
  const record = marker?.envelope ? (value[marker.envelope] as Record<string, unknown>) : value;
  if (marker) record[marker.field] = text;
  if (key) record[key.field] = key.raw;
  return { ...body, value };
}

/**
 * The create body with the value a list filters by when it is not given: a list whose filter has
 * a default (`/pet/findByStatus`, status=available) lists only records that hold that value.
 */
export function withFilterDefaults(
  body: Body | undefined,
  create: Operation,
  list: Operation | undefined,
): Body | undefined {
  if (!list || !body || body.value === null || typeof body.value !== 'object' || Array.isArray(body.value)) return body;
  const media = Object.values((create.operation.requestBody?.content ?? {}) as Record<string, Schema>)[0];
  const writable = new Set(writableProperties(shapeOf(media?.schema)).map(([name]) => name));
  const value = { ...(body.value as Record<string, unknown>) };
  for (const parameter of list.parameters) {
    const fallback = shapeOf(parameter.schema).default;
    const plain = typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean';
    if (parameter.in === 'query' && plain && writable.has(parameter.name) && value[parameter.name] === undefined)
      value[parameter.name] = fallback;
  }
  return { ...body, value };
}

const PAGE_SIZE = /^(limit|per_?page|page_?size|size|count|max_?results|top)$/i;

/**
 * The list's page size at its largest: the record may sit on any page of a list the server
 * orders by its own rule (a random UUID key, say), and the first page is the one read.
 */
function largestPage(list: Operation): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const parameter of list.parameters) {
    const schema = shapeOf(parameter.schema);
    if (
      parameter.in === 'query' &&
      PAGE_SIZE.test(parameter.name) &&
      (schema.type === 'integer' || schema.type === 'number')
    )
      sizes[parameter.name] = schema.maximum ?? 100;
  }
  return sizes;
}

export const succeeded = (answer: Answer) => answer.status >= 200 && answer.status < 300;
/** An answer in a step's why: its status and the start of its body. */
export const brief = (answer: Answer) => `${answer.status} ${answer.error ?? answer.text.slice(0, 160)}`;

export type StoryContext = { document: Schema; send: Sender; parentKeys: Record<string, string>; tag: string };

/** Runs one collection's story; returns its steps, each kept or not (with why not). */
export async function runStory(
  collection: Collection,
  context: StoryContext,
): Promise<{ steps: Step[]; key?: string }> {
  const { document, send, parentKeys, tag } = context;
  const steps: Step[] = [];
  const shown = answeredFields(collection.read);
  const marker = markerField(collection.create.operation, undefined, shown);
  const created = `${tag}-created`;
  const updated = `${tag}-updated`;
  const step = (name: string, kept: boolean, why?: string) =>
    steps.push({ step: name, kept, ...(kept ? {} : { why }) });

  const createBody = withFilterDefaults(
    withMarker(bodyOf(collection.create.operation), marker, created),
    collection.create,
    collection.list,
  );
  const createAnswer = await send(planRequest(document, collection.create, parentKeys, createBody));
  const key = succeeded(createAnswer) ? keyOf(createAnswer, collection.keyParameter) : undefined;
  step(
    'create',
    key !== undefined,
    key ? undefined : succeeded(createAnswer) ? 'no key in the answer' : brief(createAnswer),
  );
  const keyValues = { ...parentKeys, ...(key ? { [collection.keyParameter]: key.value } : {}) };
  const readBack = async (name: string, text: string | undefined) => {
    const answer = await send(planRequest(document, collection.read, keyValues));
    const hasKey = holdsKey(answer.body, key);
    const hasText = text === undefined || shows(answer, text);
    step(
      name,
      succeeded(answer) && hasKey && hasText,
      !succeeded(answer) ? brief(answer) : !hasKey ? 'the key is not in the answer' : `"${text}" is not in the answer`,
    );
  };
  await readBack('read', marker ? created : undefined);
  if (collection.list) {
    const answer = await send(
      planRequest(document, collection.list, {
        ...filtersOf(collection.list, createAnswer),
        ...keyValues,
        ...largestPage(collection.list),
      }),
    );
    const listed = holdsKey(answer.body, key);
    step('list', succeeded(answer) && listed, succeeded(answer) ? 'the record is not in the list' : brief(answer));
  }
  if (collection.update) {
    const onCollection = collection.update.path === collection.path;
    // The update's own field: its body may be shaped otherwise than the create's.
    const updateMarker = markerField(collection.update.operation, key?.field, shown);
    const body = withMarker(
      bodyOf(collection.update.operation) ?? createBody,
      updateMarker,
      updated,
      onCollection ? key : undefined,
    );
    const answer = await send(planRequest(document, collection.update, keyValues, body));
    step('update', succeeded(answer), brief(answer));
    await readBack('read after update', updateMarker ? updated : undefined);
  }
  if (collection.remove) {
    const answer = await send(planRequest(document, collection.remove, keyValues));
    step('delete', succeeded(answer), brief(answer));
    const after = await send(planRequest(document, collection.read, keyValues));
    step('read after delete', after.status === 404 || after.status === 410, `${brief(after)} (a 404 was due)`);
  }
  return { steps, ...(key ? { key: key.value } : {}) };
}
