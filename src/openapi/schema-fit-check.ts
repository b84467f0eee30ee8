// Whether a value meets a schema of a contract, asked by the faker of a drawn value where the
// schema alone cannot tell it (a oneOf of objects that overlap: any UserReference also meets a
// branch of any {id, type}, so one drawn from the first meets two and breaks the oneOf). One Ajv
// per document, holding it whole; each schema compiled once, when first asked.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { anchoredRefs } from './anchored-refs.js';
import { discriminatorsAsTags, schemaAsTagged } from './discriminated-view.js';
import type { JsonObject } from './json-pointer.js';
import { createMockAjv } from './mock-ajv.js';

/** Whether `value` meets `schema` (a schema of the document, by identity); true where it cannot be compiled. */
export type SchemaFitCheck = (schema: unknown, value: unknown) => boolean;

const DOCUMENT_ID = 'petstore-mock:drawn';
/** Schemas compiled for one document at most: the faker's own (an allOf it folds) are new objects each time. */
const MOST_COMPILED = 1_000;
const checks = new WeakMap<JsonObject, SchemaFitCheck>();

/** The check of `document`'s schemas, made once per document. */
export function schemaFitCheck(document: JsonObject): SchemaFitCheck {
  const known = checks.get(document);
  if (known) return known;
  let ajv: ReturnType<typeof createMockAjv> | undefined;
  const byIdentity = new WeakMap<object, ValidateFunction | null>();
  const byText = new Map<string, ValidateFunction | null>();
  const compile = (schema: object): ValidateFunction | null => {
    try {
      if (!ajv) {
        // Own properties only, as the data set's check reads records.
        ajv = createMockAjv({ ownProperties: true }, { formats: true });
        ajv.addSchema(discriminatorsAsTags(document), DOCUMENT_ID);
      }
      return ajv.compile(anchoredRefs(schemaAsTagged(document, schema), DOCUMENT_ID) as object);
    } catch {
      // A schema Ajv cannot compile is judged where it is served; here it asks nothing more.
      return null;
    }
  };
  const check: SchemaFitCheck = (schema, value) => {
    if (typeof schema !== 'object' || schema === null) return true;
    let validate = byIdentity.get(schema);
    if (validate === undefined) {
      const text = JSON.stringify(schema);
      validate = byText.get(text);
      if (validate === undefined) {
        if (byText.size >= MOST_COMPILED) return true;
        validate = compile(schema);
        byText.set(text, validate);
      }
      byIdentity.set(schema, validate);
    }
    return validate === null || validate(value) === true;
  };
  checks.set(document, check);
  return check;
}
