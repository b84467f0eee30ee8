// The project's own Spectral rules (.spectral.yaml, spec/lint-functions/) run on a bundled
// contract, in this thread. Run by lint-worker.ts on a thread of its own: loading the ruleset
// and linting take 1-2 s, which a start with a draft does not wait for.
import * as fs from 'node:fs';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';
import spectralRuntime from '@stoplight/spectral-runtime';

export type LintFinding = {
  rule: string;
  message: string;
  /** Where in the document, as segments. */
  path: string[];
  severity: 'error' | 'warning' | 'information' | 'hint';
};

const SEVERITIES = ['error', 'warning', 'information', 'hint'] as const;

/** `documentJson`: the bundled document (internal $refs only: Spectral reads nothing else). */
export async function lintDocument(
  documentJson: string,
  rulesetFile: string,
  sourceName: string,
): Promise<LintFinding[]> {
  const spectral = new spectralCore.Spectral();
  spectral.setRuleset(await bundleAndLoadRuleset(rulesetFile, { fs, fetch: spectralRuntime.fetch }));
  const results = await spectral.run(new spectralCore.Document(documentJson, spectralParsers.Json, sourceName));
  return results.map((result) => ({
    rule: String(result.code),
    message: result.message,
    path: result.path.map(String),
    severity: SEVERITIES[result.severity] ?? 'warning',
  }));
}
