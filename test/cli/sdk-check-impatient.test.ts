// slow-answers on a client that gives up on a timeout and ends, sending nothing again: its only
// request never reaches the mock's record (the case's latency held it before the key was read),
// and the verdict comes from when it left: within the 1.5 s the case makes answers take, its
// timeout is too short; well after them, it outlasts them and the case passes.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { runCli } from '../support/cli.js';
import { verdicts } from '../support/sdk-check-verdicts.js';

const client = fileURLToPath(new URL('../support/sdk-clients/impatient.mjs', import.meta.url));
const slowAnswers = (timeoutMs: number) =>
  runCli(['sdk-check', '--cases', 'slow-answers', '--', process.execPath, client], undefined, {
    TIMEOUT_MS: String(timeoutMs),
  });

describe('petstore-mock sdk-check: a client that leaves its request before the answer and ends', () => {
  it('fails one whose timeout (0.5 s) is shorter than the answers, saying when it left; passes one that outlasts them', async () => {
    const [impatient, patient] = await Promise.all([slowAnswers(500), slowAnswers(20_000)]);
    const left = verdicts(impatient.stdout).get('slow-answers');
    expect(impatient.stdout).not.toMatch(/without sending a request|before sending any request/);
    // A machine busy enough to hold the mock's note of the leaving past the 1.5 s, or to keep the
    // client off a CPU from its connect to its timeout, makes it undetermined, with why: never passed.
    if (left?.status === 'undetermined')
      expect(left.why).toMatch(
        /^undetermined: it (left GET \/v1\/pets\?limit=1 after waiting up to [\d.]+ s|opened 1 connection to the API and closed it without sending a request)/m,
      );
    else {
      // The whole output where no verdict was shown at all.
      if (left === undefined) expect(`${impatient.stdout}${impatient.stderr}`).toBe('a verdict for slow-answers');
      expect(left?.status).toBe('failed');
      expect(left?.why).toMatch(
        /^left GET \/v1\/pets\?limit=1 0\.\d s after sending it, before its answer came, while answers take 1\.5 s, and ended \(exit code 1\): the client's timeout is shorter than the answer \(raise it\)$/,
      );
    }
    // Failed, or judged in no case: neither passes a CI.
    expect(impatient.code).toBe(1);
    expect(verdicts(patient.stdout).get('slow-answers')?.status).toBe('passed');
  }, 60_000);
});
