// The API key a request was authenticated with, kept on the response for the steps after
// authentication (the rate limit first), typed here rather than read from res.locals untyped.
import type { Response } from 'express';
import type { ApiKeyRecord } from '../limits/plans.js';

export function setAuthenticatedKey(res: Response, record: ApiKeyRecord): void {
  res.locals.apiKey = record;
}

export function authenticatedKey(res: Response): ApiKeyRecord | undefined {
  return res.locals.apiKey as ApiKeyRecord | undefined;
}
