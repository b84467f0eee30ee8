// Reads the files of a contract given at run time, and nothing else: the first file, the files
// its $refs name under the contract's own folder (symlinks resolved before the check), and URLs
// only under the prefixes the user allowed. Every read is bounded in size, and URLs in time.
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ContractLimits, describeBytes, describeCount, raiseWith } from './contract-limits.js';
import { showPath } from './contract-refusal.js';

/** A file or URL read for the contract. */
export type SourceText = {
  /** Its identity: the real path of a file, or a URL without its fragment. */
  id: string;
  /** How messages name it. */
  shown: string;
  /** What its relative $refs resolve against. */
  base: URL;
  text: string;
};

/** Why a read was refused: the reason and what to do, as a sentence; the caller adds where. */
export class SourceReadError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreadable' | 'reference' | 'limit',
    /** A bound of the whole contract passed (its files, their bytes, its URLs' time): nothing more is read. */
    readonly stopsReading = false,
    /** Where in the file the bound is passed (a file too large): the refusal's place when it is the first file. */
    readonly position?: { line: number; column: number },
  ) {
    super(message);
    this.name = 'SourceReadError';
  }
}

export type SourceReaderOptions = {
  /** URL prefixes whose documents $refs may name (--contract-allow-urls); none by default. */
  allowUrls: readonly string[];
  limits: ContractLimits;
};

export type SourceReader = {
  /** The contract's real folder, as shown: every file of the contract is under it. */
  folderShown: string;
  /** The first file. */
  readRoot(): Promise<SourceText>;
  /** What `target` (a $ref without its fragment, resolved against `from`) names. */
  readTarget(target: URL, from: SourceText): Promise<SourceText>;
  /** Every source read so far, by id. */
  readonly sources: ReadonlyMap<string, SourceText>;
};

const isInside = (folder: string, path: string) => {
  const fromFolder = relative(folder, path);
  return fromFolder !== '' && !fromFolder.startsWith(`..${sep}`) && fromFolder !== '..' && !isAbsolute(fromFolder);
};

/** A prefix names a folder ("https://host/schemas/") or one document exactly. */
function isUnderPrefix(url: URL, prefixes: readonly string[]): boolean {
  if (url.username !== '' || url.password !== '') return false;
  return prefixes.some((prefix) => url.href === prefix || (prefix.endsWith('/') && url.href.startsWith(prefix)));
}

function largeFileError(
  shown: string,
  bytes: number,
  limits: ContractLimits,
  position?: { line: number; column: number },
): SourceReadError {
  return new SourceReadError(
    `${shown} is ${describeBytes(bytes)}, more than the ${describeBytes(limits.fileBytes)} a file of a contract may have ${raiseWith('fileBytes')}. Split it, or check that it is the file meant.`,
    'limit',
    false,
    position,
  );
}

/** Bytes read at a time to find where a file passes its bound: a bound raised high allocates no more. */
const SCAN_CHUNK_BYTES = 1024 * 1024;

/**
 * Refuses a file past the bound, naming the line and column where it passes it: only the bytes
 * up to the bound are read, a chunk at a time, and their line breaks counted (the column counts bytes).
 */
async function refuseLargeFile(
  handle: Awaited<ReturnType<typeof open>>,
  shown: string,
  bytes: number,
  limits: ContractLimits,
): Promise<never> {
  const chunk = Buffer.alloc(Math.min(SCAN_CHUNK_BYTES, limits.fileBytes));
  let line = 1;
  let lineStart = 0;
  let offset = 0;
  while (offset < limits.fileBytes) {
    const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, limits.fileBytes - offset), offset);
    if (bytesRead === 0) break;
    for (let at = chunk.indexOf(10); at !== -1 && at < bytesRead; at = chunk.indexOf(10, at + 1)) {
      line += 1;
      lineStart = offset + at + 1;
    }
    offset += bytesRead;
  }
  throw largeFileError(shown, bytes, limits, { line, column: offset - lineStart + 1 });
}

