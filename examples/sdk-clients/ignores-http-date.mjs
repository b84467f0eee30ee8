// A client that honours Retry-After in seconds but not as an HTTP-date, which it reads as 1 s
// (a common bug: parseInt of a date). It times its reads out and retries faults with growing
// waits, so sdk-check fails it on limit-http-date only (in clock-behind, where the date reads as
// past, its second is a minimum wait, which passes).
const base = process.env.PETSTORE_BASE_URL;
const key = process.env.PETSTORE_API_KEY;
const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
let answered = 0;
let backoff = 1;
for (let attempt = 1; answered < 5; attempt += 1) {
  if (attempt > 30) process.exit(1);
  let answer;
  try {
    answer = await fetch(`${base}/pets?limit=1`, { headers: { 'X-API-Key': key }, signal: AbortSignal.timeout(5_000) });
    await answer.arrayBuffer();
  } catch {
    await sleep(backoff);
    backoff *= 2;
    continue;
  }
  if (answer.ok) {
    answered += 1;
    continue;
  }
  const retryAfter = answer.headers.get('retry-after');
  // Without Retry-After it waits until X-RateLimit-Reset, by the answer's Date, as it should.
  const untilReset = Number(answer.headers.get('x-ratelimit-reset')) - Date.parse(answer.headers.get('date')) / 1000;
  const wait = retryAfter === null ? Math.ceil(untilReset) : Number.parseInt(retryAfter, 10);
  const seconds = Number.isNaN(wait) ? 1 : wait;
  if (seconds > 60) {
    console.error(`Asked to wait ${seconds} s: giving up.`);
    process.exit(1);
  }
  await sleep(seconds + 0.05);
}
console.log(`${answered} calls answered.`);
