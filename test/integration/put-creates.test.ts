// Records an API names itself and makes only with a PUT to their path, as Typesense's aliases are
// (PUT /aliases/{aliasName}, upsertAlias, and no POST): the PUT makes the record where none has
// that name, keyed by the path, in the field the parameter names ({aliasName}: the alias's
// `name`), as RFC 9110 says a PUT may. A record numbered by the mock, made by a POST, is never
// made by a PUT: that one is still 404.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';
import { SEARCH_DOCUMENT as document } from '../support/search-document.js';

describe('a record an API makes only with a PUT to its path', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('is made by the PUT, named by the path in the field its parameter names, then replaced and deleted', async () => {
    const made = served.judged(
      'PUT',
      '/aliases/books',
      await http().put('/aliases/books').send({ collection_name: 'books_v1' }),
    );
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ name: 'books', collection_name: 'books_v1' });
    expect((await http().get('/aliases/books')).body).toEqual(made.body);
    expect((await http().get('/aliases')).body.aliases).toContainEqual(made.body);
    const replaced = await http().put('/aliases/books').send({ collection_name: 'books_v2' });
    expect(replaced.body).toEqual({ name: 'books', collection_name: 'books_v2' });
    expect((await http().delete('/aliases/books')).status).toBe(200);
    expect((await http().get('/aliases/books')).status).toBe(404);
  });

  it('is never made by a PUT where a POST makes its records, numbered by the mock', async () => {
    const res = served.judged(
      'PUT',
      '/collections/987654',
      await http().put('/collections/987654').send({ title: 'Books' }),
    );
    expect(res.status).toBe(404);
    expect((await http().get('/collections/987654')).status).toBe(404);
  });
});
