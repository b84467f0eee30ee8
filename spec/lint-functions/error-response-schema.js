// Checks that a 4xx/5xx response's JSON body is the Error object (by shape, since Spectral
// hands rules the resolved document) and that its `status` is fixed to the response's own status.
const ERROR_FIELDS = ['code', 'message', 'status'];

function isErrorShape(schema) {
  return (
    schema !== null &&
    typeof schema === 'object' &&
    Array.isArray(schema.required) &&
    ERROR_FIELDS.every((field) => schema.required.includes(field)) &&
    schema.properties?.status?.type === 'integer'
  );
}

function fixedStatus(schema) {
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  for (const part of parts) {
    const status = part?.properties?.status;
    if (status && 'const' in status) return status.const;
    if (status && Array.isArray(status.enum) && status.enum.length === 1) return status.enum[0];
  }
  return undefined;
}

export default function errorResponseSchema(response, _options, context) {
  const statusKey = String(context.path[context.path.length - 1]);
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) {
    return [{ message: `${statusKey} response has no application/json body; use the Error object.` }];
  }
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  if (!parts.some(isErrorShape)) {
    return [{ message: `${statusKey} response body is not the Error object (code, message, status).` }];
  }
  if (/^[45]\d\d$/.test(statusKey) && fixedStatus(schema) !== Number(statusKey)) {
    return [{ message: `${statusKey} response must fix Error.status to ${statusKey} (const).` }];
  }
  return [];
}
