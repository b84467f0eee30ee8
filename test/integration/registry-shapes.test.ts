// Shapes of Docker Engine's and Harbor's documents (test/support/registry-document.ts), each of
// which answered a 500 or lost a write before: served statefully, every JSON answer judged.
import { describe, expect, it } from '@jest/globals';
import { serveJudged, textOf } from '../support/judged-document.js';
import { REGISTRY_DOCUMENT as document } from '../support/registry-document.js';

describe('a registry built as Docker Engine and Harbor describe theirs', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('keys records by an id spelled ID, and answers a commit with its Id, a secret made with its ID as its Id', async () => {
    const made = served.judged('POST', '/volumes', await http().post('/volumes').send({ Name: 'data' }));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ ID: expect.any(String), Name: 'data' });
    const read = served.judged('GET', `/volumes/${made.body.ID}`, await http().get(`/volumes/${made.body.ID}`));
    expect(read.body).toEqual(made.body);
    const commit = served.judged('POST', '/commit', await http().post('/commit').send({ Name: 'snapshot' }));
    expect(commit.status).toBe(201);
    expect(commit.body).toMatchObject({ Id: expect.any(String) });
    const secret = served.judged('POST', '/secrets/create', await http().post('/secrets/create').send({ Name: 'key' }));
    expect(secret.body).toEqual({ Id: expect.any(String) });
    // Its Id is the ID of the secret made, read there.
    const path = `/secrets/${secret.body.Id}`;
    expect(served.judged('GET', path, await http().get(path)).body).toEqual({ ID: secret.body.Id, Name: 'key' });
  });

  it('answers an authorization model made with the key it is read by, spelled as its noun and key', async () => {
    const made = served.judged(
      'POST',
      '/authorization-models',
      await http().post('/authorization-models').send({ schema_version: '1.1' }),
    );
    const other = await http().post('/authorization-models').send({ schema_version: '1.1' });
    expect(made.status).toBe(201);
    // Not the schema's example: each create's own key, read there.
    expect(made.body.authorization_model_id).not.toBe(other.body.authorization_model_id);
    const path = `/authorization-models/${made.body.authorization_model_id}`;
    expect(served.judged('GET', path, await http().get(path)).body).toEqual({
      authorization_model: { id: made.body.authorization_model_id, schema_version: '1.1' },
    });
  });

  it('answers an error in the one type its status declares, an object written as JSON', async () => {
    const res = await http().get('/volumes/nothing-here/logs').buffer(true).parse(textOf);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.docker\.raw-stream\b/);
    expect(JSON.parse(res.body)).toEqual({ message: expect.stringContaining('nothing-here') });
  });

  it('tells where a create that answers 201 and no body made its record, which reads back', async () => {
    const made = await http().post('/labels').send({ name: 'release', scope: 'g' });
    expect(made.status).toBe(201);
    const location = String(made.headers.location);
    expect(location).toMatch(/^\/labels\/\d+$/);
    const read = served.judged('GET', location, await http().get(location));
    expect(read.body).toEqual({ id: Number(location.split('/').pop()), name: 'release', scope: 'g' });
  });

  it('reads and writes whole an object that holds a list, as one record', async () => {
    const items = [{ cve_id: 'CVE-2024-0001' }, { cve_id: 'CVE-2024-0002' }];
    expect((await http().put('/system/allowlist').send({ expires_at: null, items })).status).toBe(200);
    const read = served.judged('GET', '/system/allowlist', await http().get('/system/allowlist'));
    expect(read.body).toMatchObject({ expires_at: null, items });
  });

  it('keeps what its answers hold of a field written as a text and read as an object of it', async () => {
    const before = served.judged('GET', '/configurations', await http().get('/configurations'));
    const written = await http().put('/configurations').send({ auth_mode: 'ldap_auth', read_only: true });
    expect(written.status).toBe(200);
    const after = served.judged('GET', '/configurations', await http().get('/configurations'));
    expect(after.body.auth_mode).toEqual(before.body.auth_mode);
    expect(after.body.auth_mode).toEqual({ value: expect.any(String), editable: expect.any(Boolean) });
  });

  it('answers a read declared as a list of records with the one record in a list', async () => {
    const made = await http().post('/pets');
    expect(made.status).toBe(201);
    const location = String(made.headers.location);
    const read = served.judged('GET', location, await http().get(location));
    expect(read.body).toEqual([expect.objectContaining({ id: Number(location.split('/').pop()) })]);
    const listed = served.judged('GET', '/pets', await http().get('/pets'));
    expect(listed.body).toContainEqual(read.body[0]);
  });
});
