// How much a contract file given at run time may ask of the mock. A draft often comes from a pull
// request: these bounds keep a hostile one (a huge file, a YAML alias bomb, a maze of $refs) from
// hanging or exhausting the server. The Pet Store's own contract uses a few percent of each.

export type ContractLimits = Readonly<{
  /** Bytes of one file (or URL) of the contract. */
  fileBytes: number;
  /** Bytes of all its files together. */
  totalBytes: number;
  /** Files (and URLs) read, the first one included. */
  files: number;
  /** Values (objects, arrays, scalars) in the bundled document. */
  nodes: number;
  /** Objects and arrays nested in one another. */
  depth: number;
  /** YAML aliases (*name) in one file; what they expand into counts against `nodes`. */
  aliases: number;
  /** Milliseconds to wait for one URL (with the option that allows them). */
  urlTimeoutMs: number;
}>;

export const DEFAULT_CONTRACT_LIMITS: ContractLimits = Object.freeze({
  fileBytes: 10 * 1024 * 1024,
  totalBytes: 32 * 1024 * 1024,
  files: 1_000,
  nodes: 2_000_000,
  depth: 200,
  aliases: 10_000,
  urlTimeoutMs: 10_000,
});

/** Bytes as a person reads them: 10 MiB, 512 KiB, 300 bytes. */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}
