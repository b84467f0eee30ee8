// The journal's lines: a record cut short by a crash is told from a whole one, and dropped; damage
// with whole records after it is refused, never skipped.
import { describe, expect, it } from '@jest/globals';
import type { ChangeSet } from './change-set.js';
import { encodeHeader, encodeRecord, JournalDamage, readJournal } from './journal-format.js';

const pet = (id: number, name: string) => ({ id, name, categoryId: 1, status: 'available' });
const creating = (id: number, name: string): ChangeSet => ({
  lists: { pets: { keyField: 'id', changes: [[id, pet(id, name)]] } },
  apiKeys: [],
  nextId: { pet: id + 1, category: 7, order: 11 },
});

const header = encodeHeader({ checkedAgainst: 'abc' });
const records = [1, 2, 3].map((seq) => encodeRecord({ seq, sets: [creating(60 + seq, `Pet ñ ${seq}`)] }));
const whole = Buffer.concat([header, ...records]);

describe('the journal', () => {
  it('reads back its header and every whole record, in order, with where each lies', () => {
    const read = readJournal(whole);
    expect(read.header).toMatchObject({ journal: 'petstore-mock journal', version: 1, checkedAgainst: 'abc' });
    expect(read.records.map((record) => record.seq)).toEqual([1, 2, 3]);
    expect(read.records[1]?.sets).toEqual([creating(62, 'Pet ñ 2')]);
    expect(read.records[2]?.end).toBe(whole.length);
    expect(read.tornBytes).toBe(0);
  });

  it('drops a last record cut short at any byte, keeping those before it', () => {
    const lastStart = whole.length - (records[2] as Buffer).length;
    for (let cut = lastStart + 1; cut < whole.length; cut += 1) {
      const read = readJournal(whole.subarray(0, cut));
      expect(read.records.map((record) => record.seq)).toEqual([1, 2]);
      expect(read.tornBytes).toBe(cut - lastStart);
    }
  });

  it('drops a last record whose bytes are not those written (a flipped bit, zeros a crash left)', () => {
    const flipped = Buffer.from(whole);
    const at = whole.length - 10;
    flipped[at] = (flipped[at] as number) ^ 0x01;
    expect(readJournal(flipped).records.map((record) => record.seq)).toEqual([1, 2]);
    const zeros = Buffer.concat([header, records[0] as Buffer, Buffer.alloc(4096)]);
    expect(readJournal(zeros)).toMatchObject({ tornBytes: 4096 });
    expect(readJournal(zeros).records).toHaveLength(1);
  });

  it('refuses damage that whole records follow: those are acknowledged writes, never skipped', () => {
    const damaged = Buffer.from(whole);
    const inSecond = header.length + (records[0] as Buffer).length + 20;
    damaged[inSecond] = (damaged[inSecond] as number) ^ 0x01;
    expect(() => readJournal(damaged)).toThrow(JournalDamage);
    expect(() => readJournal(damaged)).toThrow(/line 3 is not a whole record .* whole records follow it/);
  });

  it('refuses a file that is not a journal, and records out of order', () => {
    expect(() => readJournal(Buffer.from('{"pets": []}\n'))).toThrow(/not the header of a petstore-mock journal/);
    const outOfOrder = Buffer.concat([header, records[1] as Buffer, records[0] as Buffer]);
    expect(() => readJournal(outOfOrder)).toThrow(/sequence 1, not after 2/);
  });
});
