// The project's Spectral rules on a contract given at run time (Spectral's OpenAPI rules, and for
// a draft of the Pet Store its own), as warnings at their file and line, never refusals: a draft
// may lack a 429 response, and the mock still limits it. Spectral
// takes 1-2 s, so it runs on a worker thread started after the server listens: a start with a
// draft does not wait for it, and the warnings are printed when they arrive.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PACKAGE_ROOT, SPECTRAL_RULESET_FILE } from '../../package-root.js';
import { toPointer } from './bundle-document.js';
import { describeCount, raiseWith } from './contract-limits.js';
import { describePlace } from './contract-refusal.js';
import type { LintReply, LintRequest } from './lint-worker.js';
import { type ContractDraft, READING_RULES } from './read-contract-file.js';
import type { LintFinding } from './spectral-lint.js';

export type ContractWarning = {
  /** The Spectral rule, e.g. petstore-operation-declares-429. */
  rule: string;
  message: string;
  /** Where in the bundled document. */
  pointer: string;
  /** Where it is written (file as shown, 1-based line and column), when known. */
  file: string;
  line?: number;
  column?: number;
  /** The rule's own severity in the ruleset; every finding is a warning here all the same. */
  severity: LintFinding['severity'];
};

export type ContractLint = {
  warnings: Promise<readonly ContractWarning[]>;
  /** Stops the thread if it still runs (the server closes). */
  stop(): Promise<void>;
};

const READING_RULE_NAMES: ReadonlySet<string> = new Set(READING_RULES);

/** Spectral is given this long; a draft that keeps it busier is not worth the machine. */
const LINT_TIMEOUT_MS = 60_000;

/** The compiled worker: beside this module in dist/, or dist/'s when running from the TypeScript (tests). */
function workerFile(): URL | undefined {
  const beside = new URL('./lint-worker.js', import.meta.url);
  if (existsSync(beside)) return beside;
  const built = join(PACKAGE_ROOT, 'dist', 'src', 'openapi', 'contract-source', 'lint-worker.js');
  return existsSync(built) ? pathToFileURL(built) : undefined;
}

function lintFailure(draft: ContractDraft, why: string): ContractWarning[] {
  return [
    {
      rule: 'spectral',
      message: `the project's Spectral rules could not run (${why}); the contract is served unlinted.`,
      pointer: '',
      file: draft.shown,
      severity: 'warning',
    },
  ];
}

/** Spectral holds ~300 bytes a value: a document past the bound would take the machine's memory (~600 MB for two million). */
function tooLargeToLint(draft: ContractDraft): ContractWarning {
  return {
    rule: 'spectral',
    message: `the project's Spectral rules were not run: the contract holds ${describeCount(draft.values)} values, more than the ${describeCount(draft.limits.lintValues)} linted at most ${raiseWith('lintValues')}; the contract is served unlinted (run Spectral on it in a step of its own).`,
    pointer: '',
    file: draft.shown,
    severity: 'warning',
  };
}

function toWarning(draft: ContractDraft, finding: LintFinding): ContractWarning {
  const place = draft.locate(finding.path);
  return {
    rule: finding.rule,
    message: finding.message,
    pointer: toPointer(finding.path),
    file: place?.file ?? draft.shown,
    ...(place ? { line: place.line, column: place.column } : {}),
    severity: finding.severity,
  };
}

/** The project's own rules, which encode the Pet Store interface's rules (.spectral.yaml). */
const PETSTORE_RULE_PREFIX = 'petstore-';

/**
 * Whether a contract is a draft of the Pet Store (it keeps the Pet Store's error catalogue or its
 * plans): the Pet Store's own rules are held against it. Another API's document gets Spectral's
 * OpenAPI rules only: an x-error-codes catalogue is no rule of its.
 */
const isPetStoreDraft = (draft: ContractDraft) =>
  draft.document['x-error-codes'] !== undefined || draft.document['x-rate-limits'] !== undefined;

