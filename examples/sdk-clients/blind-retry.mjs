// A client that wraps every call in "retry at once on any failure", creates included: the wrapper
// many SDKs start with. Where PETSTORE_SDK_CHECK_CASE asks for a create it creates a pet, and a
// create whose connection was reset is sent again blindly: sdk-check shows the duplicate it makes.
const base = process.env.PETSTORE_BASE_URL;
const key = process.env.PETSTORE_API_KEY;

/** One call, sent again at once whatever went wrong (at most 10 times). */
async function call(path, init = {}) {
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    try {
      const answer = await fetch(`${base}${path}`, { ...init, headers: { 'X-API-Key': key, ...init.headers } });
      const body = await answer.text();
      if (answer.ok) return JSON.parse(body);
    } catch {
      // Tried again at once.
    }
  }
  throw new Error(`${path}: 10 attempts failed.`);
}

if (process.env.PETSTORE_SDK_CHECK_CASE === 'fault-create-reset') {
  const pet = await call('/pets', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
  });
  console.log(`Created pet ${pet.id}.`);
}
for (let calls = 0; calls < 5; calls += 1) await call('/pets?limit=1');
console.log('5 calls answered.');
