import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { DEMO_KEY, useTestMock } from '../support/mock.js';

describe('what a frontend developer gets', () => {
  const mock = useTestMock();

  it('CORS on by default: any origin, and the rate-limit and paging headers readable by the page', async () => {
    const res = await mock.http.get('/v1/pets').set('X-API-Key', DEMO_KEY).set('Origin', 'http://localhost:5173');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const exposed = String(res.headers['access-control-expose-headers']);
    for (const header of ['X-RateLimit-Remaining', 'Retry-After', 'X-Total-Count', 'Link', 'Location', 'Deprecation']) {
      expect(exposed).toContain(header);
    }
  });

  it('leaves the CORS headers out for clients that send no Origin (not a browser), and says answers vary by it', async () => {
    const res = await mock.http.get('/v1/pets').set('X-API-Key', DEMO_KEY);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers.vary).toBe('Origin');
    const fromPage = await mock.http.get('/v1/pets').set('X-API-Key', DEMO_KEY).set('Origin', 'http://localhost:5173');
    expect(fromPage.headers.vary).toBe('Origin');
  });

  it('answers a CORS preflight without asking for a key', async () => {
    const res = await mock.http
      .options('/v1/pets')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-api-key, content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
  });

  it('serves the API reference at /docs from bundled files', async () => {
    const page = await mock.http.get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/openapi.json');
    const script = await mock.http.get('/docs/assets/swagger-ui-bundle.js');
    expect(script.status).toBe(200);
    expect(script.text.length).toBeGreaterThan(100_000);
  });

  it('serves the contract at /openapi.yaml and /openapi.json', async () => {
    const yaml = await mock.http.get('/openapi.yaml');
    expect(yaml.headers['content-type']).toMatch(/yaml/);
    const json = await mock.http.get('/openapi.json');
    expect(json.body).toEqual(parse(yaml.text));
    expect(json.body.info.version).toBe('1.0.0');
  });

  it('logs one line per request with method, path, status, time and key', async () => {
    await mock.http.get('/v1/pets/by-id/999999').set('X-API-Key', DEMO_KEY);
    expect(mock.logLines).toContainEqual(
      expect.stringMatching(/^GET \/v1\/pets\/by-id\/999999 404 PET_NOT_FOUND [\d.]+ms key=demo-business$/),
    );
  });
});
