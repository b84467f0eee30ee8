// Header parameters no request is held to. OpenAPI says a definition of Accept, Content-Type or
// Authorization SHALL be ignored (Parameter Object, 3.0 and 3.1): InfluxDB declares an Accept of
// three media types, and every read whose Accept was a list or a wildcard was refused. An
// Accept-Encoding is the HTTP library's, not the caller's (fetch sends `gzip, deflate`, a browser
// adds `br, zstd`), and any one can be met, by the identity coding (RFC 9110 section 12.5.3):
// InfluxDB's enum of gzip and identity refused every request from a browser.
const IGNORED: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization', 'accept-encoding']);

/** Whether a header parameter of this name is one no request is held to. */
export const isIgnoredHeaderName = (name: string): boolean => IGNORED.has(name.toLowerCase());
