// `uniqueItems` judged in time linear in the array. Ajv compares every pair of items whose schema
// lets them be objects or arrays (n²/2 deep comparisons): a 149 KB body of 20,000 one-number
// arrays held the event loop for 115 s, and a body within a draft's size limit for more than an
// hour, answers and SIGTERM waiting. Each item is keyed by its JSON with the members of its
// objects in order of name: two items are equal when their keys are. Every
// validator of the project (the mock's request and answer checks, its data checks, the examples'
// check, the suite's checks) judges it so, as it judges multipleOf (multiple-of.ts).
import type { ErrorObject, FuncKeywordDefinition } from 'ajv';

/** Text written as it is, between the values still to write. */
class Written {
  constructor(readonly text: string) {}
}

/**
 * The JSON of `value`, each object's members ordered by name: equal values (as JSON) have one key.
 * Written without recursion: a body may nest its items deeper than JSON.stringify's stack takes.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    let next = pending.pop();
    if (next instanceof Written) {
      out.push(next.text);
      continue;
    }
    if (typeof next === 'object' && next !== null && typeof (next as { toJSON?: unknown }).toJSON === 'function')
      next = (next as { toJSON: () => unknown }).toJSON();
    if (typeof next === 'bigint') out.push(`${next}n`);
    else if (typeof next !== 'object' || next === null) out.push(JSON.stringify(next) ?? 'undefined');
    else if (Array.isArray(next)) {
      pending.push(new Written(']'));
      for (let at = next.length - 1; at >= 0; at -= 1) {
        pending.push(next[at]);
        if (at > 0) pending.push(new Written(','));
      }
      pending.push(new Written('['));
    } else {
      const object = next as Record<string, unknown>;
      const names = Object.keys(object).sort();
      pending.push(new Written('}'));
      for (let at = names.length - 1; at >= 0; at -= 1) {
        const name = names[at] as string;
        pending.push(object[name], new Written(`${at > 0 ? ',' : ''}${JSON.stringify(name)}:`));
      }
      pending.push(new Written('{'));
    }
  }
  return out.join('');
}

/**
 * The two items Ajv names for an array with duplicates, or undefined when it has none: the last
 * item equal to an earlier one (`i`), and the last such earlier one (`j`). Items are equal when
 * their keys are: as Ajv's deep equality judges values of JSON (members in any order, a member
 * left undefined told from one absent).
 */
export function duplicateItems(items: readonly unknown[]): { i: number; j: number } | undefined {
  const lastAt = new Map<string, number>();
  let found: { i: number; j: number } | undefined;
  items.forEach((item, at) => {
    const key = canonicalJson(item);
    const before = lastAt.get(key);
    if (before !== undefined) found = { i: at, j: before };
    lastAt.set(key, at);
  });
  return found;
}

type JudgeOfUniqueness = ((unique: boolean, items: unknown[]) => boolean) & { errors?: Partial<ErrorObject>[] };

const judgeUniqueness: JudgeOfUniqueness = (unique, items) => {
  if (!unique) return true;
  const duplicate = duplicateItems(items);
  if (duplicate === undefined) return true;
  // Ajv's own wording and parameters, which error answers and reports read.
  judgeUniqueness.errors = [
    {
      keyword: 'uniqueItems',
      message: `must NOT have duplicate items (items ## ${duplicate.j} and ${duplicate.i} are identical)`,
      params: duplicate,
    },
  ];
  return false;
};

/** The parts of an Ajv instance (of any copy of Ajv 8, draft 4's included) the keyword is set with. */
type KeywordTaker = {
  removeKeyword(keyword: string): unknown;
  addKeyword(definition: FuncKeywordDefinition): unknown;
};

/** `ajv` with Ajv's `uniqueItems` replaced by the linear judgement above; the same instance, to chain. */
export function withLinearUniqueItems<T extends KeywordTaker>(ajv: T): T {
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword({
    keyword: 'uniqueItems',
    type: 'array',
    schemaType: 'boolean',
    errors: true,
    validate: judgeUniqueness,
  });
  return ajv;
}
