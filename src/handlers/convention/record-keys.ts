// The key of a record a create's body does not send, where the collection is not numbered: a
// slug of its title (or name) where the key is a slug, as RealWorld's articles are keyed
// ("how-to-train-your-dragon", then "-2" when taken), else a UUID.
import { randomUUID } from 'node:crypto';
import type { Resource } from '../../openapi/resource-model.js';
import type { StoredRecord } from '../../store/data-set.js';

/** Whether a key is another record's, in the transaction that makes this one. */
export type KeyTaken = (key: string) => Promise<boolean>;
export type KeyMaker = (fields: StoredRecord, taken: KeyTaken) => Promise<string>;

const SLUG_LENGTH = 60;

/** "How to Train Your Dragon!" as "how-to-train-your-dragon". */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/** The text a slug is made from: the record's title, else its name, else its first text field. */
function sluggedText(fields: StoredRecord): string {
  const texts = Object.entries(fields).filter(([, value]) => typeof value === 'string' && value.trim() !== '');
  const named = (name: RegExp) => texts.find(([field]) => name.test(field))?.[1] as string | undefined;
  return named(/^title$/i) ?? named(/^name$/i) ?? named(/(title|name)$/i) ?? String(texts[0]?.[1] ?? '');
}

/** How a collection's string keys are made, or undefined where the mock numbers its records. */
export function createKeyMaker(resource: Resource): KeyMaker | undefined {
  if (resource.keyType !== 'string' || resource.collection.counter !== undefined) return undefined;
  const { keyField } = resource.collection;
  const format = resource.shape.properties.get(keyField)?.format;
  if (!/slug/i.test(keyField) || format === 'uuid') return async () => randomUUID();
  return async (fields, taken) => {
    const base = slugOf(sluggedText(fields)) || resource.noun.toLowerCase();
    let slug = base;
    for (let count = 2; await taken(slug); count += 1) slug = `${base}-${count}`;
    return slug;
  };
}
