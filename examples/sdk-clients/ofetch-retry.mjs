// A client built on ofetch 1.5 (https://github.com/unjs/ofetch), configured as its README shows:
// `retry: 3, retryDelay: 500`. ofetch retries a refusal (429, 503, …) or a broken connection 0.5 s
// later, whatever Retry-After says (it never reads it), and a create too, since the retry count is
// set; it does not retry a 403, nor an answer whose body broke after its head; its timeout ends
// when the head has come, and counts from the first attempt, covering its retries
// (https://github.com/unjs/ofetch/pull/621). Five calls (three at a time where
// PETSTORE_SDK_CHECK_CASE asks for requests in flight), and a create where it asks for one. Run it as:
//   petstore-mock sdk-check -- node examples/sdk-clients/ofetch-retry.mjs
import { ofetch } from 'ofetch';

const api = ofetch.create({
  baseURL: process.env.PETSTORE_BASE_URL,
  headers: { 'X-API-Key': process.env.PETSTORE_API_KEY },
  retry: 3,
  retryDelay: 500,
  timeout: 10_000,
});
const IN_FLIGHT = process.env.PETSTORE_SDK_CHECK_CASE === 'in-flight' ? 3 : 1;

try {
  if (process.env.PETSTORE_SDK_CHECK_CASE === 'fault-create-reset') {
    const pet = await api('/pets', { method: 'POST', body: { name: 'Rex', categoryId: 1 } });
    console.log(`Created pet ${pet.id}.`);
  }
  for (let answered = 0; answered < 5; answered += IN_FLIGHT) {
    await Promise.all(Array.from({ length: IN_FLIGHT }, () => api('/pets', { query: { limit: 1 } })));
  }
  console.log('5 calls answered.');
} catch (error) {
  console.error(error.statusCode ? `The API refused: ${error.statusCode}.` : String(error));
  process.exit(1);
}
