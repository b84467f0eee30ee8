// A deprecated operation must say when it goes away and what replaces it, and answer with the
// headers that tell clients so: Deprecation (RFC 9745), Sunset (RFC 8594), Link (RFC 8288).
const HEADERS = ['Deprecation', 'Sunset', 'Link'];

export default function deprecationDeclared(operation) {
  const results = [];
  const notice = operation['x-deprecation'];
  if (!notice?.sunset || Number.isNaN(Date.parse(notice.sunset))) {
    results.push({ message: 'Deprecated operation needs x-deprecation.sunset, an ISO 8601 date-time.' });
  }
  if (!notice?.deprecatedAt || Number.isNaN(Date.parse(notice.deprecatedAt))) {
    results.push({ message: 'Deprecated operation needs x-deprecation.deprecatedAt, an ISO 8601 date-time.' });
  }
  if (!notice?.successor) {
    results.push({ message: 'Deprecated operation needs x-deprecation.successor, the operationId that replaces it.' });
  }
  if (!operation.responses?.['410']) {
    results.push({ message: 'Deprecated operation must declare the 410 it answers after its sunset.' });
  }
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!/^(2|410)/.test(status)) continue;
    for (const header of HEADERS) {
      if (!response?.headers?.[header]) {
        results.push({ message: `Deprecated operation's ${status} response must declare the ${header} header.` });
      }
    }
  }
  return results;
}
