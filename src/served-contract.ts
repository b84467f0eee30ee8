// The contract a mock serves and what it decides beside the validator: its resources, the
// fixtures of what it adds, the key fields of its collections. Read once at start, and again
// at each edit of its files with --watch (watchServedContract): an edit that cannot be served
// is named (file, line) and the last good contract keeps serving.
import type { Config } from './config.js';
import { completeFixtures } from './fixtures/contract-fixtures.js';
import { ContractRefusal } from './openapi/contract-source/contract-refusal.js';
import type { ContractWarning } from './openapi/contract-source/lint-contract.js';
import type { ContractDraft } from './openapi/contract-source/read-contract-file.js';
import { type Contract, loadContract } from './openapi/load-contract.js';
import { describeResources, type ResourceModel } from './openapi/resource-model.js';
import { COMPILED_PETSTORE_SPEC_FILE, PETSTORE_SPEC_FILE } from './package-root.js';
import { watchFiles } from './store/data-file-watch.js';
import { type DataSet, freezeDataSet, type KeyFields, keyFieldsOf } from './store/data-set.js';

export type ServedContract = {
  contract: Contract;
  /** The draft given with --contract, if one was. */
  draft?: ContractDraft;
  resources: ResourceModel;
  /** The fixtures of the seed with what the contract adds: every scope shares them (frozen). */
  fixtures: DataSet;
  keyFields: KeyFields;
};

/** The contract served: the one given, read, bundled and checked now (ContractRefusal if it cannot be served), or the built-in one. */
export async function readServedContract(config: Config): Promise<{ contract: Contract; draft?: ContractDraft }> {
  if (config.contract === undefined) return { contract: loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE) };
  // Loaded with a contract given only: a start on the built-in one never loads the reader.
  const { draftContract, readContractFile } = await import('./openapi/contract-source/read-contract-file.js');
  const draft =
    typeof config.contract === 'string'
      ? await readContractFile(config.contract, { allowUrls: config.contractAllowUrls, limits: config.contractLimits })
      : config.contract;
  return { contract: draftContract(draft), draft };
}

/** What the mock decides from a contract, with `baseFixtures` (the seed's) completed for it. */
export async function prepareServedContract(
  read: { contract: Contract; draft?: ContractDraft },
  baseFixtures: DataSet,
): Promise<ServedContract> {
  const resources = describeResources(read.contract);
  return {
    ...read,
    resources,
    fixtures: freezeDataSet(await completeFixtures(baseFixtures, resources, read.contract.document)),
    keyFields: keyFieldsOf([...resources.resources.values()].map((resource) => resource.collection)),
  };
}

/** Local files a draft was read from (URLs are not watched). */
const localSources = (draft: ContractDraft) =>
  draft.sources.filter((source) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(source));

export type ContractWatch = { close(): void };

/**
 * Follows the edits of a draft's files (and of files it comes to reference): each edit is read
 * again and handed to `serve`, which serves it or throws; a refusal is logged with its file and
 * line, and the last good contract keeps serving.
 */
export function watchServedContract(
  config: Config,
  first: ContractDraft,
  serve: (read: { contract: Contract; draft: ContractDraft }) => Promise<void>,
): ContractWatch {
  let watched = localSources(first);
  let closed = false;
  let watcher = watchFiles(watched, reload);
  async function reload(): Promise<void> {
    if (closed || typeof config.contract !== 'string') return;
    const shown = first.shown;
    try {
      const { draftContract, readContractFile } = await import('./openapi/contract-source/read-contract-file.js');
      const draft = await readContractFile(config.contract, {
        allowUrls: config.contractAllowUrls,
        limits: config.contractLimits,
      });
      await serve({ contract: draftContract(draft), draft });
      const sources = localSources(draft);
      if (!closed && sources.join('\n') !== watched.join('\n')) {
        watcher.close();
        watched = sources;
        watcher = watchFiles(watched, reload);
      }
    } catch (error) {
      config.log(
        `The contract ${shown} was edited, and cannot be served: ${error instanceof ContractRefusal ? error.listing : (error as Error).message}\n` +
          'Still serving the last good contract: fix the file and save it again.',
      );
    }
  }
  return {
    close() {
      closed = true;
      watcher.close();
    },
  };
}

/** What an edit changed of the operations, in words: "21 operations; new: listOwners; gone: deleteCategory". */
export function describeChange(before: Contract, after: Contract): string {
  const ids = (contract: Contract) => contract.operations.map((operation) => operation.operationId);
  const [old, now] = [new Set(ids(before)), ids(after)];
  const added = now.filter((id) => !old.has(id));
  const gone = [...old].filter((id) => !now.includes(id));
  return [
    `${now.length} operations`,
    ...(added.length > 0 ? [`new: ${added.join(', ')}`] : []),
    ...(gone.length > 0 ? [`gone: ${gone.join(', ')}`] : []),
  ].join('; ');
}

/** Logs Spectral's warnings on a contract once they come (a watched edit's, after the edit is served). */
export function printWarningsLater(warnings: Promise<readonly ContractWarning[]>, log: (line: string) => void): void {
  void warnings.then(async (found) => {
    if (found.length === 0) return;
    const { renderContractWarnings } = await import('./openapi/contract-source/lint-contract.js');
    log(renderContractWarnings(found));
  });
}
