// Rate-limit behaviour: the headers count requests; with a key the suite may exhaust, its limit
// gives 429 with a Retry-After that agrees with X-RateLimit-Reset, and, if asked, the ban the
// contract describes follows, with a Retry-After of the ban's length. Each check reaches the
// state it needs by itself, whatever else the run selected.
import { check, kindOfChecks, skippedCheck } from '../support/checks.js';
import { expectConforms, rateLimitHeaderProblems } from '../support/conformance.js';
import { SPEC } from '../support/contract-spec.js';
import { errorCodeOf } from '../support/error-shapes.js';
import type { Exchange } from '../support/exchange.js';
import { madeKey, rateLimitKey, type SentKey } from '../support/keys.js';
import {
  type AnsweredByDay,
  countAnswer,
  driveTellingOtherTraffic,
  driveToLimit,
  limitHeaderProblems,
  limitKeyAnswered,
  limitKeySeen,
  OtherTraffic,
  probe,
  utcDay,
} from '../support/limit-drive.js';
import { COUNTS_REQUESTS, LIMIT_HEADERS_SHOWN, LIMIT_NAME, limitSaid, limitValue } from '../support/limit-window.js';
import { foundProbe, NO_PROBE_REASON, probeOperation } from '../support/probe-operation.js';
import { CheckSkipped, type Exhaustion } from '../support/scheduler.js';
import { contractTarget } from '../support/target.js';
import { clockNote, retryAfterFormProblems, retryAfterSeconds, targetNow } from '../support/target-clock.js';
import { ContractViolation, requireNoProblems } from '../support/violation.js';
import { afterSeconds, afterWindowEnds, inNextDay } from '../support/window-end.js';

type BanPolicy = { threshold: number; seconds: number; status: number; code: string };
const BAN = SPEC['x-rate-limits']?.ban as BanPolicy | undefined;
/** Why the ban's checks do not run on a contract that states none. */
const NO_BAN = 'the contract states no ban (x-rate-limits.ban), so none is held against it';

/** A 429's Retry-After (either form) must end the wait when the window X-RateLimit-Reset names ends. */
function retryAfterAgreesWithReset(exchange: Exchange): string[] {
  const wait = retryAfterSeconds(exchange);
  const reset = limitValue(exchange, 'reset');
  if (wait === undefined || !Number.isInteger(reset)) return [];
  const now = targetNow(exchange);
  const untilReset = reset - Math.floor(now.ms / 1000);
  // Date is whole seconds, and the answer was made within the second it names.
  if (Math.abs(wait - untilReset) <= 1) return [];
  return [
    `Retry-After "${exchange.headers['retry-after']}" (${wait} s) does not agree with ${LIMIT_NAME.reset} ${reset}, ${untilReset} s after the answer's Date${clockNote(now)}`,
  ];
}

type Limits = { perMinute: number; perDay: number };

/**
 * After refused requests and the end of the window or ban that refused them: the key has room for
 * exactly its limits less its answered requests of the day, shown for the window with fewer left.
 */
function requireRoomLeft(next: Exchange, limits: Limits, answered: AnsweredByDay, refused: string): void {
  const answeredToday = (answered.get(utcDay(next)) ?? 0) - (next.status === 200 ? 1 : 0);
  const counted = `${answeredToday} answered today, ${refused} that count toward nothing`;
  const dayLeft = limits.perDay - answeredToday - 1;
  if (dayLeft < 0) {
    // The answered requests alone used up the day (a minute ended during the drive): its 429 is all to see.
    expectConforms(probeOperation(), next, {
      statuses: [429],
      description: `a 429: the day (${limits.perDay}) used up by ${counted}`,
    });
    return;
  }
  const minuteLeft = limits.perMinute - 1;
  const [limit, remaining] = dayLeft < minuteLeft ? [limits.perDay, dayLeft] : [limits.perMinute, minuteLeft];
  if (next.status !== 200) {
    throw new ContractViolation(next, `200: the day (${limits.perDay}) has room after ${counted}`, [
      `status ${next.status}: the refused requests were counted toward the day`,
    ]);
  }
  requireNoProblems(
    next,
    `${LIMIT_NAME.limit} ${limit} and ${LIMIT_NAME.remaining} ${remaining}: ${counted}`,
    limitHeaderProblems(next, limit, remaining, (said) => (said < remaining ? ': refused requests were counted' : '')),
  );
}

/**
 * The check below, from the start of a day of the key's clock: the earlier checks that drove the
 * key used some of its day, and on a slow machine a minute ends between them and this one; a
 * second drive would then use up the day with answered requests alone, and the 429 that follows
 * could not tell refused requests counted from not.
 */
const refusedCountTowardNothing = (key: SentKey, limits: Limits, maxRequests: number) =>
  inNextDay(key.scope, () => refusedCountInOneDay(key, limits, maxRequests));

