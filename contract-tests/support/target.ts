// What the suite checks: the target's base URL and keys, and which operations. The runner
// writes this as JSON and names the file in PETSTORE_CONTRACT_CONFIG: the suite's one input.
import { readFileSync } from 'node:fs';

export const CONFIG_VARIABLE = 'PETSTORE_CONTRACT_CONFIG';

export type ContractTarget = {
  /** The implementation's {base_url}, e.g. https://api.example.com/v1. */
  baseUrl: string;
  apiKey: string;
  /** A key the suite may drive to its limit (and into a ban with checkBan). */
  rateLimitKey?: string;
  checkBan?: boolean;
  /** Only these operationIds (all when empty). */
  operations?: string[];
  /** Only operations with one of these tags (all when empty). */
  tags?: string[];
  /** Leave out beta and experimental operations. */
  stableOnly?: boolean;
  /** Most requests the rate-limit check may send to reach a limit. */
  maxRateLimitRequests?: number;
};

let cached: ContractTarget | undefined;

export function contractTarget(): ContractTarget {
  if (cached) return cached;
  const file = process.env[CONFIG_VARIABLE];
  if (!file) {
    throw new Error(
      `The contract suite needs ${CONFIG_VARIABLE}; run it with \`petstore-mock contract --base-url URL --api-key KEY\`.`,
    );
  }
  const target = JSON.parse(readFileSync(file, 'utf8')) as ContractTarget;
  cached = { ...target, baseUrl: target.baseUrl.replace(/\/+$/, '') };
  return cached;
}
