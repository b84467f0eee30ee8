// The kinds of checks the suite runs, by the name `--checks` takes. Each kind is one module of
// checks/ and one block of the report.
export const CHECK_KINDS = {
  conformance: 'every operation answers a valid request as the contract declares',
  negative: 'requests without a key, with an unknown key, with a malformed body or id are refused',
  generated: 'requests generated from the schemas: the valid accepted, those just past a bound refused',
  values: 'defaults and formats applied, what was written read back',
  lists: 'filters and pages on data the suite made, by the semantics the contract gives them',
  rules: "the business rules of the contract's decisions, as sequences read back after each step",
  stateful: 'creates read back, updates stick, deletes delete',
  'rate-limits':
    "the contract's rate-limit headers counting (X-RateLimit-*, the IETF RateLimit fields), and with --rate-limit-key the 429, Retry-After and the ban",
  deprecation: 'Deprecation, Sunset and the successor link of deprecated operations',
  meaning:
    'what headers and fields say: links open the pages they name, counts count, ids name what exists, what counts toward a limit',
  concurrency: 'requests sent at once: ids handed out once, stock taken once, one delete, each Remaining told once',
} as const;

export type CheckKind = keyof typeof CHECK_KINDS;

export const ALL_CHECK_KINDS = Object.keys(CHECK_KINDS) as CheckKind[];

export function isCheckKind(name: string): name is CheckKind {
  return Object.hasOwn(CHECK_KINDS, name);
}
