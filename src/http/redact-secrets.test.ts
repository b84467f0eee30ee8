import { describe, expect, it } from '@jest/globals';
import { keyFingerprint, redactSecrets } from './redact-secrets.js';

describe('secrets in what is written', () => {
  it('shows the API key as $PETSTORE_API_KEY and Authorization as a redaction naming the header', () => {
    const headers = { 'x-api-key': 'sk_live_abc123', authorization: 'Bearer tok_987654' };
    expect(redactSecrets("-H 'x-api-key: sk_live_abc123' /pets?k=sk_live_abc123", headers)).toBe(
      "-H 'x-api-key: $PETSTORE_API_KEY' /pets?k=$PETSTORE_API_KEY",
    );
    expect(redactSecrets('sent Bearer tok_987654, then tok_987654 alone', headers)).toBe(
      'sent [Authorization redacted], then [Authorization redacted] alone',
    );
  });

  it('leaves text alone when the request sent no secret, or one too short to tell from words', () => {
    expect(redactSecrets('name: Rex', {})).toBe('name: Rex');
    expect(redactSecrets('a b c', { 'x-api-key': 'a' })).toBe('a b c');
  });

  it('tells keys apart by a fingerprint that holds nothing of them', () => {
    const fingerprint = keyFingerprint('sk_live_abc123');
    expect(fingerprint).toMatch(/^#[0-9a-f]{8}$/);
    expect(fingerprint).toBe(keyFingerprint('sk_live_abc123'));
    expect(fingerprint).not.toBe(keyFingerprint('sk_live_abc124'));
    expect(fingerprint).not.toContain('abc');
  });
});
