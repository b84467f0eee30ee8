// A record of a draft's resource that is not there, where the draft's 404 lists no code of its
// own: the 404 keeps the contract (a code it lists) and its message says which code to add. A
// catalogue that gives the code a 5xx does not make a missing record the server's fault.
import { describe, expect, it } from '@jest/globals';
import { type DraftEdit, owners, writeDraft } from '../support/drafts.js';
import { DEMO_KEY, useTestMock } from '../support/mock.js';

/** The shared NotFound answer lists no OWNER_NOT_FOUND: the draft forgot it. */
const ownerCodeForgotten: DraftEdit = (document) => {
  const codes = document.components.responses.NotFound.content['application/json'].schema.allOf[1].properties.code;
  codes.enum = codes.enum.filter((code: string) => code !== 'OWNER_NOT_FOUND');
  delete document['x-error-codes'].OWNER_NOT_FOUND;
};

describe("a record not there, where the draft's 404 lists no code for it", () => {
  const mock = useTestMock(async () => ({
    contract: await writeDraft(owners, ownerCodeForgotten),
    lintContract: false,
  }));

  it('answers 404 with a code the 404 lists, and says which to add', async () => {
    const missing = await mock.http.get('/v1/owners/999999').set('X-API-Key', DEMO_KEY);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toMatch(/_NOT_FOUND$/);
    expect(missing.body.code).not.toBe('OWNER_NOT_FOUND');
    expect(missing.body.message).toContain('No owner has id 999999.');
    expect(missing.body.message).toContain(
      `(getOwner's 404 lists no code for owners, so it answers the first it lists, ${missing.body.code}: add OWNER_NOT_FOUND to it.)`,
    );
  });
});

/** The catalogue gives OWNER_NOT_FOUND a 503 (an error's status, so the draft is read). */
const ownerCodeOfServer: DraftEdit = (document) => {
  document['x-error-codes'].OWNER_NOT_FOUND.status = 503;
};

describe('a record not there, whose code the catalogue gives a 5xx', () => {
  const mock = useTestMock(async () => ({
    contract: await writeDraft(owners, ownerCodeOfServer),
    lintContract: false,
  }));

  it('answers 404 with the code, never a 5xx', async () => {
    const missing = await mock.http.get('/v1/owners/999999').set('X-API-Key', DEMO_KEY);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, code: 'OWNER_NOT_FOUND' });
  });
});
