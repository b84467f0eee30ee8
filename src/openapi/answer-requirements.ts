// What the answers of a resource's records require of a record: the required properties of every
// schema a record is answered in (its list's items, its read, its create, its replacement), with
// their schemas. A field one of them requires and no request sets (an article's author, its
// createdAt) is the mock's to make when the record is made (server-fields.ts), the fixtures'
// to draw, and the data file's to hold (data-set-check.ts): every read of the record then agrees.
import { asObject, type JsonObject } from './json-pointer.js';
import type { Contract, OperationInfo } from './load-contract.js';
import { mediaFamily } from './media-types.js';
import {
  arrayMostLike,
  bodyEnvelope,
  listItemSchema,
  recordEnvelope,
  requestSchema,
  singleKeyEnvelope,
} from './operation-schemas.js';
import type { Resource, ResourceModel } from './resource-model.js';
import { allowsNull, describeObjectSchema, resolveSchema, type SchemaShape, schemaType } from './schema-shape.js';

/** Each required property of a record's answers, with its schema (the record schema's first). */
export type AnswerRequirements = ReadonlyMap<string, JsonObject>;

const SUCCESS = /^2\d\d$/;

/** The JSON schemas of an operation's 2xx answers. */
function successSchemas(operation: OperationInfo): unknown[] {
  return [...operation.responses.entries()]
    .filter(([status]) => SUCCESS.test(status))
    .flatMap(([, response]) => {
      const json =
        response.media.find((media) => media.type === 'application/json') ??
        response.media.find((media) => mediaFamily(media.type) === 'json');
      return json?.schema === undefined ? [] : [json.schema];
    });
}

/**
 * The shape of a record in an answer: the answer itself, its array's items, the one object it
 * wraps, or the record beside an envelope's own fields (Discourse's `{"success", "category"}`).
 */
function recordShapesIn(document: JsonObject, schema: unknown, resource: Resource, depth = 0): SchemaShape[] {
  const { keyField } = resource.collection;
  const resolved = resolveSchema(document, schema);
  if (schemaType(resolved) === 'array') return recordShapesIn(document, resolved.items, resource);
  const shape = describeObjectSchema(document, resolved);
  if (shape.properties.has(keyField)) return [shape];
  const enveloped = recordEnvelope(document, resolved, resource.shape, resource.recordSchema);
  if (enveloped) {
    const inner = describeObjectSchema(document, enveloped.schema);
    if (inner.properties.has(keyField)) return [inner];
  }
  // An envelope: the records of its arrays, or the one record it wraps ({"article": {...}}).
  const inner = [...shape.properties.values()].filter((property) => {
    const type = schemaType(property);
    return type === 'array' || (type === 'object' && shape.properties.size === 1);
  });
  return inner.flatMap((property) => {
    const candidate = schemaType(property) === 'array' ? resolveSchema(document, property.items) : property;
    const innerShape = describeObjectSchema(document, candidate);
    if (innerShape.properties.has(keyField)) return [innerShape];
    // A list's envelope wrapped once more (Listmonk's {data: {results: [...]}}).
    return depth === 0 && schemaType(property) === 'object' ? recordShapesIn(document, candidate, resource, 1) : [];
  });
}

const cache = new WeakMap<Resource, AnswerRequirements>();

/** The schemas `name` is declared by in the shapes that declare it, in their order. */
const declaredIn = (shapes: readonly SchemaShape[], name: string): JsonObject[] =>
  shapes.flatMap((shape) => {
    const property = shape.properties.get(name);
    return property === undefined ? [] : [property];
  });

/** The record's own shape, and its shape in each answer the conventions give of it but a delete's. */
function answerShapes(contract: Contract, model: ResourceModel, resource: Resource): SchemaShape[] {
  const shapes: SchemaShape[] = [resource.shape];
  for (const operation of contract.operations) {
    const shape = model.shapes.get(operation.operationId);
    if (shape?.resource !== resource || shape.kind === 'delete') continue;
    for (const schema of successSchemas(operation))
      for (const each of recordShapesIn(contract.document, schema, resource)) shapes.push(each);
  }
  return shapes;
}

