import { describe, expect, it } from '@jest/globals';
import type { Exchange } from './exchange.js';
import { requireCounted } from './request-count.js';
import { CheckSkipped } from './scheduler.js';

/** A key's counter as an implementation keeps it, and what each read of it answers. */
function counter(start = 100) {
  let remaining = start;
  const answer = (): Exchange => ({
    method: 'GET',
    url: 'http://target/v1/categories',
    requestHeaders: {},
    status: 200,
    headers: {
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': '1800000000',
    },
    body: [],
    text: '[]',
  });
  return {
    /** A request the implementation counts `by` (one, normally). */
    request(by = 1): Exchange {
      remaining -= by;
      return answer();
    },
    /** Another client's request. */
    elsewhere(): void {
      remaining -= 1;
    },
  };
}

const fault = () => new Error('counted wrong');

describe('counting a key’s requests across a step, told apart from another client’s', () => {
  it('passes a step counted as the contract says', async () => {
    const key = counter();
    await requireCounted({
      key: 'k1',
      shownAs: '$PETSTORE_API_KEY',
      read: async () => key.request(),
      step: async () => key.request(),
      expected: 2,
      fault,
    });
  });

  it('fails at once a step counted less than it should be: another client only ever takes more', async () => {
    const key = counter();
    await expect(
      requireCounted({
        key: 'k2',
        shownAs: '$PETSTORE_API_KEY',
        read: async () => key.request(),
        step: async () => key.request(0),
        expected: 2,
        fault,
      }),
    ).rejects.toThrow('counted wrong');
  });

  it('fails a step counted more, the same way three times while no one else sent', async () => {
    const key = counter();
    await expect(
      requireCounted({
        key: 'k3',
        shownAs: '$PETSTORE_API_KEY',
        read: async () => key.request(),
        step: async () => key.request(2),
        expected: 2,
        fault,
      }),
    ).rejects.toThrow('counted wrong');
  });

  it('skips, saying so, when another client keeps using the key during the check', async () => {
    const key = counter(10_000);
    const read = async () => {
      key.elsewhere();
      return key.request();
    };
    const counted = requireCounted({
      key: 'k4',
      shownAs: '$PETSTORE_API_KEY',
      read,
      step: async () => key.request(),
      expected: 2,
      fault,
    });
    await expect(counted).rejects.toBeInstanceOf(CheckSkipped);
    await expect(counted).rejects.toThrow(/another client used \$PETSTORE_API_KEY during the check/);
  }, 20_000);

  it('passes when another client’s request fell on one try and the next was quiet', async () => {
    const key = counter();
    let tries = 0;
    await requireCounted({
      key: 'k5',
      shownAs: '$PETSTORE_API_KEY',
      read: async () => key.request(),
      step: async () => {
        tries += 1;
        if (tries === 1) key.elsewhere();
        return key.request();
      },
      expected: 2,
      fault,
    });
    expect(tries).toBe(2);
  });
});
