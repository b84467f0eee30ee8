// contract --contract FILE: the version of the contract to check against, read and checked by
// the mock's own reader (a refusal names its file and line), and handed to the suite as one
// bundled JSON document through CONTRACT_DOCUMENT_VARIABLE, before the suite loads the contract.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ContractFlags, contractServerOptions } from '../src/cli/contract-options.js';
import { resolveConfig } from '../src/server/config.js';
import { CONTRACT_DOCUMENT_VARIABLE } from './support/target.js';

export type GivenContract = {
  /** The contract's first file, as shown. */
  shown: string;
  /** Removes the bundled document once the run is over. */
  release(): Promise<void>;
};

export async function useGivenContract(file: string, flags: ContractFlags): Promise<GivenContract> {
  // Its options checked as serve checks them (a URL prefix that is not one is refused the same way).
  const config = resolveConfig({ ...contractServerOptions(flags), contract: file });
  const [{ readContractFile }, { lintContractInBackground, renderContractWarnings }] = await Promise.all([
    import('../src/openapi/contract-source/read-contract-file.js'),
    import('../src/openapi/contract-source/lint-contract.js'),
  ]);
  const draft = await readContractFile(file, { allowUrls: config.contractAllowUrls, limits: config.contractLimits });
  const folder = await mkdtemp(join(tmpdir(), 'petstore-contract-document-'));
  const documentFile = join(folder, 'contract.json');
  await writeFile(documentFile, JSON.stringify(draft.document));
  process.env[CONTRACT_DOCUMENT_VARIABLE] = documentFile;
  const lint = lintContractInBackground(draft);
  void lint.warnings.then((warnings) => {
    if (warnings.length > 0) process.stderr.write(`${renderContractWarnings(warnings)}\n`);
  });
  return {
    shown: draft.shown,
    release: async () => {
      await lint.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