/**
 * The properties an answer of the record marks readOnly (Asana's attachment: its parent, an
 * object, where the create's body sends the parent's gid): the server's, whatever a body sends.
 */
export function answeredReadOnly(contract: Contract, model: ResourceModel, resource: Resource): AnswerRequirements {
  const owned = new Map<string, JsonObject>();
  for (const shape of answerShapes(contract, model, resource))
    for (const [name, property] of shape.properties)
      if (property.readOnly === true && !owned.has(name)) owned.set(name, property);
  return owned;
}

/**
 * Whether a field is sent in words of a few values none of which an answer of it takes (Lob's
 * address_country: "US" sent, "UNITED STATES" answered): the server says it in its own words. No
 * body could hold a value both take, so none is refused for it (answeredNarrower).
 */
function sentInOtherWords(document: JsonObject, sent: JsonObject, answered: readonly JsonObject[]): boolean {
  const values = resolveSchema(document, sent).enum;
  if (!Array.isArray(values) || answered.length === 0) return false;
  const said = values.map((value) => JSON.stringify(value));
  return answered.every((schema) => {
    const held = resolveSchema(document, schema).enum;
    return Array.isArray(held) && !held.some((value) => said.includes(JSON.stringify(value)));
  });
}

/**
 * The properties a request sends in a type the record's answers do not take (Asana's project
 * owner: a gid sent, an object answered), or in other words (sentInOtherWords): the server's to
 * make, named by what was sent.
 */
export function answeredOtherwise(
  contract: Contract,
  model: ResourceModel,
  resource: Resource,
  request: SchemaShape,
): AnswerRequirements {
  const { document } = contract;
  const shapes = answerShapes(contract, model, resource);
  const otherwise = new Map<string, JsonObject>();
  for (const [name, sent] of request.properties) {
    const sentType = schemaType(resolveSchema(document, sent));
    if (sentType === undefined) continue;
    const answered = declaredIn(shapes, name);
    const refuses = (schema: JsonObject) => !allows(typesOf(document, schema), sentType);
    // Where the record's own schema takes what is sent, an answer that declares the field
    // otherwise holds a value of its own (fieldsAnsweredApart): Lichess's tournaments list their
    // variant as an object, sent and read as a name.
    const own = resource.shape.properties.get(name);
    if (
      answered[0] !== undefined &&
      ((own === undefined ? answered.some(refuses) : refuses(own)) || sentInOtherWords(document, sent, answered))
    )
      otherwise.set(name, commonSchema(document, answered));
  }
  return otherwise;
}

/** A field sent by one schema and answered by others: the answers' schemas, and the one a made value is drawn from. */
export type AnsweredByOtherSchema = { answers: JsonObject[]; drawn: JsonObject };

/**
 * The fields a request sends as an object or a list that the record's answers declare by another
 * schema (OpenAI's chunking_strategy: auto or static sent, static or other answered): a value
 * sent is kept where it fits them (answer-fit.ts), else made by the server.
 */
export function answeredByOtherSchema(
  contract: Contract,
  model: ResourceModel,
  resource: Resource,
  request: SchemaShape,
): ReadonlyMap<string, AnsweredByOtherSchema> {
  const { document } = contract;
  const shapes = answerShapes(contract, model, resource);
  const fields = new Map<string, AnsweredByOtherSchema>();
  for (const [name, sent] of request.properties) {
    const answers = declaredIn(shapes, name);
    if (answers[0] === undefined) continue;
    // Objects and lists (a oneOf of objects names no type): a scalar's type is answeredOtherwise's.
    const type = schemaType(resolveSchema(document, answers[0]));
    if (type !== undefined && type !== 'object' && type !== 'array') continue;
    const said = JSON.stringify(sent);
    // One schema for both, that requires a readOnly field within (PagerDuty's escalation policy
    // reference: `{}` sent, `{id, type}` answered), is one schema to the request, another to the answers.
    if (answers.some((answer) => JSON.stringify(answer) !== said) || requiresReadOnlyWithin(document, sent))
      fields.set(name, { answers, drawn: commonSchema(document, answers) });
  }
  return fields;
}