/** A made key (its minute 12, its day 16) driven to its 429 and a few more, then its minute ended. */
async function refusedCountInOneDay(key: SentKey, limits: Limits, maxRequests: number) {
  let limited = await driveToLimit(key, maxRequests);
  // Limited in the day before: the new day's first answer is a 200, then driven to this minute's limit.
  if (limited.status === 200) limited = await driveToLimit(key, maxRequests);
  expectConforms(probeOperation(), limited, { statuses: [429], description: 'a 429 once the minute is used up' });
  // A few more refused, well short of the ban.
  const more = Math.max(0, Math.min(3, (BAN?.threshold ?? 10) - limitKeySeen.whileLimited - 2));
  for (let sent = 0; sent < more; sent += 1) await probe(key);
  const refused = limitKeySeen.whileLimited + 1;
  const next = await afterWindowEnds(limited, () => probe(key));
  if (limitValue(next, 'reset') === limitValue(limited, 'reset')) {
    throw new Error(`The minute did not end: ${LIMIT_NAME.reset} is still ${limitValue(next, 'reset')}.`);
  }
  requireRoomLeft(next, limits, limitKeyAnswered, `${refused} refused (429)`);
}

/**
 * The check below, from the start of a day of the key's clock: the drive to the ban then ends within
 * the minute it starts in, and the ban's wait within the day. Where a minute ended during the
 * drive, its answered requests alone would use up the day (3 + 2 of 5), and the 429 that follows
 * could not tell refused requests counted from not.
 */
const bannedCountTowardNothing = (made: Limits & { key: string }, ban: BanPolicy) =>
  inNextDay(madeKey(made.key).scope, () => bannedCountInOneDay(made, ban));

/**
 * A made key (its minute 3, its day 5) driven into the ban and sent a few more requests while
 * banned, then the ban waited out on the mock's clock.
 */
async function bannedCountInOneDay(made: Limits & { key: string }, ban: BanPolicy) {
  const key = madeKey(made.key);
  const answered: AnsweredByDay = new Map();
  let refused = 0;
  let last: Exchange | undefined;
  // Bounded: the whole day's requests (a minute may end meanwhile) and the threshold twice over.
  for (let sent = 0; sent < made.perDay + 2 * (ban.threshold + 1) && last?.status !== ban.status; sent += 1) {
    last = await probe(key);
    countAnswer(answered, last);
    if (last.status !== 200) refused += 1;
  }
  const banned = last as Exchange;
  expectConforms(probeOperation(), banned, {
    statuses: [ban.status],
    description: `the ban (${ban.code}) of a key sent on while limited`,
  });
  for (let sent = 0; sent < 3; sent += 1) {
    await probe(key);
    refused += 1;
  }
  const next = await afterSeconds(key.scope, (retryAfterSeconds(banned) ?? ban.seconds) + 1, () => probe(key));
  countAnswer(answered, next);
  requireRoomLeft(next, made, answered, `${refused} refused (429 and ${ban.status})`);
}

