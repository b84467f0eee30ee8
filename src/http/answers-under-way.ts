// The answers under way, each in a slot of an array that is reused once the answer ends: what a
// graceful stop walks. Not a Set: V8 replaces a Set's table as entries come and go, and leaves
// each replaced table linked to the next and still holding its entries. With an answer added and
// removed per request, those tables kept answers, and their requests, alive past young
// collections: scavenges then took a tenth of the CPU a request costs.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

// One per answer: an answer goes through one graceful stop (its server's), so one slot number is enough.
const SLOT = Symbol('slot under way');
type Slotted = ServerResponse & { [SLOT]?: number };

export class AnswersUnderWay implements Iterable<ServerResponse> {
  readonly #slots: (ServerResponse | undefined)[] = [];
  readonly #free: number[] = [];

  add(res: ServerResponse): void {
    const slot = this.#free.pop() ?? this.#slots.length;
    this.#slots[slot] = res;
    (res as Slotted)[SLOT] = slot;
  }

  /** Frees the slot of `res`; nothing when it holds no slot. */
  remove(res: ServerResponse): void {
    const slot = (res as Slotted)[SLOT];
    if (slot === undefined || this.#slots[slot] !== res) return;
    this.#slots[slot] = undefined;
    this.#free.push(slot);
  }

  /**
   * Frees the slots of the answers to requests of `socket`, once it has closed: an answer queued
   * behind another on a connection that closed (pipelined requests, then a reset) never ends.
   */
  removeOn(socket: Socket): void {
    for (const res of this.#slots) if (res !== undefined && res.req.socket === socket) this.remove(res);
  }

  /** How many answers are under way. */
  get size(): number {
    return this.#slots.length - this.#free.length;
  }

  *[Symbol.iterator](): Iterator<ServerResponse> {
    for (const res of this.#slots) if (res !== undefined) yield res;
  }
}
