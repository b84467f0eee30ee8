// A client built on undici 7's RetryAgent (https://undici.nodejs.org/#/docs/api/RetryAgent), with
// its documented defaults: up to 5 retries of reads on 429 and 5xx and on broken connections, each
// waiting what Retry-After says (seconds or an HTTP-date, read against the client's own clock),
// at most maxTimeout (30 s), else backing off from 0.5 s, doubling; creates (POST) and 403s are
// not retried. Its agent times out a head or a body that stalls for 10 s. Five calls (three at a
// time where PETSTORE_SDK_CHECK_CASE asks for requests in flight), and a create where it asks for
// one. Run it as:
//   petstore-mock sdk-check -- node examples/sdk-clients/undici-retry.mjs
import { Agent, RetryAgent, request } from 'undici';

const dispatcher = new RetryAgent(new Agent({ headersTimeout: 10_000, bodyTimeout: 10_000 }));
const base = process.env.PETSTORE_BASE_URL;
const headers = { 'X-API-Key': process.env.PETSTORE_API_KEY };
const IN_FLIGHT = process.env.PETSTORE_SDK_CHECK_CASE === 'in-flight' ? 3 : 1;

/** One call; a refusal RetryAgent does not retry, or gives up on, is thrown with its status. */
async function call(path, init = {}) {
  const { statusCode, body } = await request(`${base}${path}`, {
    ...init,
    headers: { ...headers, ...init.headers },
    dispatcher,
  });
  const text = await body.text();
  if (statusCode >= 400) throw new Error(`The API refused: ${statusCode}.`);
  return JSON.parse(text);
}

try {
  if (process.env.PETSTORE_SDK_CHECK_CASE === 'fault-create-reset') {
    const pet = await call('/pets', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    });
    console.log(`Created pet ${pet.id}.`);
  }
  for (let answered = 0; answered < 5; answered += IN_FLIGHT) {
    await Promise.all(Array.from({ length: IN_FLIGHT }, () => call('/pets?limit=1')));
  }
  console.log('5 calls answered.');
} catch (error) {
  console.error(error.statusCode ? `The API refused: ${error.statusCode}.` : String(error));
  process.exit(1);
}
