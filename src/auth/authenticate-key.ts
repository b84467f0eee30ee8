// Authenticates every API request by the credentials its operation declares (an API key in a
// header, query or cookie; bearer; basic; the Pet Store's X-API-Key): a key the mock knows, in any
// of those schemes, is the key its plan, limits, bans and scopes follow. Requests without a valid
// key are counted per client address in the Free plan's per-minute window, so that their answer
// carries the limit headers too; a secured operation answers them 401, never 429: a key comes
// before any limit, and clients that test their 401 handling are not slowed down (spec). An open
// operation (`security: []`) answers them, unlimited.
import type { Request, RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import type { LimitHeaderWriter } from '../limits/limit-header-dialect.js';
import { addressSubject, type LimitState } from '../limits/limit-state.js';
import { DEMO_KEY_NAMES, PLAN_LIMITS } from '../limits/plans.js';
import { type CredentialScheme, describeScheme, type OperationSecurity } from '../openapi/operation-security.js';
import { setAuthenticatedKey } from './authenticated-key.js';
import type { KeyDirectory } from './key-directory.js';
import { credentialsIn, type SentCredential } from './read-credentials.js';

export type KeyAuthenticationDependencies = {
  keys: KeyDirectory;
  state: LimitState;
  clock: Clock;
  /** The credentials a request's operation takes (the contract's own for a request that names none). */
  securityOf: (req: Request) => OperationSecurity;
  limitHeaders: LimitHeaderWriter;
};

/**
 * The Pet Store's own header, read on an open operation too: a key there is the caller's, so that
 * limits can be tried on an API that declares no credential at all.
 */
export const PETSTORE_KEY: CredentialScheme = { scheme: 'X-API-Key', kind: 'apiKey', in: 'header', name: 'X-API-Key' };

/** Where a scheme's key goes, for the 401 of a key not known: "The API key in X-API-Key". */
function sentIn(scheme: CredentialScheme): string {
  switch (scheme.kind) {
    case 'apiKey':
      return `The API key in ${scheme.in === 'header' ? scheme.name : `the ${scheme.in === 'query' ? 'query parameter' : 'cookie'} ${scheme.name}`}`;
    case 'bearer':
      return 'The bearer token in Authorization';
    case 'basic':
      return 'The user name of the basic credentials';
    case 'http':
      return `The ${scheme.authScheme} token in Authorization`;
  }
}

/**
 * "the X-API-Key header", or "Authorization: Bearer <key>, or the query parameter api_key": each
 * way once (a bearer and an OAuth2 scheme both read "Authorization: Bearer <key>").
 */
const schemesInWords = (schemes: readonly CredentialScheme[]) =>
  [...new Set(schemes.map(describeScheme))].join(', or ');

/** HTTP authentication schemes answer a 401 with the challenge RFC 9110 section 11.6.1 asks for. */
function challengeOf(schemes: readonly CredentialScheme[]): Record<string, string> {
  const challenges = schemes.flatMap((scheme) =>
    scheme.kind === 'bearer'
      ? ['Bearer realm="petstore-mock"']
      : scheme.kind === 'basic'
        ? ['Basic realm="petstore-mock", charset="UTF-8"']
        : scheme.kind === 'http'
          ? [`${scheme.authScheme} realm="petstore-mock"`]
          : [],
  );
  return challenges.length > 0 ? { 'WWW-Authenticate': [...new Set(challenges)].join(', ') } : {};
}

export function createKeyAuthentication(deps: KeyAuthenticationDependencies): RequestHandler {
  // Async for the key lookup; runChain passes a rejection (the 401s below) to next.
  return async (req, res, next) => {
    const security = deps.securityOf(req);
    const sent = credentialsIn(req, security.open ? [...security.schemes, PETSTORE_KEY] : security.schemes);
    for (const credential of sent) {
      const record = await deps.keys.find(credential.key);
      if (record) {
        setAuthenticatedKey(res, record);
        next();
        return;
      }
    }
    // An open operation answers without a key, and no limit holds it: a count of it would tell
    // the client a quota it does not have (X-RateLimit-Remaining: 0 on every later 200).
    if (security.open) {
      next();
      return;
    }
    const subject = addressSubject(req.ip ?? 'unknown');
    const nowMs = deps.clock.nowMs();
    deps.limitHeaders.setCounted(res, await deps.state.countAnonymous(subject, PLAN_LIMITS.free, nowMs), nowMs);
    throw refusal(security.schemes, sent[0]);
  };
}

/** The 401 of a request without a key the mock knows. */
function refusal(schemes: readonly CredentialScheme[], sent: SentCredential | undefined): HttpError {
  const challenge = challengeOf(schemes);
  if (!sent) {
    return new HttpError(
      'API_KEY_MISSING',
      `Send your API key in ${schemesInWords(schemes)} (demo keys: ${DEMO_KEY_NAMES.join(', ')}).`,
      challenge,
    );
  }
  return new HttpError(
    'API_KEY_INVALID',
    `${sentIn(sent.scheme)} is not known. Use a key this server knows (see its start-up banner, or GET /__mock/state).`,
    challenge,
  );
}
