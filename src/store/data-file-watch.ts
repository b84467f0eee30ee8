// Edits to the data file (and to a contract's files) while serving (serve --watch): the folder is watched, since an editor
// (and the mock's own writes) often replace the file by a rename, which a watch on the file itself
// would not follow. Events come in bursts: one call after they settle, one call at a time.
import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';

const SETTLE_MS = 100;

export function watchFile(path: string, onChange: () => Promise<void>): { close(): void } {
  return watchFiles([path], onChange);
}

/** Watches several files (a contract and the files it references): one call after a burst of edits to any. */
export function watchFiles(paths: readonly string[], onChange: () => Promise<void>): { close(): void } {
  const namesByFolder = new Map<string, Set<string>>();
  for (const path of paths) {
    const names = namesByFolder.get(dirname(path)) ?? new Set<string>();
    names.add(basename(path));
    namesByFolder.set(dirname(path), names);
  }
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const watchers: FSWatcher[] = [...namesByFolder].map(([folder, names]) => {
    const watcher = watch(folder, { persistent: false }, (_event, changed) => {
      if (changed !== null && !names.has(changed)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(onChange, onChange);
      }, SETTLE_MS);
    });
    // A folder removed under the watch ends it; the store's writes say what became of the data.
    watcher.on('error', () => watcher.close());
    return watcher;
  });
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
