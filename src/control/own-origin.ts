// The control API and dashboard answer their own origin only. A browser names the page that
// sends a request in Origin (every cross-origin request, and same-origin ones but GET and HEAD)
// and in Sec-Fetch-Site; a request from another page's origin, even another port of 127.0.0.1,
// is refused. Requests with neither header (curl, SDKs, tests) are not a browser's and pass.
import type { RequestHandler } from 'express';
import { HttpError } from '../errors.js';

/** Whether `origin` is http://HOST where HOST is the request's own Host header (already checked). */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  return host !== undefined && origin.toLowerCase() === `http://${host.trim().toLowerCase()}`;
}

export function createOwnOriginCheck(): RequestHandler {
  return (req, _res, next) => {
    const origin = req.headers.origin;
    const site = req.get('Sec-Fetch-Site');
    // A link followed from another site opens the dashboard in its own tab, where only the user reads it.
    const navigation = req.get('Sec-Fetch-Mode') === 'navigate' && (req.method === 'GET' || req.method === 'HEAD');
    const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none' && !navigation;
    if ((origin !== undefined && !isOwnOrigin(origin, req.headers.host)) || crossSite) {
      throw new HttpError(
        'ORIGIN_NOT_ALLOWED',
        `The control API answers pages of its own origin only${origin === undefined ? '' : `, not ${origin.slice(0, 200)}`}. Open the dashboard at /__mock/ui, or call it from a test or curl (no Origin header).`,
      );
    }
    next();
  };
}
