import { describe, expect, it } from '@jest/globals';
import { dropEmptyEnums, readTextEnumMembers } from './text-enum-members.js';

describe('an enum of text whose members are not text', () => {
  it('is read as their text, and a long one is named by its first members', () => {
    const levels = { type: 'string', enum: [1, 2, 3, 4, 5, 6, 7, 8] };
    const read = readTextEnumMembers({ components: { schemas: { Level: levels } } });
    expect(levels.enum).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(read).toEqual([
      {
        segments: ['components', 'schemas', 'Level', 'enum'],
        message: expect.stringMatching(
          /^this enum of text holds 1, 2, 3, 4, 5 and 3 more, not text .* read as the text "1", "2", "3", "4", "5" and 3 more\. Quote them$/,
        ),
      },
    ]);
  });

  it('leaves an enum of another type, and the null of a nullable text, as they are', () => {
    const sizes = { type: 'integer', enum: [1, 2] };
    const grade = { type: ['string', 'null'], enum: ['A', null] };
    expect(readTextEnumMembers({ components: { schemas: { sizes, grade } } })).toEqual([]);
    expect([sizes.enum, grade.enum]).toEqual([
      [1, 2],
      ['A', null],
    ]);
  });
});

describe('an enum with no member', () => {
  it('is left out, said at its place; an enum with members is left as it is', () => {
    const status = { type: 'string', enum: [], allOf: [{ $ref: '#/components/schemas/Status' }] };
    const document = { components: { schemas: { Status: { type: 'string', enum: ['SUBMITTED'] }, Filter: status } } };
    expect(dropEmptyEnums(document)).toEqual([
      {
        segments: ['components', 'schemas', 'Filter', 'enum'],
        message: expect.stringMatching(/^this enum has no member/),
      },
    ]);
    expect(status).toEqual({ type: 'string', allOf: [{ $ref: '#/components/schemas/Status' }] });
    expect(document.components.schemas.Status.enum).toEqual(['SUBMITTED']);
  });
});
