// A parent named by {id} whose own parent is named by {id} elsewhere (Adyen's balance platform:
// /accountHolders/{id}/balanceAccounts beside /balancePlatforms/{id}/accountHolders): the path
// names one level, the account holder, and its records and answers are found under it.
import { describe, expect, it } from '@jest/globals';
import { servingDocument, useTestMock } from '../support/mock.js';
import { PLATFORMS_DOCUMENT } from '../support/platforms-document.js';

const mock = useTestMock(() => servingDocument(PLATFORMS_DOCUMENT));

describe('a parent named by {id} whose own parent is named by {id} too', () => {
  it('lists its children and answers its example, and a holder that is not there is 404', async () => {
    const platform = (await mock.http.post('/platforms').send({ name: 'Main' })).body;
    const holder = await mock.http.post('/holders').send({ platformId: platform.id, name: 'Ada' });
    expect(holder.status).toBe(201);
    const account = await mock.http.post('/accounts').send({ holderId: holder.body.id, name: 'Savings' });
    expect(account.status).toBe(201);
    const listed = await mock.http.get(`/holders/${holder.body.id}/accounts`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([account.body]);
    expect((await mock.http.get(`/platforms/${platform.id}/holders`)).body).toEqual([holder.body]);
    const summary = await mock.http.get(`/holders/${holder.body.id}/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({ accounts: 1 });
    expect((await mock.http.get('/holders/nobody/accounts')).status).toBe(404);
    expect((await mock.http.get('/holders/nobody/summary')).status).toBe(404);
  });
});
