// A naive client: five calls, and on any refusal it tries again at once (at most 30 attempts).
// sdk-check should fail it on every case with a wait.
const base = process.env.PETSTORE_BASE_URL;
const key = process.env.PETSTORE_API_KEY;
let answered = 0;
for (let attempt = 1; answered < 5 && attempt <= 30; attempt += 1) {
  const answer = await fetch(`${base}/pets?limit=1`, { headers: { 'X-API-Key': key } });
  await answer.arrayBuffer();
  if (answer.ok) answered += 1;
}
console.log(`${answered} calls answered.`);
process.exit(answered === 5 ? 0 : 1);
