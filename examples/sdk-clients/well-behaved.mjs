// A client that does what the contract asks of it: five calls (three at a time where
// PETSTORE_SDK_CHECK_CASE asks for requests in flight), each answered or waited for as
// Retry-After says (delta-seconds, or an HTTP-date measured from the answer's own Date, so that a
// server whose clock stands elsewhere is waited for correctly; without Retry-After, until
// X-RateLimit-Reset), pacing itself when X-RateLimit-Remaining reaches 0, and giving up, with the
// error, when asked to wait longer than it will. Run it as:
//   petstore-mock sdk-check -- node examples/sdk-clients/well-behaved.mjs
const base = process.env.PETSTORE_BASE_URL;
const key = process.env.PETSTORE_API_KEY;
const CALLS = Number(process.env.CALLS ?? 5);
const IN_FLIGHT = process.env.PETSTORE_SDK_CHECK_CASE === 'in-flight' ? 3 : 1;
const LONGEST_WAIT_SECONDS = 60;
const TIMEOUT_MS = 10_000;

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
/** The answer's own "now" (RFC 9110 section 6.6.1), in milliseconds. */
const nowOf = (answer) => Date.parse(answer.headers.get('date') ?? '') || Date.now();
/** Seconds until the window ends, by the answer's own clock. */
const untilReset = (answer) => Number(answer.headers.get('x-ratelimit-reset')) - nowOf(answer) / 1000;

/** Seconds a refusal asks for: Retry-After (delta-seconds or HTTP-date less Date), else X-RateLimit-Reset. */
function waitOf(answer) {
  const value = answer.headers.get('retry-after');
  if (value === null) return Math.max(0, untilReset(answer));
  if (/^\d+$/.test(value)) return Number(value);
  return Math.max(0, (Date.parse(value) - nowOf(answer)) / 1000);
}

class GiveUp extends Error {}

/** One call, retried as the API says until it is answered. */
async function call() {
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const answer = await fetch(`${base}/pets?limit=1`, {
      headers: { 'X-API-Key': key },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await answer.arrayBuffer();
    if (answer.ok) return answer;
    if (answer.status !== 429 && answer.status !== 403) throw new GiveUp(`Unexpected answer ${answer.status}.`);
    const wait = waitOf(answer);
    if (wait > LONGEST_WAIT_SECONDS)
      throw new GiveUp(`The API refused with ${answer.status} and asks to wait ${Math.round(wait)} s: giving up.`);
    await sleep(wait + 0.05);
  }
  throw new GiveUp('20 attempts without an answer: giving up.');
}

try {
  for (let answered = 0; answered < CALLS; answered += IN_FLIGHT) {
    const answers = await Promise.all(Array.from({ length: IN_FLIGHT }, call));
    const last = answers.at(-1);
    // Pacing: with nothing left in the window, wait for its end (when that is a sane wait).
    if (last.headers.get('x-ratelimit-remaining') === '0' && answered + IN_FLIGHT < CALLS) {
      const wait = untilReset(last);
      if (wait > 0 && wait <= LONGEST_WAIT_SECONDS) await sleep(wait + 0.05);
    }
  }
} catch (error) {
  // A refusal thrown by a sibling leaves the others to end by themselves; the run ends here.
  console.error(error instanceof GiveUp ? error.message : String(error));
  process.exit(1);
}
console.log(`${CALLS} calls answered.`);
