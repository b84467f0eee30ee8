// An error answer's body for any schema a contract gives its errors: RFC 9457 problem details
// (`type`, `title`, `status`, `detail`, `instance`), `{code, message}`, OAuth's
// `{error, error_description}`, `{errors: [...]}` of the fields at fault, an object wrapped in
// `{"error": {...}}`. Each property is read once, by its name and schema, as the fact it means;
// a required one that means none is drawn from its schema once, when the template is made, and an
// optional one is left out. A fact that its property's schema does not take (an enum, a pattern,
// a bound) is replaced by the closest value it takes, or a drawn one.
import { type FormatName, fullFormats } from 'ajv-formats/dist/formats.js';
import type { JsonObject } from '../json-pointer.js';
import { describeObjectSchema, resolveSchema, schemaType } from '../schema-shape.js';
import { borrowedChoice, closestChoice } from './code-words.js';
import type { ErrorFacts, ErrorIssue } from './error-facts.js';

/** Draws a value of a schema (named as the property that holds it), for fields no fact fills. */
export type Draw = (schema: unknown, name: string) => unknown;

/** The body of an error answer, from its facts. */
export type ErrorTemplate = (facts: ErrorFacts) => unknown;

type Role =
  | 'status'
  | 'code'
  | 'message'
  | 'title'
  | 'problemType'
  | 'instance'
  | 'now'
  | 'issues'
  | 'field'
  | 'requestId'
  | 'retryAfter'
  | 'falsy'
  | 'docs';

const ROLES: ReadonlyArray<[Role, readonly string[]]> = [
  ['status', ['status', 'statuscode', 'httpstatus', 'httpstatuscode', 'httpcode', 'statusnumber']],
  ['code', ['code', 'errorcode', 'errcode', 'errorkey', 'errortype', 'errorid', 'id', 'kind', 'slug']],
  [
    'message',
    ['message', 'msg', 'errormessage', 'detail', 'details', 'description', 'errordescription', 'errordetail', 'reason'],
  ],
  ['title', ['title', 'summary', 'name']],
  ['problemType', ['type']],
  ['instance', ['instance', 'path', 'uri', 'url', 'requesturi', 'requesturl', 'requestpath']],
  ['now', ['timestamp', 'time', 'date', 'datetime', 'occurredat', 'at']],
  [
    'issues',
    [
      'errors',
      'fielderrors',
      'validationerrors',
      'issues',
      'violations',
      'invalidparams',
      'invalidparameters',
      'problems',
      'causes',
      'suberrors',
      'details',
    ],
  ],
  ['field', ['param', 'parameter', 'field', 'pointer', 'location', 'loc', 'property', 'source']],
  ['requestId', ['requestid', 'traceid', 'correlationid', 'requestuuid', 'errorreference']],
  ['retryAfter', ['retryafter', 'retryafterseconds', 'retryin', 'retryinseconds']],
  ['falsy', ['success', 'ok', 'succeeded']],
  ['docs', ['documentationurl', 'docurl', 'docsurl', 'docs', 'help', 'helpurl', 'moreinfo', 'link', 'infourl']],
];

const normalised = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The roles a property's name can have, most likely first. */
function rolesOf(name: string): Role[] {
  const key = normalised(name);
  return ROLES.filter(([, names]) => names.includes(key)).map(([role]) => role);
}

type Context = { document: JsonObject; draw: Draw };

/** Of a borrowed shape, the value its `const` or `enum` lists that says this answer (code-words.ts); undefined where none. */
function borrowedListed(schema: JsonObject, text: string, facts: ErrorFacts): unknown {
  const choices = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  return choices && borrowedChoice(choices, text, facts.status);
}
const MAX_DEPTH = 5;

/** A text the schema takes: an enum's closest value, within its lengths and pattern; undefined when it takes no text like it. */
function fitText(schema: JsonObject, text: string, facts: ErrorFacts): unknown {
  if (facts.borrowed) {
    const kept = borrowedListed(schema, text, facts);
    if (kept !== undefined) return kept;
    return schemaType(schema) === 'integer' || schemaType(schema) === 'number' ? Number(text) || undefined : text;
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return closestChoice(schema.enum, text, facts.status);
  const type = schemaType(schema);
  if (type === 'integer' || type === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
  if (type !== undefined && type !== 'string') return undefined;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const fitted = [...text].slice(0, max).join('').padEnd(min, '.');
  if (typeof schema.pattern === 'string' && !matchesPattern(schema.pattern, fitted)) return undefined;
  if (!fitsFormat(schema.format, fitted)) return undefined;
  return fitted;
}

/**
 * Whether a text is of the format a schema names, as the answer's validator (ajv-formats) reads
 * it: Ory Kratos's 400 is its login flow, whose `id` is a UUID, never an error code. A format
 * ajv-formats does not know is asserted by no validator, so any text is of it.
 */
function fitsFormat(format: unknown, text: string): boolean {
  if (typeof format !== 'string' || !Object.hasOwn(fullFormats, format)) return true;
  const check: unknown = fullFormats[format as FormatName];
  const test = typeof check === 'object' && check !== null && 'validate' in check ? check.validate : check;
  if (test instanceof RegExp) return test.test(text);
  return typeof test === 'function' ? test(text) === true : true;
}

function matchesPattern(pattern: string, text: string): boolean {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags).test(text);
    } catch {
      // Not a pattern under this flag: the next.
    }
  }
  return false;
}