/** How deep requiresReadOnlyWithin looks: references of records are a level or two down. */
const READ_ONLY_DEPTH = 4;

/** Whether `schema`, or an object within it, requires a property it marks readOnly, which no request sends. */
function requiresReadOnlyWithin(document: JsonObject, schema: unknown, depth = 0, seen = new Set<unknown>()): boolean {
  const resolved = resolveSchema(document, schema);
  if (depth > READ_ONLY_DEPTH || seen.has(resolved)) return false;
  seen.add(resolved);
  const type = schemaType(resolved);
  if (type === 'array') return requiresReadOnlyWithin(document, resolved.items, depth + 1, seen);
  if (type !== undefined && type !== 'object') return false;
  const shape = describeObjectSchema(document, resolved);
  if ([...shape.required].some((name) => shape.properties.get(name)?.readOnly === true)) return true;
  return [...shape.properties.values()].some((property) => requiresReadOnlyWithin(document, property, depth + 1, seen));
}

/**
 * The properties of `resource`'s records that its answers declare by several schemas (Spotify's
 * playlist tracks: a reference in its list, a page of tracks in its read), each as one schema a
 * value of which every answer takes (commonSchema): drawn so, a record reads back in all of them.
 */
export function answeredAlike(contract: Contract, model: ResourceModel, resource: Resource): AnswerRequirements {
  const shapes = answerShapes(contract, model, resource);
  const alike = new Map<string, JsonObject>();
  for (const name of new Set(shapes.flatMap((shape) => [...shape.properties.keys()]))) {
    const declared = declaredIn(shapes, name);
    if (new Set(declared.map((schema) => JSON.stringify(schema))).size > 1)
      alike.set(name, commonSchema(contract.document, declared));
  }
  return alike;
}

/**
 * The required properties of `resource`'s records in every answer the conventions give of them
 * (delete answers aside: a record removed is not read again). Read once per resource.
 */
export function answerRequirements(contract: Contract, model: ResourceModel, resource: Resource): AnswerRequirements {
  const known = cache.get(resource);
  if (known) return known;
  const { document } = contract;
  const shapes = answerShapes(contract, model, resource);
  const required = new Map<string, JsonObject>();
  for (const shape of shapes) {
    for (const name of shape.required) {
      if (required.has(name)) continue;
      const declared = declaredIn(shapes, name);
      required.set(name, commonSchema(document, declared));
    }
  }
  cache.set(resource, required);
  return required;
}

/** The JSON types a schema allows, or undefined where it names none (any value). */
function typesOf(document: JsonObject, raw: JsonObject): Set<string> | undefined {
  const schema = resolveSchema(document, raw);
  const named = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : undefined;
  if (named === undefined) return undefined;
  const types = new Set(named.filter((type): type is string => typeof type === 'string'));
  if (schema.nullable === true) types.add('null');
  return types;
}

/** The types a schema's oneOf or anyOf branches name, each typed; undefined where one is not. */
function branchTypesOf(document: JsonObject, schema: JsonObject): Set<string> | undefined {
  const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (branches === undefined || branches.length === 0) return undefined;
  const types = new Set<string>();
  for (const branch of branches) {
    const named = typesOf(document, asObject(branch));
    if (named === undefined) return undefined;
    for (const type of named) types.add(type);
  }
  return types;
}

/**
 * Of a request's field typed only by its branches (Box's retention_length: a text or a number),
 * the words of the answers that take some of those types and not others (a text only): a number
 * sent, stored as sent, would break every answer of the record. Undefined where none.
 */
function narrowerBranchTypes(
  document: JsonObject,
  sent: JsonObject,
  answers: readonly JsonObject[],
): string[] | undefined {
  const sentTypes = branchTypesOf(document, sent);
  if (sentTypes === undefined || ![...sentTypes].every((type) => SCALARS.has(type) || type === 'null'))
    return undefined;
  if (answers.length === 0 || answers.some((answer) => answer.readOnly === true)) return undefined;
  const refused = [...sentTypes].filter((type) => answers.some((answer) => !allows(typesOf(document, answer), type)));
  // Refused in every type it takes, the field is the server's (server-fields.ts), never kept as sent.
  if (refused.length === 0 || refused.length === sentTypes.size) return undefined;
  const taken = [...sentTypes].filter((type) => !refused.includes(type));
  return [`type ${taken.join(' or ')}`];
}

