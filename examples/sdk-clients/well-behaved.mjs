// A client that does what the contract asks of it: five calls, each answered or waited for as
// Retry-After says (delta-seconds, or an HTTP-date measured from the answer's own Date, so that a
// server whose clock stands elsewhere is waited for correctly), pacing itself when
// X-RateLimit-Remaining reaches 0, and giving up, with the error, when asked to wait longer than
// it will. Run it as: petstore-mock sdk-check -- node examples/sdk-clients/well-behaved.mjs
const base = process.env.PETSTORE_BASE_URL;
const key = process.env.PETSTORE_API_KEY;
const CALLS = 5;
const LONGEST_WAIT_SECONDS = 60;
const TIMEOUT_MS = 10_000;

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
/** The answer's own "now" (RFC 9110 section 6.6.1), in milliseconds. */
const nowOf = (answer) => Date.parse(answer.headers.get('date') ?? '') || Date.now();

/** Seconds a Retry-After asks for: delta-seconds, or an HTTP-date less the answer's Date. */
function retryAfterSeconds(answer) {
  const value = answer.headers.get('retry-after');
  if (value === null) return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return Math.max(0, (Date.parse(value) - nowOf(answer)) / 1000);
}

let answered = 0;
for (let attempt = 1; answered < CALLS; attempt += 1) {
  if (attempt > 50) throw new Error('50 attempts without 5 answers: giving up');
  const answer = await fetch(`${base}/pets?limit=1`, {
    headers: { 'X-API-Key': key },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await answer.arrayBuffer();
  if (answer.ok) {
    answered += 1;
    // Pacing: with nothing left in the window, wait for its end (when that is a sane wait).
    if (answer.headers.get('x-ratelimit-remaining') === '0' && answered < CALLS) {
      const wait = Number(answer.headers.get('x-ratelimit-reset')) - nowOf(answer) / 1000;
      if (wait > 0 && wait <= LONGEST_WAIT_SECONDS) await sleep(wait + 0.05);
    }
    continue;
  }
  if ((answer.status === 429 || answer.status === 403) && answer.headers.has('retry-after')) {
    const wait = retryAfterSeconds(answer);
    if (wait > LONGEST_WAIT_SECONDS) {
      console.error(`The API refused with ${answer.status} and asks to wait ${Math.round(wait)} s: giving up.`);
      process.exit(1);
    }
    await sleep(wait + 0.05);
    continue;
  }
  console.error(`Unexpected answer ${answer.status}.`);
  process.exit(1);
}
console.log(`${answered} calls answered.`);
