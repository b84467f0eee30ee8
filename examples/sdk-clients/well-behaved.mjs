// A client that does what the contract asks of it: five calls (three at a time where
// PETSTORE_SDK_CHECK_CASE asks for requests in flight), each answered or waited for as
// Retry-After says (delta-seconds, or an HTTP-date measured from the answer's own Date, so that a
// server whose clock stands elsewhere is waited for correctly; without Retry-After, until the
// window's reset its limit headers name), the same for a 503; a broken connection, an answer cut
// short and a stalled one (its timeout) are retried with growing waits; pacing itself when the
// requests left in the window reach 0, and giving up, with the error, when asked to wait longer
// than it will. Where PETSTORE_SDK_CHECK_CASE asks for a create, it creates a record, and after a
// lost answer reads before creating again.
//
// The key goes where PETSTORE_API_KEY_IN and PETSTORE_API_KEY_NAME say (a header, the query, a
// cookie, or Authorization with its scheme word), and the limit headers are read in the forms
// real APIs send: X-RateLimit-* (GitHub's and the Pet Store's, Reset the Unix second), the IETF
// RateLimit-* fields and `RateLimit: limit=…, remaining=…, reset=…` (seconds from the answer).
// Its workload is the Pet Store's unless given (any API's own operations):
//   petstore-mock sdk-check -- node examples/sdk-clients/well-behaved.mjs
//   petstore-mock sdk-check --contract museum.yaml -- node examples/sdk-clients/well-behaved.mjs \
//     --read '/special-events?limit=1' --create /special-events \
//     --body '{"name":"Gala {marker}","location":"Hall A","eventDescription":"A night","dates":["2026-12-24"],"price":20}' \
//     --find '/special-events?limit=30'
// ({marker} is a text of this run's own: after a lost create, a record of the --find answer that
// holds it is the one the create stored).
import { parseArgs } from 'node:util';

const { values: workload } = parseArgs({
  options: {
    read: { type: 'string', default: '/pets?limit=1' },
    create: { type: 'string', default: '/pets' },
    body: { type: 'string', default: '{"name":"Rex-{marker}","categoryId":1}' },
    find: { type: 'string', default: '/pets?name=Rex-{marker}' },
  },
});
const base = process.env.PETSTORE_BASE_URL;
const key = process.env.PETSTORE_API_KEY;
const KEY_IN = process.env.PETSTORE_API_KEY_IN ?? 'header';
const KEY_NAME = process.env.PETSTORE_API_KEY_NAME ?? 'X-API-Key';
const CALLS = Number(process.env.CALLS ?? 5);
const IN_FLIGHT = process.env.PETSTORE_SDK_CHECK_CASE === 'in-flight' ? 3 : 1;
const CREATES = process.env.PETSTORE_SDK_CHECK_CASE === 'fault-create-reset';
const MARKER = String(process.pid);
const LONGEST_WAIT_SECONDS = 60;
const TIMEOUT_MS = 5_000;
/** The first wait after a broken connection, or a refusal that names no wait; each next one doubles. */
const FIRST_BACKOFF_SECONDS = 1;

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
/** The answer's own "now" (RFC 9110 section 6.6.1), in milliseconds. */
const nowOf = (answer) => Date.parse(answer.headers.get('date') ?? '') || Date.now();
/** A parameter of the IETF RateLimit field: draft 07's `remaining=0`, or the structured `r=0`. */
const rateLimitParameter = (answer, ...names) =>
  new RegExp(`(?:^|[\\s,;])(?:${names.join('|')})=(\\d+)`).exec(answer.headers.get('ratelimit') ?? '')?.[1];

/** The requests left in the window, if the answer says. */
function remainingOf(answer) {
  const value =
    answer.headers.get('x-ratelimit-remaining') ??
    answer.headers.get('ratelimit-remaining') ??
    rateLimitParameter(answer, 'remaining', 'r');
  return value === null || value === undefined ? undefined : Number(value);
}

/** Seconds until the window resets, by the answer's own clock, if the answer says. */
function untilReset(answer) {
  const named = answer.headers.get('x-ratelimit-reset') ?? answer.headers.get('ratelimit-reset');
  if (named !== null) {
    // A Unix second (GitHub's X-RateLimit-Reset, Lob's ratelimit-reset), or seconds from now (the IETF's).
    const value = Number(named);
    return value > 1_000_000_000 ? value - nowOf(answer) / 1000 : value;
  }
  const after = rateLimitParameter(answer, 'reset', 't');
  return after === undefined ? undefined : Number(after);
}

/** Seconds a refusal asks for: Retry-After (delta-seconds or HTTP-date less Date), else the reset, else none said. */
function waitOf(answer) {
  const value = answer.headers.get('retry-after');
  if (value === null) {
    const reset = untilReset(answer);
    return reset === undefined ? undefined : Math.max(0, reset);
  }
  if (/^\d+$/.test(value)) return Number(value);
  return Math.max(0, (Date.parse(value) - nowOf(answer)) / 1000);
}

/** The URL and headers of a request to `path`, the key where the API takes it. */
function withKey(path, headers = {}) {
  const url = new URL(`${base}${path}`);
  if (KEY_IN === 'query') url.searchParams.set(KEY_NAME, key);
  if (KEY_IN === 'header') return { url, headers: { [KEY_NAME]: key, ...headers } };
  if (KEY_IN === 'cookie') return { url, headers: { Cookie: `${KEY_NAME}=${encodeURIComponent(key)}`, ...headers } };
  if (KEY_IN === 'authorization') {
    const token = KEY_NAME.toLowerCase() === 'basic' ? Buffer.from(`${key}:`).toString('base64') : key;
    return { url, headers: { Authorization: `${KEY_NAME} ${token}`, ...headers } };
  }
  return { url, headers };
}

class GiveUp extends Error {}

/** One exchange, its body read whole within the timeout; a network fault throws. */
async function send(path, init = {}) {
  const { url, headers } = withKey(path, init.headers);
  const answer = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
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
    let wait = waitOf(answer);
    if (wait === undefined) {
      wait = backoff;
      backoff *= 2;
    }
    if (wait > LONGEST_WAIT_SECONDS)
      throw new GiveUp(`The API refused with ${answer.status} and asks to wait ${Math.round(wait)} s: giving up.`);
    await sleep(wait + 0.05);
  }
  throw new GiveUp('20 attempts without an answer: giving up.');
}

/** A create whose answer is lost may have been stored: read before creating again. */
async function create() {
  const body = workload.body.replaceAll('{marker}', MARKER);
  const find = workload.find.replaceAll('{marker}', MARKER);
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      const init = { method: 'POST', body, headers: { 'Content-Type': 'application/json' } };
      return JSON.parse((await call(workload.create, init, { retryFaults: false })).body);
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      const found = await call(find);
      if (found.body.includes(MARKER)) return JSON.parse(found.body);
    }
  }
  throw new GiveUp('The create kept failing: giving up.');
}

try {
  if (CREATES) console.log(`Created: ${JSON.stringify(await create()).slice(0, 200)}`);
  for (let answered = 0; answered < CALLS; answered += IN_FLIGHT) {
    const exchanges = await Promise.all(Array.from({ length: IN_FLIGHT }, () => call(workload.read)));
    const last = exchanges.at(-1).answer;
    // Pacing: with nothing left in the window, wait for its end (when that is a sane wait).
    if (remainingOf(last) === 0 && answered + IN_FLIGHT < CALLS) {
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