export async function createSourceReader(rootFile: string, options: SourceReaderOptions): Promise<SourceReader> {
  const { limits } = options;
  const rootPath = resolve(rootFile);
  let folder: string;
  try {
    folder = await realpath(dirname(rootPath));
  } catch (error) {
    throw new SourceReadError(
      `its folder cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Check the path given to --contract.`,
      'unreadable',
    );
  }
  const prefixes = options.allowUrls.map((prefix) => new URL(prefix).href);
  const sources = new Map<string, SourceText>();
  let totalBytes = 0;

  const budget = (shown: string, bytes: number) => {
    if (bytes > limits.fileBytes) throw largeFileError(shown, bytes, limits);
    if (totalBytes + bytes > limits.totalBytes) {
      throw new SourceReadError(
        `the contract's files together pass ${describeBytes(limits.totalBytes)} with ${shown} ${raiseWith('totalBytes')}. Check that its $refs name only the contract's own files.`,
        'limit',
        true,
      );
    }
    if (sources.size + 1 > limits.files) {
      throw new SourceReadError(
        `the contract names more than ${describeCount(limits.files)} files; ${shown} is one too many ${raiseWith('files')}. Check its $refs.`,
        'limit',
        true,
      );
    }
    totalBytes += bytes;
  };

  const remember = (source: SourceText) => {
    sources.set(source.id, source);
    return source;
  };

  async function readFile(path: string, shown: string): Promise<SourceText> {
    const known = sources.get(path);
    if (known) return known;
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      // Without waiting: a named pipe put where a file should be would hold an open for ever.
      handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
      const stats = await handle.stat();
      if (!stats.isFile()) {
        throw new SourceReadError(`${shown} is not a file. Name a JSON or YAML file.`, 'unreadable');
      }
      if (stats.size > limits.fileBytes) await refuseLargeFile(handle, shown, stats.size, limits);
      budget(shown, stats.size);
      const text = (await handle.readFile('utf8')).replace(/^\uFEFF/, '');
      return remember({ id: path, shown, base: pathToFileURL(path), text });
    } catch (error) {
      if (error instanceof SourceReadError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new SourceReadError(
        code === 'ENOENT'
          ? `${shown} does not exist. Check the path (relative to the file that names it).`
          : `${shown} cannot be read (${code ?? (error as Error).message}).`,
        'unreadable',
      );
    } finally {
      await handle?.close();
    }
  }

  /** The real path of a file named inside the folder; anything that leads out of it is refused. */
  async function fileInFolder(path: string): Promise<string> {
    if (!isInside(folder, path)) {
      throw new SourceReadError(
        `it leads outside the contract's folder ${showPath(folder)} (to ${path}). A contract's $refs may only name files under its own folder: copy the file there.`,
        'reference',
      );
    }
    let real: string;
    try {
      real = await realpath(path);
    } catch {
      throw new SourceReadError(
        `${showPath(path)} does not exist. Check the path (relative to the file that names it).`,
        'unreadable',
      );
    }
    if (!isInside(folder, real)) {
      throw new SourceReadError(
        `${showPath(path)} is, through a symbolic link, ${real}: outside the contract's folder ${showPath(folder)}. A contract's $refs may only name files under its own folder: copy the file there.`,
        'reference',
      );
    }
    return real;
  }

  /** Milliseconds all URLs have taken so far: their total is bounded too. */
  let urlMs = 0;

  async function readUrl(url: URL): Promise<SourceText> {
    const known = sources.get(url.href);
    if (known) return known;
    const left = limits.urlsSeconds * 1000 - urlMs;
    if (left <= 0) {
      throw new SourceReadError(
        `${url.href} is not fetched: the contract's URLs took ${limits.urlsSeconds} s together already ${raiseWith('urlsSeconds')}. Copy the documents beside the contract.`,
        'limit',
        true,
      );
    }
    const started = performance.now();
    // One deadline for the whole fetch, its body included: a server that sends a byte at a time
    // would otherwise hold the start for as long as it likes.
    const ownMs = limits.urlSeconds * 1000;
    const deadline = AbortSignal.timeout(Math.min(ownMs, left));
    try {
      const text = await fetchText(url, deadline);
      budget(url.href, Buffer.byteLength(text));
      return remember({ id: url.href, shown: url.href, base: url, text });
    } catch (error) {
      if (error instanceof SourceReadError) throw error;
      if (deadline.aborted) {
        throw new SourceReadError(
          ownMs <= left
            ? `${url.href} did not send the whole document within ${limits.urlSeconds} s ${raiseWith('urlSeconds')}.`
            : `${url.href} did not send the whole document before the contract's URLs had taken ${limits.urlsSeconds} s together ${raiseWith('urlsSeconds')}.`,
          'limit',
        );
      }
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new SourceReadError(`${url.href} cannot be fetched (${cause}).`, 'unreadable');
    } finally {
      urlMs += performance.now() - started;
    }
  }

  /** The document at `url`: no redirect followed, its body read up to the size of a file, by `deadline`. */
  async function fetchText(url: URL, deadline: AbortSignal): Promise<string> {
    const response = await fetch(url, { redirect: 'manual', signal: deadline });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new SourceReadError(
        `${url.href} redirects (${response.status}) to ${response.headers.get('location') ?? 'nowhere said'}; redirects are not followed. Name the final URL.`,
        'reference',
      );
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new SourceReadError(`${url.href} answered ${response.status}, not the document.`, 'unreadable');
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limits.fileBytes) {
      await response.body?.cancel().catch(() => undefined);
      budget(url.href, declared);
    }
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    const reader = response.body?.getReader();
    for (;;) {
      const next = reader ? await reader.read() : { done: true as const, value: undefined };
      if (next.done) break;
      bytes += next.value.byteLength;
      // Stopped as soon as it passes the size of a file: a server may send without end.
      if (bytes > limits.fileBytes) {
        await reader?.cancel().catch(() => undefined);
        budget(url.href, bytes);
      }
      chunks.push(next.value);
    }
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  }

  return {
    folderShown: showPath(folder),
    sources,
    async readRoot() {
      let real: string;
      try {
        real = await realpath(rootPath);
      } catch {
        throw new SourceReadError(
          `${showPath(rootPath)} does not exist. Give --contract the path of the contract's first file (relative to the working directory).`,
          'unreadable',
        );
      }
      if (!isInside(folder, real)) {
        throw new SourceReadError(
          `${showPath(rootPath)} is a symbolic link to ${real}, outside its own folder. Give --contract the file itself.`,
          'reference',
        );
      }
      return readFile(real, showPath(rootPath));
    },
    async readTarget(target, from) {
      if (target.protocol === 'file:') {
        if (from.base.protocol !== 'file:') {
          throw new SourceReadError(
            `a document fetched from ${from.shown} may not name a local file (${target.href}).`,
            'reference',
          );
        }
        let path: string;
        try {
          path = fileURLToPath(target);
        } catch {
          throw new SourceReadError(`${target.href} is not a path of this machine.`, 'reference');
        }
        const real = await fileInFolder(path);
        return readFile(real, showPath(real));
      }
      if (target.protocol === 'http:' || target.protocol === 'https:') {
        if (!isUnderPrefix(target, prefixes)) {
          throw new SourceReadError(
            prefixes.length === 0
              ? `${target.href} is a URL, and URLs are not fetched: a draft could make the mock fetch anything its machine reaches. Copy the document beside the contract, or allow its URL with --contract-allow-urls ${target.origin}/.`
              : `${target.href} is not under a prefix given to --contract-allow-urls (${prefixes.join(', ')}). Add its prefix, or copy the document beside the contract.`,
            'reference',
          );
        }
        return readUrl(target);
      }
      throw new SourceReadError(
        `${target.protocol} $refs are not followed. Name a file under the contract's folder${prefixes.length > 0 ? ' or an allowed http(s) URL' : ''}.`,
        'reference',
      );
    },
  };
}
