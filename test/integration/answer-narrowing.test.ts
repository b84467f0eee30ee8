// A draft whose answers refuse what its request takes (Category.name with a pattern that
// NewCategory.name lacks): a valid request with such a value is refused with the contract's 400
// naming the field, nothing stored, never a 500; a value both take is stored; the start says so.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { categoryNameNarrowedInAnswers, writeDraft } from '../support/drafts.js';
import { DEMO_KEY, startTestMock, type TestMock } from '../support/mock.js';

let mock: TestMock;
beforeAll(async () => {
  mock = await startTestMock({ contract: await writeDraft(categoryNameNarrowedInAnswers), data: ':memory:' });
});
afterAll(async () => {
  await mock.server.close();
});

const categoryCount = async () =>
  Number((await mock.http.get('/v1/categories?limit=1').set('X-API-Key', DEMO_KEY)).headers['x-total-count']);

describe('a write whose value the answers refuse', () => {
  it('names the operation and the field at the start', () => {
    expect(mock.logLines.join('\n')).toMatch(
      /createCategory's request takes values of name .*pattern \^\(x\+x\+\)\+y\$/,
    );
    expect(mock.logLines.join('\n')).toMatch(/updateCategory's request takes values of name/);
  });

  it('refuses a create with 400 naming the field, and stores nothing', async () => {
    const before = await categoryCount();
    const res = await mock.http.post('/v1/categories').set('X-API-Key', DEMO_KEY).send({ name: 'Rex' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/name "Rex"/);
    expect(await categoryCount()).toBe(before);
    expect(mock.contractBugs()).toEqual([]);
  });

  it('refuses a replacement the same way, and keeps the record', async () => {
    const made = await mock.http.post('/v1/categories').set('X-API-Key', DEMO_KEY).send({ name: 'xxxy' });
    expect(made.status).toBe(201);
    const res = await mock.http.put(`/v1/categories/${made.body.id}`).set('X-API-Key', DEMO_KEY).send({ name: 'Rex' });
    expect(res.status).toBe(400);
    const read = await mock.http.get(`/v1/categories/${made.body.id}`).set('X-API-Key', DEMO_KEY);
    expect(read.body.name).toBe('xxxy');
    expect(mock.contractBugs()).toEqual([]);
  });
});
