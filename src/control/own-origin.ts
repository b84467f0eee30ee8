// The control API and dashboard answer their own origin only. A browser names the page that
// sends a request in Origin (every cross-origin request, and same-origin ones but GET and HEAD)
// and in Sec-Fetch-Site; a request from another page's origin, even another port of 127.0.0.1,
// is refused. Requests with neither header (curl, SDKs, tests) are not a browser's and pass.
// Behind a reverse proxy, a page of a name given to --allowed-hosts (https too) is the mock's own.
import type { RequestHandler } from 'express';
import { HttpError } from '../errors.js';
import { hostNameOf } from '../http/allowed-hosts.js';

/** Whether `origin` is http(s)://HOST where HOST is the request's own Host header (already checked), or a name given. */
function isOwnOrigin(origin: string, host: string | undefined, isGivenName: (hostName: string) => boolean): boolean {
  const lower = origin.toLowerCase();
  const match = /^https?:\/\/([^/]+)$/.exec(lower);
  if (!match?.[1]) return false;
  return match[1] === host?.trim().toLowerCase() || isGivenName(hostNameOf(match[1]));
}

/** `isGivenName`: whether a host name was given to --allowed-hosts. */
export function createOwnOriginCheck(isGivenName: (hostName: string) => boolean = () => false): RequestHandler {
  return (req, _res, next) => {
    const origin = req.headers.origin;
    const site = req.get('Sec-Fetch-Site');
    // A link followed from another site opens the dashboard in its own tab, where only the user reads it.
    const navigation = req.get('Sec-Fetch-Mode') === 'navigate' && (req.method === 'GET' || req.method === 'HEAD');
    const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none' && !navigation;
    if ((origin !== undefined && !isOwnOrigin(origin, req.headers.host, isGivenName)) || crossSite) {
      throw new HttpError(
        'ORIGIN_NOT_ALLOWED',
        `The control API answers pages of its own origin only${origin === undefined ? '' : `, not ${origin.slice(0, 200)}`}. Open the dashboard at /__mock/ui, or call it from a test or curl (no Origin header).`,
      );
    }
    next();
  };
}
