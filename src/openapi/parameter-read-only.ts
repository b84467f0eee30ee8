// readOnly and writeOnly speak of a body's properties only (OpenAPI 3.0 "relevant only for Schema
// properties"), yet express-openapi-validator refuses any value whose schema says readOnly, a
// parameter's too: DigitalOcean's {ssh_key_identifier}, `anyOf: [ssh_key id, fingerprint]`, both
// readOnly properties of the key, refused every id. The validator's copy of a parameter's schema
// leaves the two words out at its root and through its anyOf/oneOf/allOf (a $ref there copied).
import { isIgnoredHeaderName } from './ignored-header-parameters.js';
import { asObject, type JsonObject, resolveLocalRef } from './json-pointer.js';
import { withDefaultStyle } from './parameter-styles.js';
import { followedByValidator } from './validator-refs.js';

const BRANCHES = ['anyOf', 'oneOf', 'allOf'] as const;
/** Deep enough for any real branch nesting, and an end to a $ref that names itself. */
const MAX_DEPTH = 16;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function marked(document: JsonObject, schema: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || !isObject(schema)) return false;
  const own = resolveLocalRef(document, schema);
  if (own.readOnly === true || own.writeOnly === true) return true;
  return BRANCHES.some((key) => Array.isArray(own[key]) && own[key].some((part) => marked(document, part, depth + 1)));
}

function unmarked(document: JsonObject, schema: unknown, depth: number): unknown {
  if (!marked(document, schema, depth)) return schema;
  const { readOnly: _readOnly, writeOnly: _writeOnly, ...copy } = resolveLocalRef(document, schema);
  for (const key of BRANCHES) {
    const parts = copy[key];
    if (Array.isArray(parts)) copy[key] = parts.map((part) => unmarked(document, part, depth + 1));
  }
  return copy;
}

/**
 * The parameter (a $ref followed) with its schema unmarked and its default style said
 * (parameter-styles.ts); the parameter itself when neither changes it and the validator can
 * follow its $ref, if any (validator-refs.ts).
 */
export function parameterForValidator(document: JsonObject, parameter: unknown): unknown {
  const own = resolveLocalRef(document, parameter);
  const styled = withDefaultStyle(own);
  const kept = styled === own && followedByValidator(parameter, 'parameters');
  if (!marked(document, own.schema, 0)) return kept ? parameter : styled;
  return { ...styled, schema: unmarked(document, own.schema, 0) };
}

const isIgnoredHeader = (document: JsonObject, parameter: unknown) => {
  const { in: place, name } = resolveLocalRef(document, parameter);
  return place === 'header' && typeof name === 'string' && isIgnoredHeaderName(name);
};

/** The parameters of a path item or operation, each for the validator, without the headers no request is held to. */
export const parametersForValidator = (document: JsonObject, parameters: unknown): unknown =>
  Array.isArray(parameters)
    ? parameters
        .filter((parameter) => !isIgnoredHeader(document, parameter))
        .map((parameter) => parameterForValidator(document, parameter))
    : parameters;

/** components.parameters, each for the validator. */
export const componentParametersForValidator = (document: JsonObject, parameters: unknown): JsonObject =>
  Object.fromEntries(
    Object.entries(asObject(parameters)).map(([name, parameter]) => [name, parameterForValidator(document, parameter)]),
  );
