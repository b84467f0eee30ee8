// Where a client sends the case's key, in the scheme of the contract served: told to the client
// in its environment (PETSTORE_API_KEY_IN and PETSTORE_API_KEY_NAME beside PETSTORE_API_KEY), and
// placed so by the run's own requests (its warm-up). Four places cover every scheme the mock reads
// (operation-security.ts): a header, the query or a cookie of a name; or Authorization with a
// scheme word (Bearer for bearer, OAuth2 and OpenID Connect; Basic with the key as the user name).
import type { CredentialScheme } from '../openapi/operation-security.js';

export type KeyPlace = { in: 'header' | 'query' | 'cookie' | 'authorization'; name: string };

/** Where the key goes: a header, query parameter or cookie by name, or Authorization with its scheme word. */
export function keyPlaceOf(scheme: CredentialScheme): KeyPlace {
  switch (scheme.kind) {
    case 'apiKey':
      return { in: scheme.in, name: scheme.name };
    case 'bearer':
      return { in: 'authorization', name: 'Bearer' };
    case 'basic':
      return { in: 'authorization', name: 'Basic' };
    case 'http':
      return { in: 'authorization', name: scheme.authScheme };
  }
}

/** The client's environment that says where to send PETSTORE_API_KEY. */
export function keyPlaceEnv(scheme: CredentialScheme): Record<string, string> {
  const place = keyPlaceOf(scheme);
  return { PETSTORE_API_KEY_IN: place.in, PETSTORE_API_KEY_NAME: place.name };
}

/** A request's URL and headers with the key where the scheme takes it. */
export function withKey(
  scheme: CredentialScheme,
  key: string,
  url: string,
): { url: string; headers: Record<string, string> } {
  const place = keyPlaceOf(scheme);
  switch (place.in) {
    case 'header':
      return { url, headers: { [place.name]: key } };
    case 'query': {
      const withQuery = new URL(url);
      withQuery.searchParams.set(place.name, key);
      return { url: withQuery.href, headers: {} };
    }
    case 'cookie':
      return { url, headers: { Cookie: `${place.name}=${encodeURIComponent(key)}` } };
    case 'authorization': {
      const token = place.name.toLowerCase() === 'basic' ? Buffer.from(`${key}:`).toString('base64') : key;
      return { url, headers: { Authorization: `${place.name} ${token}` } };
    }
  }
}
