// Enums read as their authors meant them, each with a warning at its place. A text schema's
// members YAML read as values of their own: Plaid's `type: string, enum: [true, false]`
// (unquoted, so booleans) meant "true" and "false"; no value fits such a schema, and the mock
// would refuse the document: they are read as their text. And an enum with no member, which
// generators write where the values stand elsewhere (Discord's `enum: []` beside an allOf of the
// enum it means): no value meets it, and Ajv refuses to compile it, so every request of its
// operation was a 500; it is left out.
import type { JsonObject } from '../json-pointer.js';
import { forEachOpenApiObject } from './openapi-objects.js';

export type TextEnumRead = { segments: string[]; message: string };

/** How many members a warning names. */
const SHOWN = 5;

/** Whether a schema's type admits text and nothing a boolean or number would fit. */
function isTextOnly(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.includes('string') && types.every((each) => each === 'string' || each === 'null');
}

/** Rewrites, in place, each boolean or number of a text schema's enum as its text; says where. */
export function readTextEnumMembers(document: JsonObject): TextEnumRead[] {
  const found: TextEnumRead[] = [];
  forEachOpenApiObject(document, (node, segments) => {
    const members = node.enum;
    if (!Array.isArray(members) || !isTextOnly(node.type)) return undefined;
    const read = members.filter((member) => typeof member === 'boolean' || typeof member === 'number');
    if (read.length === 0) return undefined;
    node.enum = members.map((member) =>
      typeof member === 'boolean' || typeof member === 'number' ? String(member) : member,
    );
    // A long enum is named by its first members: a warning is a line, not a copy of the enum.
    const shown = (list: unknown[], say: (member: unknown) => string) =>
      `${list.slice(0, SHOWN).map(say).join(', ')}${list.length > SHOWN ? ` and ${list.length - SHOWN} more` : ''}`;
    const named = shown(read, (member) => JSON.stringify(member));
    found.push({
      segments: [...segments, 'enum'],
      message: `this enum of text holds ${named}, not text (as YAML reads true, false and numbers left unquoted): read as the text ${shown(read, (member) => `"${String(member)}"`)}. Quote ${read.length === 1 ? 'it' : 'them'}`,
    });
    return undefined;
  });
  // The walk goes from the end of the document; its places are said from the start.
  return found.reverse();
}

/** Removes, in place, each enum with no member of a schema; says where. */
export function dropEmptyEnums(document: JsonObject): TextEnumRead[] {
  const found: TextEnumRead[] = [];
  forEachOpenApiObject(document, (node, segments) => {
    if (!Array.isArray(node.enum) || node.enum.length > 0) return undefined;
    delete node.enum;
    found.push({
      segments: [...segments, 'enum'],
      message:
        'this enum has no member: no value would meet it, and validators refuse to compile it. It is left out (the schema is read without it); give it its members, or remove it',
    });
    return undefined;
  });
  return found.reverse();
}
