// A client that reads again after a broken read, 0.6 s later: spent idle on a timer where
// RETRY_PAUSE is "sleep" (a wait), spent computing where it is "spin" (a retry at once whose
// client a busy machine slows to 0.6 s: the CPU it gets is the CPU it burns). Five reads.
const base = process.env.PETSTORE_BASE_URL;
const key = process.env.PETSTORE_API_KEY;
const PAUSE_MS = 600;

const pause = () => {
  if (process.env.RETRY_PAUSE === 'sleep') return new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  const end = Date.now() + PAUSE_MS;
  while (Date.now() < end);
  return Promise.resolve();
};

async function read() {
  for (let attempt = 1; attempt <= 6; attempt += 1) {
    try {
      const answer = await fetch(`${base}/pets?limit=1`, {
        headers: { 'X-API-Key': key },
        signal: AbortSignal.timeout(10_000),
      });
      const body = await answer.text();
      if (answer.ok) return JSON.parse(body);
    } catch {
      // Read again below.
    }
    await pause();
  }
  throw new Error('6 attempts failed.');
}

for (let calls = 0; calls < 5; calls += 1) await read();
console.log('5 calls answered.');
