// The run's table, one line per document for the mock and Prism's mock, with the totals; and the
// JSON report (every 5xx and invalid answer with its violations, every CRUD step) and the mock's
// logs under test-output/real-contracts/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUTPUT_FOLDER } from './catalogue.js';
import type { DocumentFigures, TargetFigures } from './figures.js';

const cell = (figures: TargetFigures | undefined): string[] =>
  !figures
    ? ['', '', '', '', '']
    : !figures.started
      ? ['no start', '', '', '', '']
      : [
          String(figures.requests),
          String(figures.serverErrors),
          String(figures.invalidAnswers),
          `${figures.crudKept}/${figures.crudSteps}`,
          String(figures.invalidRequests),
        ];

export function table(results: DocumentFigures[]): string {
  const header = [
    'document',
    'ops',
    'mock: requests',
    '5xx',
    'invalid',
    'CRUD kept',
    'bad requests',
    'prism: 5xx',
    'invalid',
    'CRUD kept',
    's',
  ];
  const rows = results.map((result) => {
    const [requests = '', errors = '', invalid = '', crud = '', badRequests = ''] = cell(result.mock);
    const [prismStart = '', prismErrors = '', prismInvalid = '', prismCrud = ''] = cell(result.prism);
    return [
      result.name,
      String(result.operations),
      requests,
      errors,
      invalid,
      crud,
      badRequests,
      prismStart === 'no start' ? prismStart : prismErrors,
      prismInvalid,
      prismCrud,
      result.seconds.toFixed(1),
    ];
  });
  const sum = (pick: (result: DocumentFigures) => number) =>
    String(results.reduce((total, result) => total + pick(result), 0));
  const started = results.filter((result) => result.mock.started).length;
  const prismed = results.filter((result) => result.prism);
  rows.push([
    `total (${started}/${results.length} start)`,
    sum((result) => result.operations),
    sum((result) => result.mock.requests),
    sum((result) => result.mock.serverErrors),
    sum((result) => result.mock.invalidAnswers),
    `${sum((result) => result.mock.crudKept)}/${sum((result) => result.mock.crudSteps)}`,
    sum((result) => result.mock.invalidRequests),
    prismed.length ? sum((result) => result.prism?.serverErrors ?? 0) : '',
    prismed.length ? sum((result) => result.prism?.invalidAnswers ?? 0) : '',
    prismed.length
      ? `${sum((result) => result.prism?.crudKept ?? 0)}/${sum((result) => result.prism?.crudSteps ?? 0)}`
      : '',
    '',
  ]);
  const widths = header.map((title, column) =>
    rows.reduce((widest, row) => Math.max(widest, (row[column] ?? '').length), title.length),
  );
  const line = (row: string[]) =>
    row
      .map((text, column) => (column === 0 ? text.padEnd(widths[column] ?? 0) : text.padStart(widths[column] ?? 0)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/** Writes report.json and NAME.mock.log under test-output/real-contracts/; returns the report's path. */
export function writeReport(results: DocumentFigures[]): string {
  mkdirSync(OUTPUT_FOLDER, { recursive: true });
  for (const result of results) writeFileSync(join(OUTPUT_FOLDER, `${result.name}.mock.log`), result.mockLog);
  const path = join(OUTPUT_FOLDER, 'report.json');
  writeFileSync(
    path,
    `${JSON.stringify(
      results.map(({ mockLog: _log, ...rest }) => rest),
      null,
      2,
    )}\n`,
  );
  return path;
}
