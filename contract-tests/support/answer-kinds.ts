// The kind of JSON an operation answers (a list, an object, a number...) in the contract the suite
// was written for and in the draft checked. A check that reads the pets of listPets as a list
// means nothing where a draft answers an object there: it is skipped, saying why, instead of
// failing on `{"n": 200}` as if the list were wrong.
import { builtInSpec, resolve, type SpecOperation } from './contract-spec.js';
import { jsonTypeOf } from './json-types.js';

// biome-ignore lint/suspicious/noExplicitAny: documents are arbitrary JSON
type Json = any;

/** Levels of $ref and allOf followed before a schema's kind is left unknown. */
const MOST_STEPS = 32;

let builtIn: Json | undefined;

/** A local $ref of the built-in contract followed to what it names. */
function resolveBuiltIn(value: Json): Json {
  builtIn ??= builtInSpec();
  let current = value;
  for (let step = 0; step < MOST_STEPS && typeof current?.$ref === 'string'; step += 1) {
    const segments = String(current.$ref).replace(/^#\//, '').split('/');
    current = segments.reduce(
      (node: Json, segment) => node?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')],
      builtIn,
    );
  }
  return current;
}

/** The JSON kind a schema's values have (array, object, string, number, boolean), or undefined when it says none. */
function kindOf(raw: Json, follow: (value: Json) => Json, depth = 0): string | undefined {
  const schema = follow(raw);
  if (depth > MOST_STEPS || typeof schema !== 'object' || schema === null) return undefined;
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type: unknown) => typeof type === 'string' && type !== 'null',
  );
  if (types.length === 1) return types[0] === 'integer' ? 'number' : types[0];
  if (types.length > 1) return undefined;
  if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array';
  if (schema.properties !== undefined) return 'object';
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const kind = kindOf(part, follow, depth + 1);
    if (kind !== undefined) return kind;
  }
  return undefined;
}

/** The kind of a JSON answer of `responses` at `status`, read with `follow` in its own document. */
function answerKind(responses: Json, status: number, follow: (value: Json) => Json): string | undefined {
  const content = follow(responses?.[String(status)])?.content;
  if (typeof content !== 'object' || content === null) return undefined;
  const type = jsonTypeOf(Object.keys(content));
  return type === undefined ? undefined : kindOf(content[type]?.schema, follow);
}

function builtInResponses(operationId: string): Json {
  builtIn ??= builtInSpec();
  for (const item of Object.values<Json>(builtIn.paths ?? {}))
    for (const operation of Object.values<Json>(item ?? {}))
      if (operation?.operationId === operationId) return operation.responses;
  return undefined;
}

const article = (kind: string) => (/^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`);

/**
 * How the draft reshapes the JSON kind of `operation`'s successes among `statuses` against the
 * built-in contract's ("its 200 answer is an object, not an array"); undefined where it keeps it
 * or either says no kind.
 */
export function answerKindChanged(operation: SpecOperation, statuses: readonly number[]): string | undefined {
  const builtInAnswers = builtInResponses(operation.operationId);
  if (builtInAnswers === undefined) return undefined;
  for (const status of statuses) {
    if (status < 200 || status > 299) continue;
    const written = answerKind(builtInAnswers, status, resolveBuiltIn);
    const checked = answerKind(operation.raw.responses, status, resolve);
    if (written !== undefined && checked !== undefined && written !== checked)
      return `its ${status} answer is ${article(checked)}, not ${article(written)}`;
  }
  return undefined;
}
