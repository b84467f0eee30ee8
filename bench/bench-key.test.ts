// The bench's key must be one the mock takes: a key beyond the contract's limits is refused at
// start, and a data file holding one is not read again, so the bench would not run at all.
import { describe, expect, it } from '@jest/globals';
import { startCli } from '../test/support/cli.js';
import { useTempFolder } from '../test/support/temp-folder.js';
import { BENCH_KEY, BENCH_KEY_OPTION } from './loads.js';

describe("the bench's key", () => {
  const tempFolder = useTempFolder('bench-key');

  it('is taken at start, and the data file that stores it is read again', async () => {
    for (let start = 0; start < 2; start += 1) {
      const cli = await startCli(
        ['serve', '--port', '0', '--data', 'db.json', '--key', BENCH_KEY_OPTION],
        tempFolder(),
      );
      try {
        const answer = await fetch(`${cli.apiUrl}/pets/by-id/1`, { headers: { 'X-API-Key': BENCH_KEY } });
        expect(answer.status).toBe(200);
      } finally {
        await cli.stop();
      }
    }
  });
});
