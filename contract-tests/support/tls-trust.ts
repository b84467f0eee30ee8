// Which certificate authorities the suite trusts, and what to say when a target's certificate is
// not among them. Node trusts its bundled roots and the file NODE_EXTRA_CA_CERTS names (read when
// the process starts); `--ca FILE` adds a team's own CA for this run without touching the
// environment. Given a CA, TLS stops trusting the defaults, so they are given again beside it.
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import { KEEP_ALIVE } from './keep-alive.js';

const agents = new Map<string, Agent>();

/**
 * The TLS connections of a run, kept alive between requests (keep-alive.ts); given `--ca FILE`,
 * trusting Node's roots, NODE_EXTRA_CA_CERTS's and the file's, from one TLS context made once
 * (made per connection, it costs tens of milliseconds of CPU each).
 */
export function agentTrusting(caFile: string | undefined): Agent {
  const known = agents.get(caFile ?? '');
  if (known) return known;
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  const secureContext =
    caFile === undefined
      ? undefined
      : createSecureContext({
          ca: [...rootCertificates, ...(extra ? [readFileSync(extra, 'utf8')] : []), readFileSync(caFile, 'utf8')],
        });
  const agent = new Agent({ ...KEEP_ALIVE, ...(secureContext ? { secureContext } : {}) });
  agents.set(caFile ?? '', agent);
  return agent;
}

/** OpenSSL's and Node's codes for a certificate the client does not trust, and what each means. */
const UNTRUSTED: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'a self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'a self-signed certificate in its chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'a certificate signed by an authority this machine does not know',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'a certificate signed by an authority this machine does not know',
  UNABLE_TO_GET_ISSUER_CERT: 'a certificate signed by an authority this machine does not know',
  CERT_UNTRUSTED: 'a certificate this machine does not trust',
  CERT_SIGNATURE_FAILURE: 'a certificate whose signature does not verify',
};

/**
 * What to tell a person whose target answered over TLS in a way the suite refused, or undefined
 * when the error is not about the certificate.
 */
export function certificateProblem(url: string, code: string | undefined, message: string): string | undefined {
  if (code === undefined) return undefined;
  const trustHow =
    'If your own certificate authority signed it, give the CA to the suite: --ca ca.pem (or NODE_EXTRA_CA_CERTS=ca.pem in the environment of the command).';
  if (UNTRUSTED[code] !== undefined) {
    return `${url} answers over HTTPS with ${UNTRUSTED[code]} (${message}), which this machine does not trust, so no check was run. ${trustHow}`;
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return `${url} answers over HTTPS with a certificate for another host name (${message}), so no check was run. Give --base-url with a host name the certificate names.`;
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return `${url} answers over HTTPS with a certificate that is ${code === 'CERT_HAS_EXPIRED' ? 'expired' : 'not yet valid'} (${message}), so no check was run. Renew the certificate, or check this machine's clock.`;
  }
  if (code === 'EPROTO' && /wrong version number|packet length too long/i.test(message)) {
    return `${url} answers, but not over TLS (${message}), so no check was run. If it serves plain HTTP, give an http:// --base-url.`;
  }
  return undefined;
}