const allows = (types: Set<string> | undefined, type: string) =>
  types === undefined || types.has(type) || (type === 'integer' && types.has('number'));

/**
 * The schema a record's field is made from, where the answers declare it: the first that declares
 * it, unless another types it otherwise (Discourse's post: flair_group_id text in its list, an
 * integer in its create's answer); then the first whose type every one of them allows, else null
 * where every one allows null. A value of it then fits every answer of the record.
 */
function commonSchema(document: JsonObject, declared: readonly JsonObject[]): JsonObject {
  const first = declared[0] ?? {};
  const types = declared.map((schema) => typesOf(document, schema));
  const fitsAll = (type: string) => types.every((each) => allows(each, type));
  const drawnType = (schema: JsonObject) => schemaType(resolveSchema(document, schema));
  const firstType = drawnType(first);
  // Objects of several shapes (Spotify's playlist tracks: {href, total} in a list, a page of
  // tracks in a read): one value of all of them.
  if (firstType === 'object' && declared.length > 1 && declared.every((schema) => drawnType(schema) === 'object'))
    return new Set(declared.map((schema) => JSON.stringify(schema))).size > 1 ? { allOf: [...declared] } : first;
  if (firstType === undefined || fitsAll(firstType)) return first;
  const common = declared.find((schema) => {
    const type = drawnType(schema);
    return type !== undefined && fitsAll(type);
  });
  return common ?? (fitsAll('null') ? { type: 'null' } : first);
}

/** A field a request takes in values an answer of its record refuses: the answers' schemas of it, and what they add. */
export type AnswerNarrowing = { answers: JsonObject[]; keywords: string[] };

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength'];
// A format of its own (Adyen's dateOfBirth: a date sent, a date-time answered) refuses the other's values.
const EXACT = ['pattern', 'format', 'const', 'multipleOf'];

/** The keywords by which `answer` refuses a value `request` takes, each as "pattern ^x$" or "maxLength 5". */
function narrowingKeywords(request: JsonObject, answer: JsonObject): string[] {
  const narrower = (keyword: string): boolean => {
    const [sent, held] = [request[keyword], answer[keyword]];
    if (held === undefined) return false;
    if (typeof held === 'number' && typeof sent === 'number') {
      if (LOWER_BOUNDS.includes(keyword)) return sent < held;
      if (UPPER_BOUNDS.includes(keyword)) return sent > held;
    }
    if (keyword === 'enum' && Array.isArray(held) && Array.isArray(sent)) {
      const allowed = new Set(held.map((value) => JSON.stringify(value)));
      return sent.some((value) => !allowed.has(JSON.stringify(value)));
    }
    return JSON.stringify(sent) !== JSON.stringify(held);
  };
  return [...EXACT, 'enum', ...LOWER_BOUNDS, ...UPPER_BOUNDS]
    .filter((keyword) => narrower(keyword))
    .map(
      (keyword) =>
        `${keyword} ${typeof answer[keyword] === 'string' ? answer[keyword] : JSON.stringify(answer[keyword])}`,
    );
}

/**
 * The keywords by which the answers of a list field refuse lists its request takes (Clerk's
 * default_scopes: any list sent, `uniqueItems` answered), each as "uniqueItems" or "maxItems 5".
 */
function narrowerLists(document: JsonObject, sent: JsonObject, answers: readonly JsonObject[]): string[] {
  const lists = answers.map((answer) => resolveSchema(document, answer));
  if (lists.length === 0 || lists.some((answer) => answer.readOnly === true || schemaType(answer) !== 'array'))
    return [];
  const keywords = new Set<string>();
  for (const answer of lists) {
    if (answer.uniqueItems === true && sent.uniqueItems !== true) keywords.add('uniqueItems');
    if (
      typeof answer.minItems === 'number' &&
      answer.minItems > (typeof sent.minItems === 'number' ? sent.minItems : 0)
    )
      keywords.add(`minItems ${answer.minItems}`);
    if (typeof answer.maxItems === 'number' && (typeof sent.maxItems !== 'number' || answer.maxItems < sent.maxItems))
      keywords.add(`maxItems ${answer.maxItems}`);
    // Items of a scalar type the answer narrows (Clerk's domains_enrollment_modes: an enum answered).
    const [sentItem, heldItem] = [resolveSchema(document, sent.items), resolveSchema(document, answer.items)];
    if (SCALARS.has(schemaType(sentItem) ?? '') && schemaType(heldItem) === schemaType(sentItem))
      for (const keyword of narrowingKeywords(sentItem, heldItem)) keywords.add(`items ${keyword}`);
  }
  return [...keywords];
}

