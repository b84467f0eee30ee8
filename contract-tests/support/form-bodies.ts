// The body of an operation that takes a form and no JSON (Twilio's creates, a multipart upload):
// the suite's JSON value of it written as that form, where a form carries it without loss: each
// field a text, a number or a boolean of the type its property declares, or a list of them. A
// value a form could not tell apart from a valid one (the number 12 sent for a text field reads
// as "12", which it takes) is not written: the caller skips its check, saying why.
import { randomUUID } from 'node:crypto';
import { type JsonSchema, propertiesOf, schemaOf } from '../generation/json-schema.js';
import { FORM, MULTIPART } from './form-types.js';

export type FormBody = { contentType: string; text: string };

type Scalar = string | number | boolean;

/**
 * Whether a form's text of `value` is read as `value` is for a field of `schema`'s type (any type
 * where undeclared): a text that reads as no number is as wrong for a number field in a form as
 * in JSON; "12" is not.
 */
function carries(value: unknown, schema: JsonSchema | undefined): value is Scalar {
  const type = schema?.type;
  if (typeof value === 'string') {
    if (type === 'integer' || type === 'number') return value.trim() === '' || !Number.isFinite(Number(value));
    if (type === 'boolean') return value !== 'true' && value !== 'false';
    return type === undefined || type === 'string';
  }
  if (typeof value === 'number') return type === 'integer' || type === 'number';
  if (typeof value === 'boolean') return type === 'boolean';
  return false;
}

/** The fields of `value` as a form's pairs, or undefined where a form cannot carry one of them. */
function formPairs(value: unknown, schema: unknown): Array<[string, Scalar]> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const properties = new Map(propertiesOf(schemaOf(schema)));
  const pairs: Array<[string, Scalar]> = [];
  for (const [name, field] of Object.entries(value)) {
    const property = properties.get(name);
    if (Array.isArray(field) && property?.type === 'array') {
      const items = property.items === undefined ? undefined : schemaOf(property.items);
      if (!field.every((item) => carries(item, items))) return undefined;
      for (const item of field as Scalar[]) pairs.push([name, item]);
    } else if (carries(field, property)) pairs.push([name, field]);
    else return undefined;
  }
  return pairs;
}

/** A multipart body of the pairs: a field of format binary as a file part, the others as text parts. */
function multipartOf(pairs: Array<[string, Scalar]>, schema: unknown): FormBody {
  const boundary = `contract-${randomUUID()}`;
  const properties = new Map(propertiesOf(schemaOf(schema)));
  const quoted = (text: string) => text.replace(/["\r\n\\]/g, '_');
  const parts = pairs.map(([name, field]) => {
    const file = properties.get(name)?.format === 'binary';
    const disposition = `Content-Disposition: form-data; name="${quoted(name)}"${file ? `; filename="${quoted(name)}.bin"` : ''}`;
    return `--${boundary}\r\n${disposition}\r\n${file ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n${String(field)}\r\n`;
  });
  return { contentType: `${MULTIPART}; boundary=${boundary}`, text: `${parts.join('')}--${boundary}--\r\n` };
}

/** `value` written as the form `formType`, or undefined where a form cannot carry it. */
export function formBodyOf(formType: string, value: unknown, schema: unknown): FormBody | undefined {
  const pairs = formPairs(value, schema);
  if (pairs === undefined) return undefined;
  if (formType === MULTIPART) return multipartOf(pairs, schema);
  const text = new URLSearchParams(pairs.map(([name, field]) => [name, String(field)])).toString();
  return { contentType: FORM, text };
}
