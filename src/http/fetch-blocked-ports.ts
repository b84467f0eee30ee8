// The ports the Fetch standard blocks (https://fetch.spec.whatwg.org/#port-blocking): browsers
// and Node's fetch (undici) refuse them with "bad port", while node:http, curl and undici's
// request reach them. A mock on one of them is out of reach of every client built on fetch.
const BLOCKED = [
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
];

export const FETCH_BLOCKED_PORTS: ReadonlySet<number> = new Set(BLOCKED);

export const isFetchBlockedPort = (port: number) => FETCH_BLOCKED_PORTS.has(port);

/** What a person is told of a port fetch refuses: what blocks it, and what to do. */
export function blockedPortNote(port: number, whose: string): string | undefined {
  if (!isFetchBlockedPort(port)) return undefined;
  return `${whose} port ${port} is one the Fetch standard blocks: browsers and Node's fetch refuse it ("TypeError: fetch failed", cause "bad port"), while curl and node:http reach it`;
}
