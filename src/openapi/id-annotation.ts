// `id` in a 3.1 document's schema (`id: foo`, or the `id` member of an example a $ref makes a
// schema of) is no keyword of JSON Schema 2020-12: an unknown keyword, an annotation. Ajv 2020
// keeps draft 4's `id` as a keyword that throws ("NOT SUPPORTED") when a schema holding it is
// compiled: a draft valid by OpenAPI stopped the start with a stack trace. Every 2020-12 Ajv of
// the project (the validator's, the mock's, the examples' check, the suite's) takes it as one.
// A draft-04 Ajv (OpenAPI 3.0) reads `id` as the schema's id, as draft 4 says.

/** What of an Ajv instance this needs. */
type KeywordHolder = { getKeyword(keyword: string): unknown; removeKeyword(keyword: string): unknown };

/** The Ajv, its `id` keyword taken away where it has one (2020-12's): `id` is then an annotation. */
export function withIdAsAnnotation<Instance extends KeywordHolder>(ajv: Instance): Instance {
  if (ajv.getKeyword('id') !== false) ajv.removeKeyword('id');
  return ajv;
}
