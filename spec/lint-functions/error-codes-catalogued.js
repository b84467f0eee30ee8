// Every `code` an error response lists must be in the document's x-error-codes catalogue,
// with the same status: the catalogue is what the reference shows and what the mock answers.
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

function listedCodes(schema) {
  const parts = [schema, ...(Array.isArray(schema?.allOf) ? schema.allOf : [])];
  return parts.flatMap((part) => {
    const code = part?.properties?.code;
    if (!code) return [];
    if (Array.isArray(code.enum)) return code.enum;
    return 'const' in code ? [code.const] : [];
  });
}

export default function errorCodesCatalogued(document) {
  const catalogue = document?.['x-error-codes'];
  if (!catalogue || typeof catalogue !== 'object') {
    return [
      {
        message: 'The document needs an x-error-codes catalogue (code -> {status, description}).',
        path: ['x-error-codes'],
      },
    ];
  }
  const results = [];
  for (const [pathKey, pathItem] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const responses = pathItem?.[method]?.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]/.test(status)) continue;
        const schema = response?.content?.['application/json']?.schema;
        const codes = listedCodes(schema);
        if (codes.length === 0) {
          results.push({
            message: `${method.toUpperCase()} ${pathKey} ${status}: list the Error codes it can answer (code.enum).`,
            path: ['paths', pathKey, method, 'responses', status],
          });
        }
        for (const code of codes) {
          const entry = catalogue[code];
          if (!entry || entry.status !== Number(status)) {
            results.push({
              message: `${method.toUpperCase()} ${pathKey} ${status}: code ${code} is not in x-error-codes with status ${status}.`,
              path: ['paths', pathKey, method, 'responses', status],
            });
          }
        }
      }
    }
  }
  return results;
}
