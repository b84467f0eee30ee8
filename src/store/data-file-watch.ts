// Edits to the data file while serving (serve --watch): its folder is watched, since an editor
// (and the mock's own writes) often replace the file by a rename, which a watch on the file itself
// would not follow. Events come in bursts: one call after they settle, one call at a time.
import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';

const SETTLE_MS = 100;

export function watchFile(path: string, onChange: () => Promise<void>): { close(): void } {
  const name = basename(path);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const watcher: FSWatcher = watch(dirname(path), { persistent: false }, (_event, changed) => {
    if (changed !== null && changed !== name) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(onChange, onChange);
    }, SETTLE_MS);
  });
  // A folder removed under the watch ends it; the store's writes say what became of the data.
  watcher.on('error', () => watcher.close());
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
