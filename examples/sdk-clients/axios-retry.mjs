// A client built on axios with axios-retry 4.5 (https://github.com/softonic/axios-retry), configured
// as its README advises: 3 retries with `retryDelay: axiosRetry.exponentialDelay` (0.2 s, doubling,
// or what Retry-After says when it asks for longer, read against the client's own clock), on its
// default condition: a network error on any request, creates included, or a 429 or 5xx on a read;
// a timeout of 10 s (axios-retry does not retry one, nor wait past it). Five calls (three at a time where
// PETSTORE_SDK_CHECK_CASE asks for requests in flight), and a create where it asks for one. Run it as:
//   petstore-mock sdk-check -- node examples/sdk-clients/axios-retry.mjs
import axios from 'axios';
import axiosRetry from 'axios-retry';

const api = axios.create({
  baseURL: process.env.PETSTORE_BASE_URL,
  headers: { 'X-API-Key': process.env.PETSTORE_API_KEY },
  timeout: 10_000,
});
axiosRetry(api, { retries: 3, retryDelay: axiosRetry.exponentialDelay });
const IN_FLIGHT = process.env.PETSTORE_SDK_CHECK_CASE === 'in-flight' ? 3 : 1;

try {
  if (process.env.PETSTORE_SDK_CHECK_CASE === 'fault-create-reset') {
    const { data: pet } = await api.post('/pets', { name: 'Rex', categoryId: 1 });
    console.log(`Created pet ${pet.id}.`);
  }
  for (let answered = 0; answered < 5; answered += IN_FLIGHT) {
    await Promise.all(Array.from({ length: IN_FLIGHT }, () => api.get('/pets', { params: { limit: 1 } })));
  }
  console.log('5 calls answered.');
} catch (error) {
  console.error(error.response ? `The API refused: ${error.response.status}.` : String(error));
  process.exit(1);
}
