// The answers under way: what a stop walks, with slots freed and reused as answers end.

import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { AnswersUnderWay } from './answers-under-way.js';

const answer = () => new ServerResponse(new IncomingMessage(new Socket()));

describe('the answers under way', () => {
  it('holds each answer from its start until it ends, and no other', () => {
    const underWay = new AnswersUnderWay();
    const [first, second, third] = [answer(), answer(), answer()];
    for (const res of [first, second, third]) underWay.add(res);
    expect([...underWay]).toEqual([first, second, third]);
    underWay.remove(second);
    expect([...underWay]).toEqual([first, third]);
    underWay.remove(first);
    underWay.remove(third);
    expect([...underWay]).toEqual([]);
  });

  it('gives a freed slot to the next answer: it grows only with the answers under way at once', () => {
    const underWay = new AnswersUnderWay();
    const [first, second, third, fourth] = [answer(), answer(), answer(), answer()];
    for (const res of [first, second, third]) underWay.add(res);
    underWay.remove(first);
    underWay.add(fourth);
    // In the slot `first` had, before the others: a new slot would have put it last.
    expect([...underWay]).toEqual([fourth, second, third]);
    for (let request = 0; request < 1_000; request += 1) {
      const res = answer();
      underWay.add(res);
      underWay.remove(res);
    }
    underWay.remove(third);
    const later = answer();
    underWay.add(later);
    expect([...underWay]).toEqual([fourth, second, later]);
  });

  it('frees the answers of a connection that closed, and only those', () => {
    const underWay = new AnswersUnderWay();
    const [closing, open] = [new Socket(), new Socket()];
    const onClosing = [
      new ServerResponse(new IncomingMessage(closing)),
      new ServerResponse(new IncomingMessage(closing)),
    ];
    const onOpen = new ServerResponse(new IncomingMessage(open));
    for (const res of [...onClosing, onOpen]) underWay.add(res);
    expect(underWay.size).toBe(3);
    underWay.removeOn(closing);
    expect([...underWay]).toEqual([onOpen]);
    expect(underWay.size).toBe(1);
    // Their own ends, should they come after, change nothing.
    for (const res of onClosing) underWay.remove(res);
    expect([...underWay]).toEqual([onOpen]);
  });

  it('ignores the end of an answer it does not hold, or an end told twice', () => {
    const underWay = new AnswersUnderWay();
    const [held, ended, stranger] = [answer(), answer(), answer()];
    underWay.add(ended);
    underWay.remove(ended);
    underWay.add(held);
    // `held` now has the slot `ended` had: the second end of `ended` must not free it.
    underWay.remove(ended);
    underWay.remove(stranger);
    expect([...underWay]).toEqual([held]);
  });
});
