import { describe, expect, it } from '@jest/globals';
import { renderBanner } from '../../src/cli/banner.js';
import { errorShape, startTestMock, useTestMock } from '../support/mock.js';

describe('the control API is no back door', () => {
  const mock = useTestMock();

  it('never appears under the API base path', async () => {
    for (const path of ['/v1/__mock/state', '/v1/__mock/reset', '/v1/../__mock/state']) {
      const res = await mock.http.get(path).set('X-API-Key', 'demo-free');
      expect(res.status).not.toBe(200);
    }
    const reset = await mock.http.post('/v1/__mock/reset').set('X-API-Key', 'demo-free');
    expect(reset.body).toEqual(errorShape(404, 'ROUTE_NOT_FOUND'));
  });

  it('says in the start-up banner when it is closed, and how to open it', () => {
    const banner = renderBanner(
      { ...mock.server, controlAccess: 'closed' },
      'in memory',
      mock.server.store.data.apiKeys,
    );
    expect(banner).toContain('CLOSED: listening beyond loopback without --control-token');
  });
});

describe('--no-demo-keys', () => {
  it('starts with no key at all, for a shared deployment', async () => {
    const mock = await startTestMock({ demoKeys: false });
    try {
      expect((await mock.http.get('/v1/pets').set('X-API-Key', 'demo-free')).body).toEqual(
        errorShape(401, 'API_KEY_INVALID'),
      );
      expect(mock.server.store.data.apiKeys).toEqual([]);
      expect(renderBanner(mock.server, 'in memory', mock.server.store.data.apiKeys)).toContain('No API keys yet');
    } finally {
      await mock.server.close();
    }
  });
});
