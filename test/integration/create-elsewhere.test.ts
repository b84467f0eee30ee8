// A collection listed in a short form where it is made, and read in full at a path of its own
// (Spotify's playlists: listed and created at /me/playlists, the create answering the full
// playlist that /playlists/{playlist_id} reads): a record made there reads back there, and each
// record, the one the document's example names included, holds a value every answer of it takes
// (a playlist's tracks: a reference in the list, a page of tracks in the read).
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object, status = 'ok') => ({ description: status, content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const base = { id: { type: 'string' }, name: { type: 'string' } };

const document = {
  openapi: '3.0.3',
  info: { title: 'Playlists', version: '1' },
  paths: {
    '/me/playlists': {
      get: { operationId: 'listMyPlaylists', responses: { 200: json({ type: 'array', items: ref('Simplified') }) } },
      post: {
        operationId: 'createPlaylist',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { type: 'object', required: ['name'], properties: { name: base.name } } },
          },
        },
        responses: { 201: json(ref('Playlist')) },
      },
    },
    '/playlists/{playlist_id}': {
      parameters: [
        {
          name: 'playlist_id',
          in: 'path',
          required: true,
          schema: { type: 'string' },
          example: '3cEYpjA9oz9GiPac4AsH4n',
        },
      ],
      get: { operationId: 'getPlaylist', responses: { 200: json(ref('Playlist')), 404: { description: 'none' } } },
    },
  },
  components: {
    schemas: {
      Simplified: {
        type: 'object',
        required: ['id', 'name', 'tracks'],
        properties: { ...base, tracks: ref('TracksRef') },
      },
      Playlist: {
        type: 'object',
        required: ['id', 'name', 'tracks'],
        properties: { ...base, tracks: ref('TracksPage') },
      },
      TracksRef: {
        type: 'object',
        required: ['href', 'total'],
        properties: { href: { type: 'string' }, total: { type: 'integer' } },
      },
      TracksPage: {
        type: 'object',
        required: ['href', 'total', 'items', 'limit'],
        properties: {
          href: { type: 'string' },
          total: { type: 'integer' },
          items: { type: 'array', items: { type: 'object' } },
          limit: { type: 'integer' },
        },
      },
    },
  },
};

describe('a collection made at one path and read at another', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it("reads the record the document's example names, whole, and lists it", async () => {
    const read = served.judged(
      'GET',
      '/playlists/{playlist_id}',
      await http().get('/playlists/3cEYpjA9oz9GiPac4AsH4n'),
    );
    expect(read.status).toBe(200);
    const listed = served.judged('GET', '/me/playlists', await http().get('/me/playlists'));
    expect(listed.body.map((playlist: { id: string }) => playlist.id)).toContain('3cEYpjA9oz9GiPac4AsH4n');
  });

  it('reads back at its own path a record made where the collection is listed', async () => {
    const made = served.judged('POST', '/me/playlists', await http().post('/me/playlists').send({ name: 'Road trip' }));
    expect(made.status).toBe(201);
    const path = `/playlists/${made.body.id}`;
    const read = served.judged('GET', '/playlists/{playlist_id}', await http().get(path));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: made.body.id, name: 'Road trip' });
    const listed = served.judged('GET', '/me/playlists', await http().get('/me/playlists'));
    expect(listed.body.map((playlist: { id: string }) => playlist.id)).toContain(made.body.id);
  });
});
