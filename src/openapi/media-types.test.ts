import { describe, expect, it } from '@jest/globals';
import { jsonStreamOf, mediaFamily, negotiate } from './media-types.js';

describe('media types', () => {
  it('tells the family of a declared type', () => {
    expect(
      [
        'application/problem+json',
        'application/vnd.api+json',
        'text/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'text/calendar',
        'image/png',
      ].map(mediaFamily),
    ).toEqual(['json', 'json', 'xml', 'form', 'multipart', 'text', 'binary']);
  });

  it('answers JSON first when Accept takes anything or is absent', () => {
    expect(negotiate(['application/xml', 'application/json'], undefined)).toBe('application/json');
    expect(negotiate(['application/xml', 'application/json'], '*/*')).toBe('application/json');
  });

  it('follows Accept: its q-values, its ranges, and none when it takes nothing declared', () => {
    expect(negotiate(['application/json', 'application/xml'], 'application/xml')).toBe('application/xml');
    expect(negotiate(['application/json', 'text/csv'], 'text/*;q=0.9, application/json;q=0.1')).toBe('text/csv');
    expect(negotiate(['application/json', 'image/png'], 'image/*')).toBe('image/png');
    expect(negotiate(['application/json'], 'text/html')).toBeUndefined();
    expect(negotiate(['application/json'], 'application/json;q=0')).toBeUndefined();
  });
});

describe('jsonStreamOf', () => {
  it('reads NDJSON and JSON Lines as a value a line, RFC 7464 as a sequence, and nothing else as a stream', () => {
    for (const type of [
      'application/x-ndjson',
      'application/ndjson',
      'application/x-ndjson; charset=utf-8',
      'application/jsonl',
      'application/jsonlines',
      'application/x-jsonlines',
      'application/json-lines',
    ])
      expect(jsonStreamOf(type)).toBe('lines');
    expect(jsonStreamOf('application/json-seq')).toBe('sequence');
    for (const type of ['application/json', 'application/problem+json', 'text/plain', 'application/x-chess-pgn'])
      expect(jsonStreamOf(type)).toBeUndefined();
  });
});
