// The fields of a form body (application/x-www-form-urlencoded or multipart/form-data) are text;
// the contract types them. Before the validator checks a form, each field is read as the type its
// property declares (an integer, a number, a boolean, a list of them, an object written as JSON),
// as a server reading the form would: express-openapi-validator coerces parameters, not bodies,
// and a contract's form of `quantity=2` would otherwise be refused for a string.
import type { Request } from 'express';
import type { JsonObject } from './json-pointer.js';
import type { OperationInfo } from './load-contract.js';
import { essence, mediaFamily } from './media-types.js';
import { describeObjectSchema, resolveSchema, schemaType } from './schema-shape.js';

function typedValue(document: JsonObject, schema: JsonObject, value: unknown): unknown {
  const type = schemaType(schema);
  if (Array.isArray(value))
    return type === 'array'
      ? value.map((item) => typedValue(document, resolveSchema(document, schema.items), item))
      : value;
  if (typeof value !== 'string') return value;
  switch (type) {
    case 'integer':
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    case 'array':
      return [typedValue(document, resolveSchema(document, schema.items), value)];
    case 'object':
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    default:
      return value;
  }
}

/** Reads the fields of a form request's body as the types its schema declares, in place. */
export function typeFormFields(req: Request, operation: OperationInfo, document: JsonObject): void {
  const sent = essence(req.get('content-type') ?? '');
  const family = mediaFamily(sent);
  if ((family !== 'form' && family !== 'multipart') || typeof req.body !== 'object' || req.body === null) return;
  const media = operation.request?.media.find((entry) => essence(entry.type) === sent);
  if (!media) return;
  const shape = describeObjectSchema(document, media.schema);
  const body = req.body as Record<string, unknown>;
  for (const [name, property] of shape.properties) {
    if (Object.hasOwn(body, name)) body[name] = typedValue(document, property, body[name]);
  }
}
