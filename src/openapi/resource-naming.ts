// What the resource model calls a collection and its records: the collection by the word of its
// own path (in the plural where the path names its records in the singular, as /pet of Pet does),
// or after its records' schema where no path of its own names it (a list at /articles/feed of
// Article); one record by its key parameter ({petId}: a pet). Two collections of one name take
// the segment before it too, so that no two share a list or a counter.
import { isParam, paramName, segmentsOf } from './resource-paths.js';

const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Spelled alike: `file_id` and `fileId`, `account_sid` and `AccountSid` (case, `_` and `-` aside). */
export const looseName = (name: string) => name.replace(/[-_]/g, '').toLowerCase();

/**
 * Whether a field of an answer that is no record names the record's key in another spelling: the
 * key itself (Docker's creates answer `{Id}` of a record keyed by `ID`), or its noun and the key
 * (OpenFGA's `{authorization_model_id}` of an authorization model keyed by `id`).
 */
export function namesKeyOf(field: string, resource: { noun: string; collection: { keyField: string } }): boolean {
  const key = plain(resource.collection.keyField);
  return plain(field) === key || plain(field) === plain(`${resource.noun}${key}`);
}

/** "pet" from {petId} (and {pet_uuid}); else the collection's name without its plural "s". */
export function nounOf(keyParam: string | undefined, name: string): string {
  const fromParam = keyParam?.replace(/[-_]?(?:uu|gu)?id$/i, '');
  // ...a word, not a letter: {eid} of executions is an execution.
  if (fromParam !== undefined && fromParam.length > 1) return fromParam;
  return name.replace(/ies$/, 'y').replace(/s$/, '');
}

/** "pet" gives "pets", "category" "categories", "box" "boxes"; a word ending in s is taken as plural already. */
export function pluralOf(word: string): string {
  if (/s$/i.test(word)) return word;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(x|z|ch|sh)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

/**
 * The records' name a component schema gives: "Pet" of #/components/schemas/Pet, "SpecialEvent"
 * of SpecialEventResponse, "message" of api.v2010.account.message; none for an inline schema.
 */
export function recordName(identity: string): string | undefined {
  const match = /^#\/components\/schemas\/([^/]+)$/.exec(identity);
  if (!match) return undefined;
  const name = decodeURIComponent(match[1] ?? '')
    .split('.')
    .at(-1)
    ?.replace(/(Response|Dto|DTO|Model|Entity|Schema)$/, '');
  return name === undefined || plain(name) === '' ? undefined : name;
}

/**
 * Whether a path's word names records of `name`: each of its words, in the singular, is in the
 * name ("pets" of AdminPet, "special-events" of SpecialEvent, "museum-hours" of MuseumDailyHours).
 */
function namesRecords(word: string, name: string): boolean {
  const parts = nounOf(undefined, word)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .map(plain)
    .filter((part) => part !== '');
  const wanted = plain(name);
  return parts.length > 0 && parts.every((part) => wanted.includes(part));
}

/** "SpecialEvent" as a collection's name: "specialEvents". */
const camelPlural = (name: string) => pluralOf(`${name.charAt(0).toLowerCase()}${name.slice(1)}`);

/**
 * The word a collection goes by, from the path it is named by and its records' schema: the path's
 * last word, in the plural where it is the schema's name (/pet of Pet: pets); for a list at a
 * path that is not the collection's own (/articles/feed, /pet/findByStatus), the word before it
 * that names its records, else the schema's name in the plural (/me/feed of Post: posts).
 */
export function collectionWord(path: string, identity: string, ownPath: boolean): string {
  const words = segmentsOf(path).filter((segment) => !isParam(segment));
  const last = words.at(-1) ?? '';
  const name = recordName(identity);
  if (name === undefined) return last;
  const naming = ownPath ? last : words.findLast((word) => namesRecords(word, name));
  if (naming === undefined) return camelPlural(name);
  return plain(naming) === plain(name) ? pluralOf(naming) : naming;
}

/** The first of `names` that is free, else the first numbered from 2. */
export function firstFree(taken: (name: string) => boolean, names: readonly [string, ...string[]]): string {
  const [wanted] = names;
  const free = names.find((name) => !taken(name));
  if (free !== undefined) return free;
  let count = 2;
  while (taken(`${wanted}${count}`)) count += 1;
  return `${wanted}${count}`;
}

/** The nouns of what stands above a path's last segment, nearest first: "task", "service" of /services/{uuid}/scheduled-tasks/{task_uuid}/executions. */
function nounsAbove(path: string): string[] {
  const segments = segmentsOf(path).slice(0, -1).reverse();
  const nouns: string[] = [];
  for (let at = 0; at < segments.length; at += 1) {
    const segment = segments[at] as string;
    // The segment right before as it stands ("adminPets"); a parameter by its noun, where it says
    // one (then the word before it says it again), else by the word before it ({uuid} of /databases/{uuid}).
    const noun = isParam(segment) ? nounOf(paramName(segment), '') : at === 0 ? segment : nounOf(undefined, segment);
    if (noun !== '' && !nouns.includes(noun)) nouns.push(noun);
    if (isParam(segment) && noun !== '') at += 1;
  }
  return nouns;
}

/**
 * A collection's name: `word`; when another collection has it (photos of pets and of
 * categories), that word after the nouns above it in `path`, nearest first: "categoryPhotos",
 * "adminPets", then "serviceTaskExecutions" where "taskExecutions" is taken.
 */
export function collectionName(word: string, path: string, taken: (name: string) => boolean): string {
  const camel = (text: string) => text.replace(/[^A-Za-z0-9]+([A-Za-z0-9]?)/g, (_, next: string) => next.toUpperCase());
  const names: [string, ...string[]] = [word];
  let joined = word;
  for (const noun of nounsAbove(path)) {
    joined = camel(`${noun}-${joined}`);
    names.push(joined);
  }
  return firstFree(taken, names);
}
