// A naive client: five calls, and on any refusal it tries again at once (at most 30 attempts).
// sdk-check should fail it on every case with a wait. Its read is the Pet Store's, or the path
// given (node naive-loop.mjs '/stations?limit=1'); its key goes where PETSTORE_API_KEY_IN and
// PETSTORE_API_KEY_NAME say, as the API's contract takes it.
const base = process.env.PETSTORE_BASE_URL;
const key = process.env.PETSTORE_API_KEY;
const where = process.env.PETSTORE_API_KEY_IN ?? 'header';
const name = process.env.PETSTORE_API_KEY_NAME ?? 'X-API-Key';
const url = new URL(`${base}${process.argv[2] ?? '/pets?limit=1'}`);
if (where === 'query') url.searchParams.set(name, key);
const headers =
  where === 'header'
    ? { [name]: key }
    : where === 'cookie'
      ? { Cookie: `${name}=${key}` }
      : where === 'authorization'
        ? { Authorization: `${name} ${name === 'Basic' ? Buffer.from(`${key}:`).toString('base64') : key}` }
        : {};
let answered = 0;
for (let attempt = 1; answered < 5 && attempt <= 30; attempt += 1) {
  const answer = await fetch(url, { headers });
  await answer.arrayBuffer();
  if (answer.ok) answered += 1;
}
console.log(`${answered} calls answered.`);
process.exit(answered === 5 ? 0 : 1);
