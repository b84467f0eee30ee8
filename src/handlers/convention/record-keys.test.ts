// The keys the mock makes for records keyed by text: slugs of their titles, made unique, or UUIDs.
import { describe, expect, it } from '@jest/globals';
import type { Resource } from '../../openapi/resource-model.js';
import { createKeyMaker, slugOf } from './record-keys.js';

const resource = (keyField: string, format?: string, counter?: string): Resource =>
  ({
    name: 'articles',
    noun: 'article',
    keyType: 'string',
    collection: { name: 'articles', keyField, ...(counter ? { counter } : {}) },
    shape: {
      properties: new Map([[keyField, { type: 'string', ...(format ? { format } : {}) }]]),
      required: new Set(),
      closed: false,
    },
  }) as unknown as Resource;

describe('keys made by the mock', () => {
  it('writes a slug in lower case, its accents and punctuation gone', () => {
    expect(slugOf('  How to Train Your Dragon! ')).toBe('how-to-train-your-dragon');
    expect(slugOf('Crème brûlée, à la carte')).toBe('creme-brulee-a-la-carte');
  });

  it('makes a slug of the title, numbered when taken', async () => {
    const make = createKeyMaker(resource('slug'));
    const taken = new Set(['how-to-train-your-dragon', 'how-to-train-your-dragon-2']);
    expect(await make?.({ title: 'How to train your dragon' }, async (key) => taken.has(key))).toBe(
      'how-to-train-your-dragon-3',
    );
    expect(await make?.({ body: 'no title', name: 'Ada' }, async () => false)).toBe('ada');
    expect(await make?.({}, async () => false)).toBe('article');
  });

  it('makes a UUID for any other text key, and none where the mock numbers the records', async () => {
    expect(await createKeyMaker(resource('eventId', 'uuid'))?.({ title: 'x' }, async () => false)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(createKeyMaker(resource('id', undefined, 'article'))).toBeUndefined();
  });
});
