// The contract a run served, in words for its reports (the console's start, the HTML page): where
// the client sends its key (and the variables that tell it), the limit headers its answers carry,
// the forms of its Retry-After, the operations the faults cover, and which cases ran as the
// contract allows and which were skipped, with why.
import { type LimitHeaderDialect, RESET_FACTS } from '../limits/limit-header-dialect.js';
import { describeScheme } from '../openapi/operation-security.js';
import { keyPlaceEnv } from './client-credential.js';
import type { PlannedCase } from './contract-cases.js';
import type { ContractProfile } from './contract-profile.js';

/** The limit headers of a dialect, and how its reset reads. */
export function describeDialect(dialect: LimitHeaderDialect): string {
  const policy = (has: boolean) => (has ? ' with RateLimit-Policy' : '');
  switch (dialect.kind) {
    case 'fields': {
      const names = dialect.headers.map(({ name }) => name).join(', ');
      const reset = dialect.headers.find(({ fact }) => RESET_FACTS.includes(fact));
      if (!reset) return `${names} (none names when the window resets)`;
      const said = { reset: 'the Unix second the window ends', 'reset-at': 'the date-time the window ends' };
      return `${names} (${reset.name} ${said[reset.fact as keyof typeof said] ?? 'in seconds from the answer'})`;
    }
    case 'ietf-07':
      return `RateLimit: limit=…, remaining=…, reset=…${policy(dialect.policy)} (IETF draft 07; reset in seconds from the answer)`;
    case 'ietf-structured':
      return `RateLimit: "default";r=…;t=…${policy(dialect.policy)} (IETF structured fields; t in seconds from the answer)`;
    case 'none':
      return 'none: the contract declares only Retry-After';
  }
}

/** Up to five names, then how many in all. */
const some = (names: readonly string[]) =>
  names.length === 0 ? 'none' : `${names.slice(0, 5).join(', ')}${names.length > 5 ? `, … (${names.length})` : ''}`;

/** What a run read from the contract, as labelled facts. */
export function profileFacts(profile: ContractProfile): Array<[string, string]> {
  const env = Object.entries(keyPlaceEnv(profile.credential))
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
  return [
    ['contract', `${profile.title} ${profile.version} (${profile.source})`],
    ['the key', `${describeScheme(profile.credential)} (the client gets ${env} beside PETSTORE_API_KEY)`],
    [
      'limit headers',
      `${describeDialect(profile.dialect)}${profile.declaresLimitHeaders ? '' : "; the contract declares none, so the mock sends the Pet Store's"}`,
    ],
    [
      'Retry-After',
      profile.retryAfter.httpDate
        ? 'in seconds, or as an HTTP-date (RFC 9110)'
        : `in seconds only: the contract declares ${profile.retryAfter.declared}`,
    ],
    ['faults on', `its reads (${some(profile.reads)}) and its creates (${some(profile.creates)})`],
  ];
}

/** How the cases ran on it: each note of those run as it allows, with their names; then each skipped one. */
export function caseFacts(planned: readonly PlannedCase[]): Array<[string, string]> {
  const byNote = new Map<string, string[]>();
  for (const plan of planned)
    for (const note of plan.adapted) byNote.set(note, [...(byNote.get(note) ?? []), plan.case.name]);
  return [
    ...[...byNote].map(([note, names]): [string, string] => ['run as it allows', `${names.join(', ')}: ${note}`]),
    ...planned.flatMap(
      (plan): Array<[string, string]> =>
        plan.skipped ? [['skipped', `${plan.case.name}: ${plan.skipped.replace(/^skipped: /, '')}`]] : [],
    ),
  ];
}

/** The console's lines on the contract, before the cases run. */
export function describeProfile(profile: ContractProfile, planned: readonly PlannedCase[]): string[] {
  const facts = [...profileFacts(profile), ...caseFacts(planned)];
  return [`On ${facts[0]?.[1]}:`, ...facts.slice(1).map(([label, text]) => `  ${label}: ${text}`), ''];
}
