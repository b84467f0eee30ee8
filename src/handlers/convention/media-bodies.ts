// The body of an answer in a media type other than JSON, from the JSON value the mock would have
// answered: XML named as the schema's `xml` objects say (OpenAPI's XML Object: name, wrapped,
// attribute), CSV of a list of records, an iCalendar feed of its events, plain text; and for a
// type of bytes, a small valid file of that type (a 1×1 PNG, GIF, JPEG; an empty PDF or ZIP), so
// that a client decoding it sees what a real API would send.
import XMLBuilder from 'fast-xml-builder';
import { asObject, type JsonObject } from '../../openapi/json-pointer.js';
import { essence } from '../../openapi/media-types.js';
import { resolveSchema, schemaType } from '../../openapi/schema-shape.js';

const XML = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });

/** The element name of a schema: its xml.name, else the name of the schema it refers to, else `fallback`. */
function elementName(schema: unknown, resolved: JsonObject, fallback: string): string {
  const declared = asObject(resolved.xml).name;
  if (typeof declared === 'string' && declared !== '') return declared;
  const ref = asObject(schema).$ref;
  return typeof ref === 'string' ? (ref.split('/').at(-1) ?? fallback) : fallback;
}

/** A JSON value as fast-xml-builder's tree, following the schema's XML Objects. */
function xmlTree(document: JsonObject, schema: unknown, value: unknown, depth = 0): unknown {
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  const resolved = resolveSchema(document, schema);
  if (Array.isArray(value)) return value.map((item) => xmlTree(document, resolved.items, item, depth + 1));
  const properties = asObject(resolved.properties);
  const tree: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value as JsonObject)) {
    const fieldSchema = properties[name];
    const fieldResolved = resolveSchema(document, fieldSchema);
    const xml = asObject(fieldResolved.xml);
    const element = typeof xml.name === 'string' ? xml.name : name;
    if (xml.attribute === true) {
      tree[`@_${element}`] = field;
    } else if (Array.isArray(field)) {
      const itemResolved = resolveSchema(document, fieldResolved.items);
      const itemName = elementName(fieldResolved.items, itemResolved, element);
      const items = xmlTree(document, fieldSchema, field, depth + 1);
      tree[element] = xml.wrapped === true ? { [itemName]: items } : items;
    } else {
      tree[element] = xmlTree(document, fieldSchema, field, depth + 1);
    }
  }
  return tree;
}

export function xmlBody(document: JsonObject, schema: unknown, value: unknown): string {
  const resolved = resolveSchema(document, schema);
  const root = elementName(schema, resolved, schemaType(resolved) === 'array' ? 'items' : 'root');
  if (Array.isArray(value)) {
    const itemResolved = resolveSchema(document, resolved.items);
    const item = elementName(resolved.items, itemResolved, 'item');
    return `<?xml version="1.0" encoding="UTF-8"?>${XML.build({ [root]: { [item]: xmlTree(document, schema, value) } })}`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>${XML.build({ [root]: xmlTree(document, schema, value) })}`;
}

const csvCell = (value: unknown) => {
  const text =
    value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** RFC 4180: a header line of the fields, then a line per record. */
export function csvBody(value: unknown): string {
  const rows = (Array.isArray(value) ? value : [value]).filter((row) => row !== undefined);
  const fields = [...new Set(rows.flatMap((row) => (typeof row === 'object' && row !== null ? Object.keys(row) : [])))];
  if (fields.length === 0) return `${rows.map(csvCell).join('\r\n')}\r\n`;
  const lines = rows.map((row) => fields.map((field) => csvCell(asObject(row)[field])).join(','));
  return `${[fields.join(','), ...lines].join('\r\n')}\r\n`;
}

const icsDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const icsText = (text: string) => text.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/\r?\n/g, '\\n');

/** RFC 5545: a calendar with an event per record (its title and id where it has them). */
export function calendarBody(value: unknown, nowMs: number): string {
  const records = (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(asObject);
  const events = records.flatMap((record, index) => [
    'BEGIN:VEVENT',
    `UID:${icsText(String(record.id ?? index))}@petstore-mock`,
    `DTSTAMP:${icsDate(nowMs)}`,
    `DTSTART:${icsDate(nowMs + index * 86_400_000)}`,
    `SUMMARY:${icsText(String(record.title ?? record.name ?? record.summary ?? `Event ${index + 1}`))}`,
    'END:VEVENT',
  ]);
  return `${['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//petstore-mock//EN', ...events, 'END:VCALENDAR'].join('\r\n')}\r\n`;
}

/** Small valid files, one per common type of bytes: 1×1 white images, a PDF of one empty page, an empty ZIP. */
const FILES: Readonly<Record<string, string>> = {
  'image/png': 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'image/gif': 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'image/jpeg': [
    '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABh',
    'Y3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    'AAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAAB',
    'UAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAA',
    'AAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9Y',
    'WVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAM',
    'ZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0o',
    'OjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2Nj',
    'Y2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/',
    'xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhED',
    'EQA/AKAAD//Z',
  ].join(''),
  'application/pdf': [
    'JVBERi0xLjQKMSAwIG9iajw8L1R5cGUvQ2F0YWxvZy9QYWdlcyAyIDAgUj4+ZW5kb2JqCjIgMCBvYmo8PC9UeXBlL1BhZ2VzL0tp',
    'ZHNbMyAwIFJdL0NvdW50IDE+PmVuZG9iagozIDAgb2JqPDwvVHlwZS9QYWdlL1BhcmVudCAyIDAgUi9NZWRpYUJveFswIDAgNzIg',
    'NzJdPj5lbmRvYmoKeHJlZgowIDQKMDAwMDAwMDAwMCA2NTUzNSBmIAowMDAwMDAwMDA5IDAwMDAwIG4gCjAwMDAwMDAwNTIgMDAw',
    'MDAgbiAKMDAwMDAwMDEwMSAwMDAwMCBuIAp0cmFpbGVyPDwvU2l6ZSA0L1Jvb3QgMSAwIFI+PgpzdGFydHhyZWYKMTYyCiUlRU9G',
    'Cg==',
  ].join(''),
  'application/zip': 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==',
};

/** The bytes of an answer of `type`: a small file of it, or bytes that say what they are. */
export function bytesBody(type: string): Buffer {
  const known = FILES[essence(type)] ?? (essence(type).startsWith('image/') ? FILES['image/png'] : undefined);
  return known ? Buffer.from(known, 'base64') : Buffer.from('petstore-mock: bytes of the answer\n');
}

/**
 * One Server-Sent Event holding the value (a text as it is, else its JSON; an empty object where
 * the stream declares no schema, as Mastodon's streaming timelines), each line a data field.
 */
export function eventStreamBody(value: unknown): string {
  const data = typeof value === 'string' ? value : JSON.stringify(value === undefined ? {} : value);
  // A line of the stream ends at CR, LF or both: each is a data field of its own.
  return `${data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join('\n')}\n\n`;
}
