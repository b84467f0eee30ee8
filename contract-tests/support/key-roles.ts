// Which key each variable of the reports stands for, said once as the run starts: curl lines show
// a key as the variable of its role ($PETSTORE_API_KEY, $PETSTORE_PLAN_KEY_FREE, …), so a person
// needs to know what to set each to. A key's value is shown only when the run read it from a
// petstore-mock's open state, never a key it was given; one key given in several roles is said
// to be one, with the order its checks keep. Keys the run made are shown as they are anyway.
import { API_KEY_VARIABLE, DAY_LIMIT_KEY_VARIABLE, planKeyVariables, RATE_LIMIT_KEY_VARIABLE } from './keys.js';
import type { ContractTarget, SuiteConfig } from './target.js';

type Role = { variable: string; value: string; usesUp: boolean };

function rolesOf(config: SuiteConfig): Role[] {
  const roles: Role[] = [{ variable: API_KEY_VARIABLE, value: config.apiKey, usesUp: false }];
  if (config.rateLimitKey) roles.push({ variable: RATE_LIMIT_KEY_VARIABLE, value: config.rateLimitKey, usesUp: true });
  if (config.dayLimitKey) roles.push({ variable: DAY_LIMIT_KEY_VARIABLE, value: config.dayLimitKey, usesUp: true });
  const planKeys = config.planKeys ?? [];
  const variables = planKeyVariables(planKeys.map(({ plan }) => plan));
  planKeys.forEach(({ key }, index) => {
    roles.push({ variable: variables[index] as string, value: key, usesUp: false });
  });
  return roles.filter((role) => !config.madeKeys?.includes(role.value));
}

/** The options a key was given with, as a person names them; none for a key read from a petstore-mock. */
function givenAs(value: string, given: ContractTarget): string[] {
  return [
    ...(given.apiKey === value ? ['--api-key'] : []),
    ...(given.rateLimitKey === value ? ['--rate-limit-key'] : []),
    ...(given.dayLimitKey === value ? ['--day-limit-key'] : []),
    ...(given.planKeys ?? []).filter(({ key }) => key === value).map(({ plan }) => `--plan-key ${plan}=…`),
  ];
}

const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** One line per key the reports name by a variable: what to set the variable to, and its roles. */
export function describeKeys(config: SuiteConfig, given: ContractTarget = config): string[] {
  const byValue = new Map<string, Role[]>();
  for (const role of rolesOf(config)) byValue.set(role.value, [...(byValue.get(role.value) ?? []), role]);
  const lines: string[] = [];
  for (const [value, roles] of byValue) {
    const variables = roles.map((role) => `$${role.variable}`);
    // A key read from the mock's open state is shown; a key given to the run never is.
    const options = givenAs(value, given);
    const name = options.length === 0 ? value : undefined;
    const what = name === undefined ? `the key of ${listed(options)}` : `${name}, read from the mock's state`;
    const subject = roles.length > 1 ? `${listed(variables)} are one key, ${what}` : `${variables[0]} is ${what}`;
    const order =
      roles.length > 1 && roles.some((role) => role.usesUp)
        ? ': the checks that need its room run first, those that use it up (its limit, its day, a ban) after them'
        : '';
    if (roles.length > 1 || name !== undefined) lines.push(`  ${subject}${order}.`);
  }
  return lines.length > 0 ? ['Keys (each failure’s curl line names a key by its variable):', ...lines] : [];
}
