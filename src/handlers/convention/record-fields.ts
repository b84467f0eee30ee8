// The fields a write stores, read from the contract: every property the operation's request
// schema declares (its default when a create's or replacement's body leaves it out; a PATCH keeps
// what it does not name, as RFC 7396 says), never one it does not (unknown
// fields of a body are ignored, as before), never a readOnly one (the server sets those), never a
// file a multipart body uploads.
import type { Request } from 'express';
import { sentFields } from '../../http/sent-fields.js';
import type { JsonObject } from '../../openapi/json-pointer.js';
import type { Contract, OperationInfo } from '../../openapi/load-contract.js';
import { requestSchema } from '../../openapi/resource-model.js';
import { describeObjectSchema } from '../../openapi/schema-shape.js';
import type { StoredRecord } from '../../store/data-set.js';
import { setOwn } from '../../store/own-keys.js';

export type InputFields = (req: Request) => StoredRecord;

/**
 * The fields a multipart body sent as files (Asana's attachment file): their bytes were counted
 * and let go (form-bodies.ts), and the '' the validator reads in their place is no value to store.
 */
const uploadedFields = (req: Request): ReadonlySet<string> =>
  new Set((Array.isArray(req.files) ? req.files : []).map((file) => file.fieldname));

/**
 * The fields of a request's body that an operation stores: its schema's own, as sent or defaulted.
 * `merging`: the write merges its body into the record (a PATCH, or a PUT or POST its convention
 * reads as a merge: Svix's sink upsert): what it leaves out keeps its value, not its default.
 */
export function createInputFields(
  contract: Contract,
  operation: OperationInfo,
  merging = operation.method === 'patch',
): InputFields {
  const shape = describeObjectSchema(contract.document, requestSchema(operation));
  // A name the body requires without describing it (Xero's Folder requires a \`name\` beside its
  // \`Name\`) is kept as sent, of any type, like a described one.
  const undeclared = [...shape.required].filter((name) => !shape.properties.has(name));
  const writable = [
    ...[...shape.properties].filter(([, property]) => property.readOnly !== true),
    ...undeclared.map((name): [string, JsonObject] => [name, {}]),
  ];
  return (req) => {
    const body = (req.body ?? {}) as JsonObject;
    // A merge takes what the client sent only: not the defaults the validator filled in.
    const sent = merging ? sentFields(req) : undefined;
    const uploaded = uploadedFields(req);
    const fields: Record<string, unknown> = {};
    for (const [name, property] of writable) {
      if ((sent && !sent.has(name)) || uploaded.has(name)) continue;
      // A null sent is kept: a value where the schema allows it, a removal in a merge (RFC 7396).
      const value = Object.hasOwn(body, name) ? body[name] : merging ? undefined : property.default;
      if (value !== undefined) setOwn(fields, name, value);
    }
    return fields;
  };
}
