// A client that does what the contract asks of it: five calls (three at a time where
// PETSTORE_SDK_CHECK_CASE asks for requests in flight), each answered or waited for as
// Retry-After says (delta-seconds, or an HTTP-date measured from the answer's own Date, so that a
// server whose clock stands elsewhere is waited for correctly; without Retry-After, until
// X-RateLimit-Reset), the same for a 503; a broken connection, an answer cut short and a stalled
// one (its timeout) are retried with growing waits; pacing itself when X-RateLimit-Remaining
// reaches 0, and giving up, with the error, when asked to wait longer than it will. Where
// PETSTORE_SDK_CHECK_CASE asks for a create, it creates a pet, and after a lost answer reads before
// creating again. Run it as:
//   petstore-mock sdk-check -- node examples/sdk-clients/well-behaved.mjs
const base = process.env.PETSTORE_BASE_URL;
const key = process.env.PETSTORE_API_KEY;
const CALLS = Number(process.env.CALLS ?? 5);
const IN_FLIGHT = process.env.PETSTORE_SDK_CHECK_CASE === 'in-flight' ? 3 : 1;
const CREATES = process.env.PETSTORE_SDK_CHECK_CASE === 'fault-create-reset';
const LONGEST_WAIT_SECONDS = 60;
const TIMEOUT_MS = 5_000;
/** The first wait after a broken connection; each next one doubles. */
const FIRST_BACKOFF_SECONDS = 1;

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

/** One exchange, its body read whole within the timeout; a network fault throws. */
async function send(path, init = {}) {
  const answer = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'X-API-Key': key, ...init.headers },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  // A body cut short of its Content-Length, or stalled past the timeout, throws here: never used.
  const body = await answer.text();
  return { answer, body };
}

/** One call, retried as the API says (and with growing waits after faults) until it is answered. */
async function call(path, init, { retryFaults = true } = {}) {
  let backoff = FIRST_BACKOFF_SECONDS;
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    let exchange;
    try {
      exchange = await send(path, init);
    } catch (error) {
      if (!retryFaults) throw error;
      await sleep(backoff);
      backoff *= 2;
      continue;
    }
    const { answer } = exchange;
    if (answer.ok) return exchange;
    if (![429, 403, 503].includes(answer.status)) throw new GiveUp(`Unexpected answer ${answer.status}.`);
    const wait = waitOf(answer);
    if (wait > LONGEST_WAIT_SECONDS)
      throw new GiveUp(`The API refused with ${answer.status} and asks to wait ${Math.round(wait)} s: giving up.`);
    await sleep(wait + 0.05);
  }
  throw new GiveUp('20 attempts without an answer: giving up.');
}

/** A create whose answer is lost may have been stored: read before creating again. */
async function createPet(pet) {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      return JSON.parse(
        (
          await call(
            '/pets',
            { method: 'POST', body: JSON.stringify(pet), headers: { 'Content-Type': 'application/json' } },
            { retryFaults: false },
          )
        ).body,
      );
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      const { body } = await call(`/pets?name=${encodeURIComponent(pet.name)}`);
      const stored = JSON.parse(body).find((found) => found.categoryId === pet.categoryId);
      if (stored) return stored;
    }
  }
  throw new GiveUp('The create kept failing: giving up.');
}

try {
  if (CREATES) console.log(`Created pet ${(await createPet({ name: `Rex-${process.pid}`, categoryId: 1 })).id}.`);
  for (let answered = 0; answered < CALLS; answered += IN_FLIGHT) {
    const exchanges = await Promise.all(Array.from({ length: IN_FLIGHT }, () => call('/pets?limit=1')));
    const last = exchanges.at(-1).answer;
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