kindOfChecks('rate-limits', 'rate limits', () => {
  // Without headers that count, the contract promises at most its 429 (limit-refusal.ts).
  if (!COUNTS_REQUESTS) return;
  if (!foundProbe()) {
    skippedCheck('rate limits: requests counted by the limit headers', NO_PROBE_REASON);
    return;
  }
  const name = (rule: string) => `${probeOperation().operationId}: ${rule}`;
  const target = contractTarget();
  const limitKey = rateLimitKey();
  const maxRequests = target.maxRateLimitRequests ?? 2_000;

  check(
    probeOperation().operationId,
    name(`${LIMIT_NAME.remaining} falls as requests are made, within one window`),
    async () => {
      const answers: Exchange[] = [];
      for (let sent = 0; sent < 4; sent += 1) answers.push(await probe());
      for (const exchange of answers)
        requireNoProblems(
          exchange,
          `well-formed ${LIMIT_HEADERS_SHOWN} headers`,
          rateLimitHeaderProblems(exchange, probeOperation()),
        );
      for (let index = 1; index < answers.length; index += 1) {
        const [before, after] = [answers[index - 1] as Exchange, answers[index] as Exchange];
        const sameWindow =
          limitValue(before, 'reset') === limitValue(after, 'reset') &&
          limitSaid(before, 'limit') === limitSaid(after, 'limit');
        if (
          sameWindow &&
          limitValue(after, 'remaining') >= limitValue(before, 'remaining') &&
          limitValue(before, 'remaining') > 0
        ) {
          throw new ContractViolation(
            after,
            `${LIMIT_NAME.remaining} below ${limitValue(before, 'remaining')} after one more request`,
            [`${LIMIT_NAME.remaining} is ${limitValue(after, 'remaining')}`],
          );
        }
      }
    },
  );

  const limitRule = name(
    `${LIMIT_NAME.remaining} counts down by one per request to the limit, then 429 with a Retry-After that agrees with ${LIMIT_NAME.reset}`,
  );
  const banRule = name(
    `${BAN?.threshold ?? 10} requests while limited lead to the ban (${BAN?.status ?? 403} ${BAN?.code ?? 'API_KEY_BANNED'}) with a Retry-After of its length`,
  );
  const refusedRule = name(
    'refused answers (429) count toward no window: once the minute ends, the day has room for all but the answered requests',
  );
  const needsMadeKey = 'needs a key of known limits, which the run makes on a petstore-mock whose control API answers';
  const bannedRule = name(
    `answers refused while limited and banned (429, ${BAN?.status ?? 403}) count toward no window: once the ban ends, the day has room for all but the answered requests`,
  );
  const banKey = target.madeBanKey;
  const drives = (key: SentKey, level: Exhaustion) => ({ uses: [key], exhausts: { key, level } });
  if (banKey && BAN)
    check(probeOperation().operationId, bannedRule, () => bannedCountTowardNothing(banKey, BAN), {
      ...drives(madeKey(banKey.key), 'ban'),
      estimate: () => banKey.perDay + 2 * BAN.threshold + 6,
    });
  else skippedCheck(bannedRule, BAN ? `${needsMadeKey}, and whose clock the run moves past the ban` : NO_BAN);
  if (!limitKey) {
    skippedCheck(limitRule, 'needs --rate-limit-key');
    skippedCheck(refusedRule, needsMadeKey);
    skippedCheck(banRule, BAN ? 'needs --rate-limit-key and --check-ban' : NO_BAN);
    return;
  }

  const limitEstimate = () => (target.madeRateLimitKey?.perMinute ?? 60) + 3;
  check(
    probeOperation().operationId,
    limitRule,
    async () => {
      const refused = await driveTellingOtherTraffic(limitKey, maxRequests);
      if (refused.status === 403) {
        throw new CheckSkipped(
          `${limitKey.shownAs} is banned already (403, Retry-After ${refused.headers['retry-after'] ?? 'not given'}), by an earlier run or another client: run again once the ban is over, or give another --rate-limit-key`,
        );
      }
      expectConforms(probeOperation(), refused, { statuses: [429], description: 'a 429 once the limit is reached' });
      requireNoProblems(refused, 'a Retry-After that ends when the exceeded window does', [
        ...retryAfterFormProblems(refused),
        ...retryAfterAgreesWithReset(refused),
      ]);
    },
    { ...drives(limitKey, 'minute'), estimate: limitEstimate },
  );

  const made = target.madeRateLimitKey;
  if (made)
    check(probeOperation().operationId, refusedRule, () => refusedCountTowardNothing(limitKey, made, maxRequests), {
      ...drives(limitKey, 'minute'),
      estimate: () => made.perMinute + 6,
    });
  else
    skippedCheck(
      refusedRule,
      target.mockControlOrigin
        ? 'needs a key the run makes: leave out --rate-limit-key to let it make one'
        : needsMadeKey,
    );

  // A key the run made may be banned without asking: it is deleted when the run ends.
  if ((!target.checkBan && !made) || !BAN) {
    skippedCheck(banRule, BAN ? 'needs --check-ban' : NO_BAN);
    return;
  }
  check(
    probeOperation().operationId,
    banRule,
    async () => {
      let last = await driveToLimit(limitKey, maxRequests).catch((error: unknown) => {
        if (error instanceof OtherTraffic)
          throw new CheckSkipped(`another client used ${limitKey.shownAs} during the check (${error.seen})`);
        throw error;
      });
      // Bounded: the threshold and one more while limited, and one more drive should a window end meanwhile.
      for (let sent = 0; last.status !== BAN.status && sent < 2 * (BAN.threshold + 2); sent += 1) {
        last = last.status === 429 ? await probe(limitKey) : await driveToLimit(limitKey, maxRequests);
        if (last.status === 429 && limitKeySeen.whileLimited > BAN.threshold + 1) break;
      }
      expectConforms(probeOperation(), last, { statuses: [BAN.status], description: `the ban (${BAN.code})` });
      const problems = [...retryAfterFormProblems(last)];
      const said = errorCodeOf(probeOperation(), last, BAN.code);
      if (said.judged && said.code !== BAN.code) problems.push(`Error.code is ${said.code}, expected ${BAN.code}`);
      // Judged only when the suite saw the key become limited; the contract's count read either
      // way: the threshold-th request while limited is refused with the ban, or the next one.
      const startedBan = limitKeySeen.sawItStart && limitKeySeen.whileLimited <= BAN.threshold + 1;
      if (limitKeySeen.sawItStart && limitKeySeen.whileLimited < BAN.threshold) {
        problems.push(
          `banned after ${limitKeySeen.whileLimited} requests while limited, before the ${BAN.threshold} of the contract`,
        );
      }
      const wait = retryAfterSeconds(last);
      // Only the answer that started the ban tells its whole length.
      if (startedBan && wait !== undefined && Math.abs(wait - BAN.seconds) > 2) {
        problems.push(
          `Retry-After is ${wait} s on the answer that started the ban, expected its length of ${BAN.seconds} s (x-rate-limits.ban.seconds)${clockNote(targetNow(last))}`,
        );
      }
      requireNoProblems(last, `${BAN.code} with a Retry-After of ${BAN.seconds} s`, problems);
    },
    { ...drives(limitKey, 'ban'), estimate: () => 2 * BAN.threshold + 4 },
  );
});
