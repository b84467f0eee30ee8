// Secrets a client sends (its API key, its Authorization) never reach a file or a log line: CI
// keeps them as artifacts. A report shows the key as the shell variable a reader sets to
// reproduce the request, Authorization as a note naming the header; a log line shows a key by a
// fingerprint that tells keys apart and reveals nothing of them.
import { createHash } from 'node:crypto';

export const API_KEY_VARIABLE = '$PETSTORE_API_KEY';
export const AUTHORIZATION_REDACTED = '[Authorization redacted]';

/** The headers whose values are secrets, each with what a report shows instead. */
export const SECRET_HEADERS: Readonly<Record<string, string>> = {
  'x-api-key': API_KEY_VARIABLE,
  authorization: AUTHORIZATION_REDACTED,
};

type HeaderValues = Readonly<Record<string, string | string[] | undefined>>;

/** What a report shows of a credential the contract declares elsewhere (a query parameter, a cookie, its own header). */
export const CREDENTIAL_REDACTED = '[credential redacted]';

const notedSecrets = new WeakMap<object, readonly string[]>();

/**
 * Notes the credentials a request carries in the schemes its contract declares (an API key in the
 * query or a cookie, a header of its own name), so that every report of it hides them too.
 */
export function noteSecrets(req: { headers: HeaderValues }, values: readonly string[]): void {
  if (values.length > 0) notedSecrets.set(req.headers, values);
}

/** Replaces every secret header value of `headers` (and every credential noted for them) found in `text` by what a report shows instead. */
export function redactSecrets(text: string, headers: HeaderValues): string {
  let redacted = text;
  for (const secret of notedSecrets.get(headers) ?? []) {
    if (secret.length >= 4) redacted = redacted.replaceAll(secret, CREDENTIAL_REDACTED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret && encoded.length >= 4) redacted = redacted.replaceAll(encoded, CREDENTIAL_REDACTED);
  }
  for (const [name, shownAs] of Object.entries(SECRET_HEADERS)) {
    const values = [headers[name]].flat().filter((value): value is string => typeof value === 'string');
    for (const value of values) {
      // The whole value, and its credentials alone ("Bearer sk_..." holds "sk_...").
      const credentials = value.replace(/^\w+\s+/, '');
      for (const secret of [value, credentials])
        if (secret.length >= 4) redacted = redacted.replaceAll(secret, shownAs);
    }
  }
  return redacted;
}

/** A short fingerprint of a key for log lines: the same key always gives the same one. */
export function keyFingerprint(key: string): string {
  return `#${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
}
