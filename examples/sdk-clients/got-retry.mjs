// A client built on got 14 (https://github.com/sindresorhus/got), configured as its documentation
// advises for rate-limited APIs: up to 5 retries, which wait what Retry-After says (seconds or an
// HTTP-date, read against the client's own clock) where it gives one, and back off exponentially
// (1 s, then doubling) where none is given or the connection broke; a Retry-After longer than
// maxRetryAfter is not waited for but surfaced; a timeout of 10 s for the whole request, body
// included. got retries neither a 403 nor a create (POST). Five calls (three at a time where
// PETSTORE_SDK_CHECK_CASE asks for requests in flight), and a create where it asks for one. Run it as:
//   petstore-mock sdk-check -- node examples/sdk-clients/got-retry.mjs
import got from 'got';

const api = got.extend({
  prefixUrl: process.env.PETSTORE_BASE_URL,
  headers: { 'X-API-Key': process.env.PETSTORE_API_KEY },
  timeout: { request: 10_000 },
  retry: { limit: 5, maxRetryAfter: 60_000 },
});
const IN_FLIGHT = process.env.PETSTORE_SDK_CHECK_CASE === 'in-flight' ? 3 : 1;

try {
  if (process.env.PETSTORE_SDK_CHECK_CASE === 'fault-create-reset') {
    const pet = await api.post('pets', { json: { name: 'Rex', categoryId: 1 } }).json();
    console.log(`Created pet ${pet.id}.`);
  }
  for (let answered = 0; answered < 5; answered += IN_FLIGHT) {
    await Promise.all(Array.from({ length: IN_FLIGHT }, () => api.get('pets', { searchParams: { limit: 1 } }).json()));
  }
  console.log('5 calls answered.');
} catch (error) {
  console.error(error.response ? `The API refused: ${error.response.statusCode}.` : String(error));
  process.exit(1);
}