export type LintOptions = {
  /** Start the thread this long from now: a server's first answer comes first (its thread costs ~0.1-0.2 s of CPU to start). */
  startAfterMs?: number;
  timeoutMs?: number;
};

/** Set to `off`, a given contract is not linted (a CI job that runs Spectral on it in a step of its own). */
export const LINT_SWITCH = 'PETSTORE_MOCK_LINT';

export function lintContractInBackground(draft: ContractDraft, options: LintOptions = {}): ContractLint {
  const { startAfterMs = 0, timeoutMs = LINT_TIMEOUT_MS } = options;
  if (process.env[LINT_SWITCH] === 'off')
    return { warnings: Promise.resolve(draft.warnings), stop: async () => undefined };
  if (draft.values > draft.limits.lintValues) {
    return { warnings: Promise.resolve([...draft.warnings, tooLargeToLint(draft)]), stop: async () => undefined };
  }
  const file = workerFile();
  if (!file) {
    return {
      warnings: Promise.resolve([
        ...draft.warnings,
        ...lintFailure(draft, 'its worker is not built: run npm run build'),
      ]),
      stop: async () => undefined,
    };
  }
  let worker: Worker | undefined;
  let settle: (result: readonly ContractWarning[]) => void = () => undefined;
  const warnings = new Promise<readonly ContractWarning[]>((resolve) => {
    const timer = setTimeout(
      () => settle(lintFailure(draft, `it took more than ${timeoutMs / 1000} s`)),
      startAfterMs + timeoutMs,
    );
    timer.unref();
    settle = (result) => {
      settle = () => undefined;
      clearTimeout(timer);
      clearTimeout(start);
      // Told once the thread is gone: whoever waits for the warnings (or the stop) has its memory back.
      const ended = worker?.terminate() ?? Promise.resolve();
      void ended.then(
        () => resolve(result),
        () => resolve(result),
      );
    };
  });
  const start = setTimeout(() => {
    const request: LintRequest = {
      documentJson: JSON.stringify(draft.document),
      rulesetFile: SPECTRAL_RULESET_FILE,
      sourceName: draft.file,
    };
    worker = new Worker(file, { workerData: request, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    // The thread never keeps the process alive: a server that closes is not held up by its lint.
    worker.unref();
    const ours = isPetStoreDraft(draft);
    worker.once('message', (reply: LintReply) =>
      settle(
        'error' in reply
          ? lintFailure(draft, reply.error)
          : reply.findings
              .filter((finding) => ours || !finding.rule.startsWith(PETSTORE_RULE_PREFIX))
              .map((finding) => toWarning(draft, finding)),
      ),
    );
    worker.once('error', (error) => settle(lintFailure(draft, error.message)));
    worker.once('exit', (code) => settle(lintFailure(draft, `its thread ended (exit code ${code})`)));
  }, startAfterMs);
  start.unref();
  return {
    // The reading's own warnings (read-contract-file.ts) first, printed with Spectral's.
    warnings: warnings.then((found) => [...draft.warnings, ...found]),
    // Stopped before it finished (the server closes, an edit replaces the contract): nothing to say.
    stop: async () => {
      settle([]);
      await warnings;
    },
  };
}

/** The warnings as the commands print them, one per line with its place; empty when there are none. */
export function renderContractWarnings(warnings: readonly ContractWarning[]): string {
  const fromReading = warnings.filter((warning) => READING_RULE_NAMES.has(warning.rule));
  const fromSpectral = warnings.filter((warning) => !READING_RULE_NAMES.has(warning.rule));
  const block = (found: readonly ContractWarning[], source: string) =>
    found.length === 0
      ? []
      : [
          `  Contract warnings (${found.length}), from ${source} (warnings only: the contract is used all the same):`,
          ...found.map((warning) => `    ${describePlace(warning)}  ${warning.message} (${warning.rule})`),
          '',
        ];
  return [...block(fromReading, 'reading it'), ...block(fromSpectral, "the project's Spectral rules")].join('\n');
}
