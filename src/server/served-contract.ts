// The contract a mock serves and what it decides beside the validator: its resources, the
// fixtures of what it adds, the key fields of its collections. Read once at start, and again
// at each edit of its files with --watch (watchServedContract): an edit that cannot be served
// is named (file, line) and the last good contract keeps serving.

import { completeFixtures } from '../fixtures/contract-fixtures.js';
import { ruledCollections } from '../handlers/index.js';
import { ContractRefusal } from '../openapi/contract-source/contract-refusal.js';
import type { ContractWarning } from '../openapi/contract-source/lint-contract.js';
import type { ContractDraft } from '../openapi/contract-source/read-contract-file.js';
import { type Contract, loadContract } from '../openapi/load-contract.js';
import { describeResources, type ResourceModel } from '../openapi/resource-model.js';
import { COMPILED_PETSTORE_SPEC_FILE, PETSTORE_SPEC_FILE } from '../package-root.js';
import { collectGarbage } from '../store/collect-garbage.js';
import { watchFiles } from '../store/data-file-watch.js';
import { type DataSet, FORMAT_COLLECTIONS, freezeDataSet, type KeyFields, keyFieldsOf } from '../store/data-set.js';
import type { Config } from './config.js';

export type ServedContract = {
  contract: Contract;
  /** The draft given with --contract, if one was. */
  draft?: ContractDraft;
  resources: ResourceModel;
  /** The fixtures of the seed with what the contract adds: every scope shares them (frozen). */
  fixtures: DataSet;
  keyFields: KeyFields;
};

/** Values of a draft past which its read's garbage is collected at once (the Pet Store's has ~6,000). */
const LARGE_DRAFT_VALUES = 100_000;

/** The contract served: the one given, read, bundled and checked now (ContractRefusal if it cannot be served), or the built-in one. */
export async function readServedContract(config: Config): Promise<{ contract: Contract; draft?: ContractDraft }> {
  if (config.contract === undefined) return { contract: loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE) };
  // Loaded with a contract given only: a start on the built-in one never loads the reader.
  const { draftContract, readContractFile } = await import('../openapi/contract-source/read-contract-file.js');
  const draft =
    typeof config.contract === 'string'
      ? await readContractFile(config.contract, { allowUrls: config.contractAllowUrls, limits: config.contractLimits })
      : config.contract;
  // Reading a large draft leaves garbage several times its size (a YAML parser's events: ~150
  // bytes a value), which the validator's load would otherwise pile onto: given back first.
  if (typeof config.contract === 'string' && draft.values > LARGE_DRAFT_VALUES) collectGarbage();
  return { contract: draftContract(draft), draft };
}

/**
 * The seed's fixtures without the Pet Store's lists that the contract does not serve by the Pet
 * Store's rules: another API's data set holds its own collections only (one of the same name,
 * such as its `/pets`, is drawn from its own schema). A draft of the Pet Store (some of its rules
 * still serve) keeps the lists it no longer describes, for the contract that has them.
 */
function withServedListsOnly(
  fixtures: DataSet,
  ruled: ReadonlySet<string>,
  described: (name: string) => boolean,
): DataSet {
  const unserved = FORMAT_COLLECTIONS.filter(
    (collection) => !ruled.has(collection.name) && (ruled.size === 0 || described(collection.name)),
  );
  if (unserved.length === 0) return fixtures;
  const copy: Record<string, unknown> = { ...fixtures, nextId: { ...fixtures.nextId } };
  for (const collection of unserved) {
    delete copy[collection.name];
    if (collection.counter) delete (copy.nextId as Record<string, number>)[collection.counter];
  }
  return copy as DataSet;
}

/** What the mock decides from a contract, with `baseFixtures` (the seed's) completed for it. */
export async function prepareServedContract(
  read: { contract: Contract; draft?: ContractDraft },
  baseFixtures: DataSet,
): Promise<ServedContract> {
  const resources = describeResources(read.contract);
  const ruled = ruledCollections({ contract: read.contract, resources });
  const base = withServedListsOnly(baseFixtures, ruled, (name) => resources.resources.has(name));
  return {
    ...read,
    resources,
    // A draft may narrow the seed's schemas: its records are made to fit (a pet's name under a pattern).
    fixtures: freezeDataSet(
      await completeFixtures(base, resources, read.contract, { fitSeedRecords: read.draft !== undefined }),
    ),
    keyFields: keyFieldsOf([...resources.resources.values()].map((resource) => resource.collection)),
  };
}

/** Local files a draft was read from (URLs are not watched). */
const localSources = (draft: ContractDraft) =>
  draft.sources.filter((source) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(source));

export type ContractWatch = { close(): void };

/**
 * Follows the edits of a draft's files (and of files it comes to reference): each edit is read
 * again and handed to `serve`, which serves it (resolving with the line that says so) or throws;
 * a refusal is logged with its file and line, and the last good contract keeps serving.
 */
export function watchServedContract(
  config: Config,
  first: ContractDraft,
  serve: (read: { contract: Contract; draft: ContractDraft }) => Promise<string>,
): ContractWatch {
  // Only its name is kept: the first draft (its document, its files' text) goes once an edit replaces it.
  const { shown } = first;
  let watched = localSources(first);
  let closed = false;
  let watcher = watchFiles(watched, reload);
  async function takeEdit(file: string): Promise<string> {
    try {
      const { draftContract, readContractFile } = await import('../openapi/contract-source/read-contract-file.js');
      const draft = await readContractFile(file, {
        allowUrls: config.contractAllowUrls,
        limits: config.contractLimits,
      });
      const served = await serve({ contract: draftContract(draft), draft });
      const sources = localSources(draft);
      if (!closed && sources.join('\n') !== watched.join('\n')) {
        watcher.close();
        watched = sources;
        watcher = watchFiles(watched, reload);
      }
      return served;
    } catch (error) {
      return (
        `The contract ${shown} was edited, and cannot be served: ${error instanceof ContractRefusal ? error.listing : (error as Error).message}\n` +
        'Still serving the last good contract: fix the file and save it again.'
      );
    }
  }
  async function reload(): Promise<void> {
    if (closed || typeof config.contract !== 'string') return;
    const outcome = await takeEdit(config.contract);
    // Reading and checking an edit leaves garbage the size of the draft (hundreds of MB for a
    // large one), which V8 gives back only after half a minute of idleness: given back now, once
    // per edit, before the line that tells of it.
    collectGarbage();
    config.log(outcome);
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
    const { renderContractWarnings } = await import('../openapi/contract-source/lint-contract.js');
    log(renderContractWarnings(found));
  });
}
