import { describe, expect, it } from '@jest/globals';
import { COMPILED_PETSTORE_SPEC_FILE, PETSTORE_SPEC_FILE } from '../package-root.js';
import { createContractPipeline } from './contract-pipeline.js';
import { ContractError, loadContract } from './load-contract.js';

const options = { validateResponses: true, onResponseViolation: () => undefined };

describe("the contract's pipeline", () => {
  it('is ready once express-openapi-validator has loaded the contract', async () => {
    const contract = loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE);
    await expect(createContractPipeline(contract, options).ready).resolves.toBeUndefined();
  });

  it("fails its start with the validator's own message when the validator cannot load the contract", async () => {
    const contract = loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE);
    const document = structuredClone(contract.document) as { components: { schemas: Record<string, unknown> } };
    document.components.schemas.Pet = { $ref: '#/components/schemas/NoSuchSchema' };
    const ready = createContractPipeline({ ...contract, document }, options).ready;
    await expect(ready).rejects.toThrow(ContractError);
    await expect(ready).rejects.toThrow(/express-openapi-validator cannot load it \(.*NoSuchSchema/);
  });
});