/**
 * The scalar fields a request takes in values that an answer of the record declares otherwise,
 * of the same type but narrower (a draft's pattern on Category.name that NewCategory lacks): a
 * value stored as sent would make every answer of the record break the contract. Found by the
 * keywords alone, cheaply; answer-fit.ts judges each value sent.
 */
export function answeredNarrower(
  contract: Contract,
  model: ResourceModel,
  resource: Resource,
  request: SchemaShape,
  nullRemoves = false,
): ReadonlyMap<string, AnswerNarrowing> {
  const { document } = contract;
  const shapes = answerShapes(contract, model, resource);
  const narrowed = new Map<string, AnswerNarrowing>();
  for (const [name, property] of request.properties) {
    if (name === resource.collection.keyField || name === resource.parent?.field) continue;
    const resolved = resolveSchema(document, property);
    const sent = nullRemoves ? withoutNull(document, resolved) : resolved;
    const sentType = schemaType(sent);
    const answers = declaredIn(shapes, name).map((schema) => resolveSchema(document, schema));
    if (sentType === undefined && sent.readOnly !== true) {
      const keywords = narrowerBranchTypes(document, sent, answers);
      if (keywords) narrowed.set(name, { answers, keywords });
    }
    if (sentType === 'array' && sent.readOnly !== true) {
      const keywords = narrowerLists(document, sent, answers);
      if (keywords.length > 0) narrowed.set(name, { answers, keywords });
      continue;
    }
    if (sentType === undefined || !SCALARS.has(sentType) || sent.readOnly === true) continue;
    // A field answered readOnly or in another type is the server's (server-fields.ts), never kept as sent.
    if (answers.some((answer) => answer.readOnly === true || !allows(typesOf(document, answer), sentType))) continue;
    if (sentInOtherWords(document, sent, answers)) continue;
    const keywords = [...new Set(answers.flatMap((answer) => narrowingKeywords(sent, answer)))];
    // A null sent that no answer holds (Lago's webhook_url: ["string", null] sent, a text
    // answered): the mock reads it as no value, or refuses it where the request requires it.
    if (!nullRemoves && allowsNull(sent) && answers.some((answer) => !allowsNull(answer))) keywords.push('no null');
    if (keywords.length > 0) narrowed.set(name, { answers, keywords });
  }
  return narrowed;
}

const isNullAlone = (schema: JsonObject) =>
  schema.type === 'null' || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null);

/**
 * A field's schema without its null (`type: [integer, "null"]`, `nullable`, a `oneOf` branch of
 * null alone): a merge's null removes the field, or leaves it as its answers allow
 * (record-changes.ts), so it is never stored for an answer to refuse. Discord's every PATCH takes
 * null where its answers do not.
 */
function withoutNull(document: JsonObject, schema: JsonObject): JsonObject {
  const { type } = schema;
  if (Array.isArray(type) && type.includes('null')) {
    const others = type.filter((name) => name !== 'null');
    return { ...schema, type: others.length === 1 ? others[0] : others };
  }
  if (schema.nullable === true) {
    const { nullable: _nullable, ...rest } = schema;
    return rest;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const kept = branches.filter((branch) => !isNullAlone(resolveSchema(document, branch)));
    if (kept.length === branches.length || kept.length === 0) continue;
    const { [key]: _branches, ...rest } = schema;
    const [only] = kept;
    return kept.length === 1 && Object.keys(rest).length === 0
      ? resolveSchema(document, only)
      : { ...rest, [key]: kept };
  }
  return schema;
}

