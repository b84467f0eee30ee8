import autocannon from 'autocannon';

const url = process.argv[2];
const r = await autocannon({ url, connections: 50, duration: 5, headers: { 'X-API-Key': 'bench-unlimited' } });
console.log(url, Math.round(r.requests.average), 'req/s p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx);
