// A client that gives each call TIMEOUT_MS and, on a timeout, gives up and ends (exit code 1)
// without sending again: five reads, one after another.
const base = process.env.PETSTORE_BASE_URL;
const key = process.env.PETSTORE_API_KEY;
const timeoutMs = Number(process.env.TIMEOUT_MS);

for (let call = 0; call < 5; call += 1) {
  const answer = await fetch(`${base}/pets?limit=1`, {
    headers: { 'X-API-Key': key },
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((error) => {
    console.error(`Gave up: ${error.message}`);
    process.exit(1);
  });
  await answer.json();
}