/** A write whose body takes values its record's answers refuse: the envelope its record is sent in, and those fields. */
export type NarrowedWrite = {
  envelope: string | undefined;
  fields: ReadonlyMap<string, AnswerNarrowing>;
  /** The fields the request requires (in its envelope). */
  required: ReadonlySet<string>;
};

const WRITES = new Set(['create', 'replace', 'merge']);

/**
 * The fields a create, replacement or merge takes in values its record's answers refuse
 * (answeredNarrower, of the record its body sends: inside its envelope where it has one). The
 * mock refuses such a value (answer-narrowing.ts), and the suite sends values of both. Undefined
 * for any other operation, or one whose body narrows nothing.
 */
export function narrowedWrite(
  contract: Contract,
  model: ResourceModel,
  operation: OperationInfo,
): NarrowedWrite | undefined {
  const shape = model.shapes.get(operation.operationId);
  if (!shape || !WRITES.has(shape.kind) || !operation.request) return undefined;
  const { document } = contract;
  const schema = requestSchema(operation);
  const wrapper = bodyEnvelope(document, schema, shape.resource.shape);
  const request = describeObjectSchema(document, wrapper?.schema ?? schema);
  const fields = answeredNarrower(contract, model, shape.resource, request, shape.kind === 'merge');
  return fields.size === 0 ? undefined : { envelope: wrapper?.property, fields, required: request.required };
}

/**
 * The fields of `operation`'s answer of a record that another answer of the record declares by
 * another schema (Listmonk's campaign: send_at an object in its create's answer, a text in its
 * read's; lists of numbers, then of objects): no stored value may fit both, so this answer holds
 * a value of its own schema where the stored one does not fit it.
 */
export function fieldsAnsweredApart(
  contract: Contract,
  model: ResourceModel,
  resource: Resource,
  operation: OperationInfo,
): Array<[string, JsonObject]> {
  const { document } = contract;
  const [answered] = heldShapes(contract, model, resource, operation);
  if (answered === undefined) return [];
  const shapes = [resource.shape];
  for (const other of contract.operations) {
    const shape = model.shapes.get(other.operationId);
    if (other !== operation && shape?.resource === resource && shape.kind !== 'delete')
      for (const held of heldShapes(contract, model, resource, other)) shapes.push(held);
  }
  const written = (schema: JsonObject) => JSON.stringify(resolveSchema(document, schema));
  const apart: Array<[string, JsonObject]> = [];
  for (const [name, property] of answered.properties) {
    if (name === resource.collection.keyField) continue;
    const own = written(property);
    if (declaredIn(shapes, name).some((other) => written(other) !== own)) apart.push([name, property]);
  }
  return apart;
}

/**
 * A list's records as its answer holds them: the items of its one array, or of the one named as
 * the collection (listItemSchema); of several others, those that share most fields with the
 * record (Lichess's tournaments are in three arrays of one summary). Never the envelope, though it
 * has an id of its own (Box's classification lists its fields in a template).
 */
function listedShape(document: JsonObject, schema: unknown, resource: Resource): SchemaShape[] {
  const named = listItemSchema(document, schema, resource.name);
  if (named !== undefined) return [describeObjectSchema(document, named)];
  const best = arrayMostLike(document, schema, resource.shape.properties);
  return best === undefined ? [] : [describeObjectSchema(document, best[1].items)];
}

/**
 * The record as each success answer of `operation` holds it: inside its envelope, whether or not
 * it shows the key; a list's, as its items (Lichess's tournaments list a summary of another schema).
 */
function heldShapes(
  contract: Contract,
  model: ResourceModel,
  resource: Resource,
  operation: OperationInfo,
): SchemaShape[] {
  const { document } = contract;
  if (model.shapes.get(operation.operationId)?.kind === 'list')
    return successSchemas(operation).flatMap((schema) => listedShape(document, schema, resource));
  return successSchemas(operation).map((schema) =>
    describeObjectSchema(
      document,
      recordEnvelope(document, schema, resource.shape, resource.recordSchema)?.schema ??
        singleKeyEnvelope(document, schema, resource.shape)?.schema ??
        schema,
    ),
  );
}
