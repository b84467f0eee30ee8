// What a run records per document and per server judged: whether it started, the requests sent,
// the 5xx answers, the answers the judge found invalid (with their violations), the CRUD steps
// kept; and the comparison of a run with the figures known-gaps.json holds.
import type { Step } from './crud-stories.js';
import type { Answer } from './send.js';

export type Finding = { request: string; status: number; problems: string[]; body: string };

export type TargetFigures = {
  started: boolean;
  startError?: string;
  /** From the spawn to the judge's banner, the server's start and its proxy's together. */
  startSeconds?: number;
  requests: number;
  serverErrors: number;
  invalidAnswers: number;
  /** Requests the judge found invalid: a fault of this harness or of the document's examples, not of the server. */
  invalidRequests: number;
  crudKept: number;
  crudSteps: number;
  /** Every 5xx or invalid answer, with what was wrong. */
  findings: Finding[];
  requestFindings: Finding[];
  stories: Array<{ collection: string; steps: Step[] }>;
};

export type DocumentFigures = {
  name: string;
  operations: number;
  collections: number;
  seconds: number;
  mock: TargetFigures;
  prism?: TargetFigures;
  mockLog: string;
};

export const emptyFigures = (started: boolean): TargetFigures => ({
  started,
  requests: 0,
  serverErrors: 0,
  invalidAnswers: 0,
  invalidRequests: 0,
  crudKept: 0,
  crudSteps: 0,
  findings: [],
  requestFindings: [],
  stories: [],
});

const describe = (violation: Answer['answerViolations'][number]) =>
  `${(violation.location ?? []).join('.')}: ${violation.message}${/error/i.test(String(violation.severity)) ? '' : ` (${violation.severity})`}`;

/** Counts an answer into the figures; returns it for the caller's next step. */
export function tally(figures: TargetFigures, answer: Answer, ownProblems: string[] = []): Answer {
  figures.requests += 1;
  const request = `${answer.method} ${answer.path} (${answer.label})`;
  // Every violation of the answer counts, warnings too: Prism's only warning on an answer is a
  // status the operation does not declare, which breaks the document as much as a wrong body.
  const problems = [...answer.answerViolations.map(describe), ...ownProblems];
  const serverError = answer.status === 0 || answer.status >= 500;
  if (serverError) figures.serverErrors += 1;
  if (problems.length > 0) figures.invalidAnswers += 1;
  if (serverError || problems.length > 0)
    figures.findings.push({
      request,
      status: answer.status,
      problems: answer.error ? [answer.error, ...problems] : problems,
      body: answer.text.slice(0, 600),
    });
  if (answer.requestViolations.length > 0) {
    figures.invalidRequests += 1;
    figures.requestFindings.push({
      request,
      status: answer.status,
      problems: answer.requestViolations.map(describe),
      body: '',
    });
  }
  return answer;
}

/** The figures a document is held to (known-gaps.json): what it gets today. */
export type KnownFigures = {
  started: boolean;
  serverErrors: number;
  invalidAnswers: number;
  crudKept: number;
  crudSteps: number;
};

export const knownOf = (figures: TargetFigures): KnownFigures => ({
  started: figures.started,
  serverErrors: figures.serverErrors,
  invalidAnswers: figures.invalidAnswers,
  crudKept: figures.crudKept,
  crudSteps: figures.crudSteps,
});

/** Where a run is worse than the known figures, and where it is better, in words. */
export function compareWithKnown(
  name: string,
  now: KnownFigures,
  known: KnownFigures | undefined,
): { worse: string[]; better: string[] } {
  if (!known) return { worse: [`${name}: no figures in known-gaps.json; add ${JSON.stringify(now)}`], better: [] };
  const worse: string[] = [];
  const better: string[] = [];
  if (known.started && !now.started) worse.push(`${name}: no longer starts`);
  if (!known.started && now.started) better.push(`${name}: starts now`);
  const fewer = (field: 'serverErrors' | 'invalidAnswers', words: string) => {
    if (now[field] > known[field]) worse.push(`${name}: ${now[field]} ${words} (known: ${known[field]})`);
    if (now[field] < known[field]) better.push(`${name}: ${now[field]} ${words} (known: ${known[field]})`);
  };
  fewer('serverErrors', '5xx answers');
  fewer('invalidAnswers', 'invalid answers');
  if (now.crudKept < known.crudKept) worse.push(`${name}: ${now.crudKept} CRUD steps kept (known: ${known.crudKept})`);
  if (now.crudKept > known.crudKept) better.push(`${name}: ${now.crudKept} CRUD steps kept (known: ${known.crudKept})`);
  return { worse, better };
}
