import { describe, expect, it } from '@jest/globals';
import { eventStreamBody } from './media-bodies.js';

describe('a Server-Sent Event of a value', () => {
  it('writes each line of a text as a data field, whichever way the line ends', () => {
    expect(eventStreamBody('a\nb\r\nc\rd')).toBe('data: a\ndata: b\ndata: c\ndata: d\n\n');
  });

  it('writes a value as JSON, null as null, and nothing as an empty object', () => {
    expect(eventStreamBody({ note: 'x\ny' })).toBe('data: {"note":"x\\ny"}\n\n');
    expect(eventStreamBody(null)).toBe('data: null\n\n');
    expect(eventStreamBody(undefined)).toBe('data: {}\n\n');
  });
});
