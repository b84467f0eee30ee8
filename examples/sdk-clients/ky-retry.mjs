// A client built on ky (https://github.com/sindresorhus/ky), configured as its documentation
// advises for rate-limited APIs: retries on 429 and 503 that wait what Retry-After says (ky also
// reads X-RateLimit-Reset), at most 5 times, and never longer than maxRetryAfter; a timeout of 5 s.
// Five calls (three at a time where PETSTORE_SDK_CHECK_CASE asks for requests in flight); a
// refusal ky does not retry (a 403 ban, a timeout, a body cut short) is surfaced. Run it as:
//   petstore-mock sdk-check -- node examples/sdk-clients/ky-retry.mjs
import ky, { HTTPError } from 'ky';

const api = ky.create({
  prefixUrl: process.env.PETSTORE_BASE_URL,
  headers: { 'X-API-Key': process.env.PETSTORE_API_KEY },
  timeout: 5_000,
  retry: { limit: 5, statusCodes: [408, 429, 500, 502, 503, 504], afterStatusCodes: [429, 503], maxRetryAfter: 60_000 },
});
const CALLS = Number(process.env.CALLS ?? 5);
const IN_FLIGHT = process.env.PETSTORE_SDK_CHECK_CASE === 'in-flight' ? 3 : 1;

try {
  for (let answered = 0; answered < CALLS; answered += IN_FLIGHT) {
    await Promise.all(Array.from({ length: IN_FLIGHT }, () => api.get('pets', { searchParams: { limit: 1 } }).json()));
  }
  console.log(`${CALLS} calls answered.`);
} catch (error) {
  console.error(error instanceof HTTPError ? `The API refused: ${error.response.status}.` : String(error));
  process.exit(1);
}
