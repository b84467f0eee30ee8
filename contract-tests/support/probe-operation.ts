// The rate-limit checks' cheap, harmless request: a selected list of one item (one that sends a
// credential and declares the contract's limit headers, where one does), or listCategories when
// none is selected, or any read; a contract of writes only has none, and its limits are not checked.
import { PAGE_SIZE } from '../../src/openapi/page-parameters.js';
import { listOperations, type SpecOperation } from './contract-spec.js';
import { schemesToSend } from './credentials.js';
import { declaresLimitHeaders } from './limit-window.js';
import { pageParameter } from './list-semantics.js';
import { selectedOperations } from './operations.js';
import { pathOf } from './requests.js';
import { CheckSkipped } from './scheduler.js';

/** Why the rate-limit checks are not run on a contract without a probe. */
export const NO_PROBE_REASON = 'the contract has no read (GET) to count requests with';

/**
 * Of `operations`, those that send a credential: a read open to all (Mastodon's account
 * directory beside its token-guarded timelines) counts no key's requests.
 */
const credentialed = (operations: SpecOperation[]) =>
  operations.filter((operation) => schemesToSend(operation).length > 0);

function findProbe(): SpecOperation | undefined {
  const reads = selectedOperations().filter(
    (operation) => operation.method === 'get' && !operation.deprecated && !operation.path.includes('{'),
  );
  // One whose success declares the contract's limit headers, where one does: the checks hold it to them.
  const declaring = reads.filter((operation) =>
    operation.declaredStatuses.some(
      (status) => status.startsWith('2') && declaresLimitHeaders(operation, Number(status)),
    ),
  );
  const tagged = (list: SpecOperation[]) => list.find((operation) => operation.tags.length > 0) ?? list[0];
  const anyReads = listOperations().filter((operation) => operation.method === 'get' && !operation.deprecated);
  return (
    tagged(credentialed(declaring)) ??
    tagged(credentialed(reads)) ??
    tagged(declaring) ??
    tagged(reads) ??
    listOperations().find((operation) => operation.operationId === 'listCategories') ??
    // Another API's reads may all name a record (Twilio's /Accounts/{AccountSid}/...): any of them.
    tagged(credentialed(anyReads)) ??
    tagged(anyReads)
  );
}

let found: { operation: SpecOperation; path: string } | null | undefined;

/** The probe and its path, chosen once; none where the contract has no read (a document of writes only). */
export function foundProbe(): { operation: SpecOperation; path: string } | undefined {
  if (found === undefined) {
    const operation = findProbe();
    found = operation ? { operation, path: pathOfSmallestPage(operation) } : null;
  }
  return found ?? undefined;
}

/** The probe a rate-limit check sends: such checks are registered only where there is one (foundProbe). */
function requiredProbe(): { operation: SpecOperation; path: string } {
  const probe = foundProbe();
  if (!probe) throw new CheckSkipped(NO_PROBE_REASON);
  return probe;
}

export const probeOperation = (): SpecOperation => requiredProbe().operation;

/** The probe's path, asking for the smallest page. */
export const probePath = (): string => requiredProbe().path;

/**
 * `operation`'s path, asking for the smallest page it allows where it takes a page size (`limit`,
 * `size`, `per_page`...): never a parameter it does not declare, which it would refuse.
 */
export function pathOfSmallestPage(operation: SpecOperation): string {
  const path = operation.path.includes('{') ? pathOf(operation, {}) : operation.path;
  const size = pageParameter(operation, PAGE_SIZE);
  if (!size) return path;
  return `${path}?${size.name}=${Math.max(1, Number(size.schema.minimum ?? 1))}`;
}