/**
 * The statuses an error schema's status field lists (Lob's `status_code`: 401, 403, 404, 413,
 * 422, 429, 500), looked for in the objects that hold the error's facts; undefined when it lists none.
 */
export function statusChoices(document: JsonObject, raw: unknown, depth = 0): readonly number[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const schema = resolveSchema(document, raw);
  const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : [];
  for (const branch of branches) {
    const found = statusChoices(document, branch, depth + 1);
    if (found) return found;
  }
  if (schemaType(schema) !== 'object') return undefined;
  for (const [name, property] of describeObjectSchema(document, schema).properties) {
    const resolved = resolveSchema(document, property);
    if (rolesOf(name).includes('status') && Array.isArray(resolved.enum)) {
      const numbers = resolved.enum.map(Number).filter((value) => Number.isInteger(value) && value >= 400);
      if (numbers.length > 0) return numbers;
    }
    if (schemaType(resolved) === 'object') {
      const found = statusChoices(document, resolved, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** A number the schema takes: the status as a code (an enum's closest), as text where it wants text. */
function fitNumber(schema: JsonObject, value: number, facts: ErrorFacts): unknown {
  if (facts.borrowed) {
    const kept = borrowedListed(schema, String(value), facts);
    if (kept !== undefined) return kept;
    return schemaType(schema) === 'string' ? String(value) : value;
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return closestChoice(schema.enum, String(value), facts.status);
  const type = schemaType(schema);
  if (type === 'string') return fitText(schema, String(value), facts);
  if (type !== undefined && type !== 'integer' && type !== 'number') return undefined;
  const below = typeof schema.minimum === 'number' && value < schema.minimum;
  const above =
    (typeof schema.maximum === 'number' && value > schema.maximum) ||
    (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) ||
    (schema.exclusiveMaximum === true && typeof schema.maximum === 'number' && value >= schema.maximum);
  return below || above ? undefined : value;
}

function formatted(schema: JsonObject, nowMs: number): unknown {
  const type = schemaType(schema);
  if (type === 'integer' || type === 'number') return Math.floor(nowMs / 1000);
  const iso = new Date(nowMs).toISOString();
  return schema.format === 'date' ? iso.slice(0, 10) : iso;
}

/** The problem type of RFC 9457 section 4.2.1: about:blank, whose title is the status's phrase. */
const PROBLEM_TYPE = 'about:blank';

/** Whether an object of these properties is a problem details object (its `type` then names a problem type, not a code). */
const isProblem = (names: readonly string[]) =>
  names.some((name) => ['title', 'detail', 'instance', 'status'].includes(normalised(name)));

/** A fact's value for a property of `role`; undefined when the schema takes no such value. */
function factValue(role: Role, schema: JsonObject, facts: ErrorFacts, problem: boolean): unknown {
  switch (role) {
    case 'status':
      return fitNumber(schema, facts.status, facts);
    case 'code':
      return schemaType(schema) === 'integer'
        ? fitNumber(schema, facts.status, facts)
        : fitText(schema, facts.code, facts);
    case 'message':
      return fitText(schema, facts.message, facts);
    case 'title':
      return fitText(schema, facts.title, facts);
    case 'problemType':
      return problem || schema.format === 'uri' || schema.format === 'uri-reference'
        ? fitText(schema, PROBLEM_TYPE, facts)
        : fitText(schema, facts.code, facts);
    case 'instance':
      return fitText(schema, schema.format === 'uri' || schema.format === 'url' ? facts.url : facts.instance, facts);
    case 'now':
      return schemaType(schema) === 'string' && schema.format === undefined
        ? new Date(facts.nowMs).toISOString()
        : formatted(schema, facts.nowMs);
    case 'field':
      return facts.issues[0] === undefined ? undefined : fitText(schema, facts.issues[0].path, facts);
    case 'requestId':
      return fitText(schema, `req_${facts.nowMs.toString(36)}${Math.random().toString(36).slice(2, 10)}`, facts);
    case 'retryAfter':
      return facts.retryAfterSeconds === undefined ? undefined : fitNumber(schema, facts.retryAfterSeconds, facts);
    case 'falsy':
      return schemaType(schema) === 'boolean' ? false : undefined;
    case 'docs':
      return fitText(schema, facts.docsUrl, facts);
    case 'issues':
      return undefined;
  }
}

/** An issue's message with the field at fault before it, where it names one. */
const issueText = (issue: ErrorIssue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`);

/**
 * The facts of one field at fault, for an item of an issues list; its message names the field
 * where the item has no field of its own for it (Clerk's {message, long_message, code}).
 */
const issueFacts = (facts: ErrorFacts, issue: ErrorIssue, namesField: boolean): ErrorFacts => ({
  ...facts,
  message: namesField ? issue.message : issueText(issue),
  issues: [issue],
});

function issuesTemplate(context: Context, schema: JsonObject, name: string, depth: number): ErrorTemplate {
  const item = templateOf(context, schema.items, name, true, depth + 1);
  const itemSchema = resolveSchema(context.document, schema.items);
  const texts = schemaType(itemSchema) === 'string';
  const namesField = [...describeObjectSchema(context.document, itemSchema).properties.keys()].some((key) =>
    rolesOf(key).includes('field'),
  );
  return (facts) => {
    // No field at fault: the error itself, as one item; an empty list would tell nothing.
    const issues = facts.issues.length > 0 ? facts.issues : [{ path: '', message: facts.message }];
    return issues.map((issue) =>
      texts
        ? (fitText(itemSchema, issueText(issue), facts) ?? issue.message)
        : item(issueFacts(facts, issue, namesField)),
    );
  };
}

function objectTemplate(context: Context, schema: JsonObject, depth: number): ErrorTemplate {
  const shape = describeObjectSchema(context.document, schema);
  const names = [...shape.properties.keys()];
  const problem = isProblem(names);
  // OAuth (RFC 6749 section 5.2): `error` is the code beside error_description, a title beside a message.
  const hasDescription = names.some((name) => normalised(name) === 'errordescription');
  const fields: Array<[string, ErrorTemplate]> = [];
  for (const [name, property] of shape.properties) {
    if (property.readOnly === true && !shape.required.has(name) && depth === 0 && !rolesOf(name).length) continue;
    const required = shape.required.has(name);
    const key = normalised(name);
    const roles: Role[] =
      key === 'error' && schemaType(property) === 'string'
        ? [hasDescription ? 'code' : names.some((other) => rolesOf(other).includes('message')) ? 'title' : 'message']
        : rolesOf(name);
    const template = propertyTemplate(context, property, name, roles, required, problem, depth);
    if (template) fields.push([name, template]);
  }
  return (facts) => {
    const body: Record<string, unknown> = {};
    for (const [name, template] of fields) {
      const value = template(facts);
      if (value !== undefined) body[name] = value;
    }
    return body;
  };
}

function propertyTemplate(
  context: Context,
  property: JsonObject,
  name: string,
  roles: readonly Role[],
  required: boolean,
  problem: boolean,
  depth: number,
): ErrorTemplate | undefined {
  const type = schemaType(property);
  if (roles.includes('issues') && type === 'array') return issuesTemplate(context, property, name, depth);
  // An object inside the error (`{"error": {...}}`, Conduit's `errors: {body: [...]}`) holds the same facts.
  if (type === 'object' && depth < MAX_DEPTH && (required || /^(error|errors|problem|fault|err)$/i.test(name)))
    return templateOf(context, property, name, required, depth + 1);
  const role = roles.find((candidate) => candidate !== 'issues');
  if (role !== undefined) {
    const drawn = required ? context.draw(property, name) : undefined;
    return (facts) => factValue(role, property, facts, problem) ?? drawn;
  }
  if (!required) return undefined;
  // A required list of texts no fact names (`errors.body` of RealWorld's): the messages.
  if (type === 'array' && schemaType(resolveSchema(context.document, property.items)) === 'string')
    return issuesTemplate(context, property, name, depth);
  const drawn = context.draw(property, name);
  return () => drawn;
}

/** The template of an error body of `schema`; `required` says whether a value must be given. */
export function templateOf(context: Context, raw: unknown, name: string, required: boolean, depth = 0): ErrorTemplate {
  const schema = resolveSchema(context.document, raw);
  const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (branches && schemaType(schema) === undefined) {
    const object = branches.find((branch) => schemaType(resolveSchema(context.document, branch)) === 'object');
    return templateOf(context, object ?? branches[0], name, required, depth + 1);
  }
  switch (schemaType(schema)) {
    case 'object':
      return objectTemplate(context, schema, depth);
    case 'array':
      return issuesTemplate(context, schema, name, depth);
    case 'string':
      return (facts) => fitText(schema, facts.message, facts) ?? context.draw(schema, name);
    case 'integer':
    case 'number':
      return (facts) => fitNumber(schema, facts.status, facts) ?? context.draw(schema, name);
    default: {
      // No type said: an object of the facts the mock's own Error object holds.
      return (facts) =>
        required || depth === 0 ? { code: facts.code, message: facts.message, status: facts.status } : undefined;
    }
  }
}
