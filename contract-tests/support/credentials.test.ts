// The parts of a request that carry a credential, in each scheme a contract may declare: what is
// sent (a header, a query parameter, a cookie, HTTP basic), and how a report writes it (the
// variable it came from, in double quotes so that the shell expands it, never the value).
import { describe, expect, it } from '@jest/globals';
import type { CredentialScheme } from '../../src/openapi/operation-security.js';
import { curlSecretArgs, curlUrl, secretParts, shownUrl, withSecrets } from './credentials.js';

const KEY = { value: 's3cret key', shownAs: '$PETSTORE_API_KEY' };
const schemes: Record<string, CredentialScheme> = {
  header: { scheme: 'apiKeyHeader', kind: 'apiKey', in: 'header', name: 'X-Token' },
  query: { scheme: 'apiKeyQuery', kind: 'apiKey', in: 'query', name: 'api_key' },
  cookie: { scheme: 'session', kind: 'apiKey', in: 'cookie', name: 'sid' },
  bearer: { scheme: 'bearerAuth', kind: 'bearer' },
  basic: { scheme: 'basicAuth', kind: 'basic' },
  token: { scheme: 'tokenAuth', kind: 'http', authScheme: 'Token' },
};

/** The request sent with KEY in one scheme, and its curl line's secret-bearing words. */
function sent(scheme: CredentialScheme) {
  const parts = secretParts(KEY, [scheme]);
  const request = withSecrets('http://127.0.0.1:4010/v1/pets?limit=1', { Accept: 'application/json' }, parts);
  return { parts, request, curl: [...curlSecretArgs(parts), curlUrl('http://127.0.0.1:4010/v1/pets', parts)] };
}

describe('credentials in the scheme an operation declares', () => {
  it('sends an API key in its header, query parameter or cookie, percent-encoded where it goes in a URL or cookie', () => {
    expect(sent(schemes.header as CredentialScheme).request.headers['X-Token']).toBe('s3cret key');
    expect(sent(schemes.query as CredentialScheme).request.url).toBe(
      'http://127.0.0.1:4010/v1/pets?limit=1&api_key=s3cret%20key',
    );
    expect(sent(schemes.cookie as CredentialScheme).request.headers.Cookie).toBe('sid=s3cret%20key');
  });

  it('sends an API key once where the operation also requires a query parameter of its name', () => {
    const parts = secretParts(KEY, [schemes.query as CredentialScheme]);
    const url = 'http://h/v1/pets?api_key=written&limit=1';
    expect(withSecrets(url, {}, parts).url).toBe('http://h/v1/pets?limit=1&api_key=s3cret%20key');
    expect(withSecrets('http://h/v1/pets?api%5Fkey=written', {}, parts).url).toBe(
      'http://h/v1/pets?api_key=s3cret%20key',
    );
    expect(shownUrl(url, parts)).toBe('http://h/v1/pets?limit=1&api_key=$PETSTORE_API_KEY');
    expect(curlUrl(url, parts)).not.toContain('written');
  });

  it('sends a bearer token, another HTTP scheme word, and basic credentials with the key as the user name', () => {
    expect(sent(schemes.bearer as CredentialScheme).request.headers.Authorization).toBe('Bearer s3cret key');
    expect(sent(schemes.token as CredentialScheme).request.headers.Authorization).toBe('Token s3cret key');
    expect(sent(schemes.basic as CredentialScheme).request.headers.Authorization).toBe(
      `Basic ${Buffer.from('s3cret key:').toString('base64')}`,
    );
  });

  it('sends the credential a scheme was given its own (--auth) there, the main key elsewhere', () => {
    const key = { ...KEY, schemes: { bearerAuth: { value: 'token-1', shownAs: '$PETSTORE_AUTH_BEARERAUTH' } } };
    const parts = secretParts(key, [schemes.bearer as CredentialScheme, schemes.header as CredentialScheme]);
    expect(withSecrets('http://h/v1', {}, parts).headers).toEqual({
      Authorization: 'Bearer token-1',
      'X-Token': 's3cret key',
    });
  });

  it('writes every credential in curl lines and reports as its variable, never its value', () => {
    for (const scheme of Object.values(schemes)) {
      const { parts, curl } = sent(scheme);
      const line = curl.join(' ');
      expect(line).not.toContain('s3cret');
      expect(line).toContain('"');
      expect(line).toContain('$PETSTORE_API_KEY');
      expect(shownUrl('http://h/v1', parts)).not.toContain('s3cret');
    }
    expect(sent(schemes.query as CredentialScheme).curl.at(-1)).toBe(
      `'http://127.0.0.1:4010/v1/pets'"?api_key=$PETSTORE_API_KEY"`,
    );
  });
});
